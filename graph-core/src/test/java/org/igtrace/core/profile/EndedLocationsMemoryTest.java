package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;
import org.junit.jupiter.api.Test;

/**
 * Every location's accumulator is kept until the whole trace is read, so what one keeps after its
 * end is paid once per process (issue 41 item 6: memory proportional to the processes present).
 * A stencil location (6 partners, sends and receives) keeps its counters in arrays of their exact
 * length: the accumulator (about 210 bytes), its gaps (about 90) and two lists of 6 pairs (about
 * 230 each) come to about 760 bytes (615 measured). Before, three pair tables of 32 slots each
 * (856 bytes each, one of them empty: no modelled collectives) were kept: about 2,860 bytes per
 * location (2,719 measured), 0.3 GB of the heap of a 10^5-rank stencil.
 */
class EndedLocationsMemoryTest {
    private static final int PROCESSES = 5_000; // over LocationAccumulator.DENSE_PARTNERS: the pair tables count directly
    private static final int[] OFFSETS = {1, 70, 4_900, PROCESSES - 1, PROCESSES - 70, PROCESSES - 4_900};

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

    private static long usedAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    @Test
    void anEndedStencilLocationKeepsUnderAKilobyte() {
        TraceDefinitions definitions = definitions();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        int locations = 4 * PROCESSES;
        List<LocationAccumulator> kept = new ArrayList<>(locations);
        TraceAccumulator accumulator = new TraceAccumulator(definitions, false);
        long before = usedAfterGc(memory);
        for (int i = 0; i < locations; i++) {
            int p = i % PROCESSES;
            LocationAccumulator l = accumulator.location(p, i);
            for (int offset : OFFSETS) {
                int partner = (p + offset) % PROCESSES;
                l.send(10, partner, 0, 0, 8 + offset);
                l.receive(20, partner, 0, 0, 16 + offset);
            }
            l.end();
            kept.add(l);
        }
        long perLocation = (usedAfterGc(memory) - before) / locations;
        assertTrue(perLocation < 1_200, perLocation + " bytes kept per ended location");

        // what is kept still counts the same: 6 partners a side, the bytes as sent
        LocationAccumulator first = kept.get(0);
        PairCounters sends = first.sends();
        assertEquals(6, sends.size());
        assertEquals(8 + 70, sends.bytes(0, 70), 0);
        assertEquals(1, first.receives().messages(4_900, 0));
        assertEquals(0, first.collectiveTraffic().size());
    }
}
