package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * The match records keep one entry per directed pair of processes with messages, until the join:
 * at 10^5 ranks a stencil has 587,000 of them (issue 41 item 6). Taking a location's streams
 * allocates, per pair, the pair (48 bytes: its one stream a side in fields, its place in the
 * sender's chain) and its share of the list of pairs and of the per-sender chain heads: 81 bytes
 * measured. Before, a list of one per side (24 each) and a primitive table keyed by the pair
 * besides the pair: 168 bytes; before that, a map of boxed keys: 481 bytes.
 */
class ManyPairsTest {
    private static final int PROCESSES = 20_000;
    private static final int[] OFFSETS = {1, 30, 900, PROCESSES - 1, PROCESSES - 30, PROCESSES - 900};

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        int[] all = new int[PROCESSES];
        for (int i = 0; i < PROCESSES; i++) {
            b.addProcess("p" + i, null);
            all[i] = i;
        }
        b.addRegion("MPI_Send", true);
        b.addCommunicator(all);
        return b.ticksPerSecond(1).build();
    }

    @Test
    void aPairCostsFewBytesAndPairsComeInSenderReceiverOrder() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        List<List<RecordStream>> sends = new ArrayList<>();
        List<List<RecordStream>> receives = new ArrayList<>();
        for (int p = 0; p < PROCESSES; p++) {
            List<RecordStream> s = new ArrayList<>();
            List<RecordStream> r = new ArrayList<>();
            for (int offset : OFFSETS) {
                int partner = (p + offset) % PROCESSES;
                s.add(new RecordStream(p, p, partner));
                r.add(new RecordStream(p, p, partner));
            }
            sends.add(s);
            receives.add(r);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int p = 0; p < PROCESSES; p++) {
            records.add(sends.get(p), receives.get(p), List.of());
        }
        long perPair = (threads.getCurrentThreadAllocatedBytes() - before) / ((long) PROCESSES * OFFSETS.length);
        assertTrue(perPair < 100, perPair + " bytes allocated per directed pair");

        List<MatchRecords.PairStreams> pairs = records.pairs();
        assertEquals(PROCESSES * OFFSETS.length, pairs.size());
        for (int i = 1; i < pairs.size(); i++) {
            MatchRecords.PairStreams a = pairs.get(i - 1);
            MatchRecords.PairStreams b = pairs.get(i);
            assertTrue(a.sender < b.sender || a.sender == b.sender && a.receiver < b.receiver, "order at " + i);
        }
        // pair (0, 1): process 0's send stream to 1 and process 1's receive stream from 0
        MatchRecords.PairStreams first = pairs.get(0);
        assertEquals(1, first.receiver);
        assertSame(sends.get(0).get(0), first.sends().get(0));
        assertSame(receives.get(1).get(3), first.receives().get(0));
    }

    /**
     * A sender's pairs are chained up to 16 and then all moved to the table; a sender beyond the
     * processes (a rank a message names that the definitions lack) is never chained. Each pair is one
     * entry however its streams come (here each side's stream added twice, so each side holds two).
     */
    @Test
    void sendersWithManyPartnersAndRanksBeyondTheProcessesKeepOneEntryAPair() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        int beyond = PROCESSES + 7;
        for (int round = 0; round < 2; round++) {
            List<RecordStream> sends = new ArrayList<>();
            for (int partner = 1; partner <= 40; partner++) { // process 0 sends to 40 partners: past the chain's 16
                sends.add(new RecordStream(0, 0, partner));
            }
            // process 5 receives from a rank beyond the processes, and from 0
            records.add(sends, List.of(new RecordStream(5, 5, beyond), new RecordStream(5, 5, 0)), List.of());
        }
        List<MatchRecords.PairStreams> pairs = records.pairs();
        assertEquals(41, pairs.size()); // (0, 1..40) and (beyond, 5); (0, 5) among the first
        for (MatchRecords.PairStreams p : pairs) {
            int expectedSends = p.sender == 0 ? 2 : 0;
            int expectedReceives = p.receiver == 5 ? 2 : 0;
            assertEquals(expectedSends, p.sends().size(), p.sender + " -> " + p.receiver);
            assertEquals(expectedReceives, p.receives().size(), p.sender + " -> " + p.receiver);
        }
        assertEquals(beyond, pairs.get(40).sender);
    }
}
