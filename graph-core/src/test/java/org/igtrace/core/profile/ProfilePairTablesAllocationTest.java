package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The pair tables of the profile (issue 41 item 6): each location's three tables were made for 16 pairs (3 x 768
 * bytes, then dropped at its end for lists of the exact length), and the totals' tables started at 16 pairs and
 * doubled, moving every pair each time, up to the trace's hundreds of thousands of pairs. A location's tables are now
 * made for 4 pairs and the totals' for the sum of the locations' pairs. Bytes allocated by this thread (not timed).
 */
class ProfilePairTablesAllocationTest {
    private static final int PROCESSES = 5_000; // over LocationAccumulator.DENSE_PARTNERS: the pair tables count directly
    private static final int[] OFFSETS = {1, 70, PROCESSES - 1, PROCESSES - 70};

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        int[] all = new int[PROCESSES];
        for (int i = 0; i < PROCESSES; i++) {
            b.addProcess("P" + i, null);
            all[i] = i;
        }
        b.addRegion("MPI_Send", false);
        b.addCommunicator(all);
        return b.build();
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** A 2-D stencil's traffic: each process sends to and receives from 4 partners. */
    private static TraceAccumulator read(TraceDefinitions definitions) {
        TraceAccumulator accumulator = new TraceAccumulator(definitions, false);
        for (int p = 0; p < PROCESSES; p++) {
            LocationAccumulator l = accumulator.location(p, p);
            for (int offset : OFFSETS) {
                int partner = (p + offset) % PROCESSES;
                l.send(10, partner, 0, 0, 8 + offset);
                l.receive(20, partner, 0, 0, 8 + (PROCESSES - offset) % PROCESSES);
            }
            l.end();
        }
        return accumulator;
    }

    @Test
    void locationsAndTotalsAllocateLittlePerPair() {
        TraceDefinitions definitions = definitions();
        read(definitions).profile(); // classes loaded
        long before = allocated();
        TraceAccumulator accumulator = read(definitions);
        long perLocation = (allocated() - before) / PROCESSES;
        before = allocated();
        TraceProfile profile = accumulator.profile();
        long perPair = (allocated() - before) / profile.pairs().size();
        assertEquals(2 * PROCESSES, profile.pairs().size()); // {p, p+1} and {p, p+70} for every p, around the ring
        // {0,1}: 0 -> 1 at offset 1 sends 8 + 1 bytes, 1 -> 0 at offset 4,999 sends 8 + 4,999 (the send side counts)
        assertEquals(9 + 5_007, profile.pairs().get(0).bytes(), 0);
        assertTrue(perLocation < 2_500, // 3,447 with tables for 16 pairs, 1,719 for 4
                perLocation + " bytes allocated per location read");
        assertTrue(perPair < 1_050, // 1,241 with the totals doubled from 16 pairs, 927 sized once
                perPair + " bytes allocated per pair of the profile");
    }

    /**
     * 64 processes of 64 threads each, every thread sending to and receiving from its process's 4 partners: the
     * totals' tables are sized for the 512 directed pairs of the processes, not for the 64 x 512 the threads' own
     * tables hold together (2.85 MB allocated with the tables sized from the sum, 1.30 MB now; review of 2026-11-29).
     */
    @Test
    void threadsSharingTheirPartnersDoNotMultiplyTheTotalsTables() {
        int processes = 64, threads = 64;
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        int[] all = new int[processes];
        for (int i = 0; i < processes; i++) {
            b.addProcess("P" + i, null);
            all[i] = i;
        }
        b.addRegion("MPI_Send", false);
        b.addCommunicator(all);
        TraceDefinitions definitions = b.build();
        java.util.function.Supplier<TraceAccumulator> read = () -> {
            TraceAccumulator accumulator = new TraceAccumulator(definitions, false);
            for (int p = 0; p < processes; p++) {
                for (int t = 0; t < threads; t++) {
                    LocationAccumulator l = accumulator.location(p, (long) p * threads + t);
                    for (int offset : new int[] {1, 2, processes - 1, processes - 2}) {
                        l.send(10, (p + offset) % processes, 0, 0, 8);
                        l.receive(20, (p + offset) % processes, 0, 0, 8);
                    }
                    l.end();
                }
            }
            return accumulator;
        };
        read.get().profile(); // classes loaded
        TraceAccumulator accumulator = read.get();
        long before = allocated();
        TraceProfile profile = accumulator.profile();
        long bytes = allocated() - before;
        assertEquals(2 * processes, profile.pairs().size()); // {p, p+1} and {p, p+2} around the ring
        assertEquals(threads * 8 * 2, profile.pairs().get(0).bytes(), 0); // {0,1}: each of 64 threads sends 8 bytes 0 -> 1 (offset 1) and 1 -> 0 (offset 63)
        assertTrue(bytes < 2_000_000, bytes + " bytes allocated by the profile's merge");
    }
}
