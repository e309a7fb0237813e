package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** Which of a call's messages it waited for last (definitions section 8). */
class CallWaitsTest {
    /**
     * A send later in time is the later one whatever its rank; one as late is the later one only from a lower
     * rank (ties: the lowest sender rank); an earlier one never is. Differences up to the longs' extremes.
     */
    @Test
    void laterSendOrTieFromALowerRank() {
        for (int dRank : new int[] {Integer.MIN_VALUE + 1, -5, -1, 0, 1, 5, Integer.MAX_VALUE}) {
            assertTrue(CallWaits.later(1, dRank));
            assertTrue(CallWaits.later(Long.MAX_VALUE, dRank));
            assertFalse(CallWaits.later(-1, dRank));
            assertFalse(CallWaits.later(Long.MIN_VALUE + 1, dRank));
        }
        assertTrue(CallWaits.later(0, -1));
        assertTrue(CallWaits.later(0, -63));
        assertFalse(CallWaits.later(0, 0));
        assertFalse(CallWaits.later(0, 1));
        assertFalse(CallWaits.later(0, 63));
    }

    /**
     * The messages of calls that completed several receives, spilled by two join threads in any order (buckets
     * alternating, a call's messages apart), come back combined per call, by location, bucket and call: each call waits
     * {@code min(leave - enter - off, latest send - o(receiver) - enter)} with the send's enter less the call's ticks
     * off plus its sender's offset, charged to the latest sender (ties: the lowest rank); a call whose sends all came
     * before it waits nothing. A receiver other than its stream's first (flagged in the record) keeps its own.
     */
    @Test
    void spilledMessagesCombinePerCall() {
        long[] o = {0, 3, 0, 0, 0, 0, 0, 5}; // offsets by process
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            CallWaits calls = new CallWaits(store);
            CallWaits.Spill first = calls.spill(), second = calls.spill();
            // location 3 (process 1): call 5, enter 100, leave 200; sends from 2 at 150, 0 at 170, 4 at 170
            first.add(message(1, 3, 5, 100, 200, 0, 2, 150));
            // location 3, call 70,000 (the next bucket): enter 1000, leave 1100, 30 ticks off; send from 2 at 1090
            first.add(message(1, 3, 70_000, 1000, 1100, 30, 2, 1090));
            first.add(message(1, 3, 5, 100, 200, 0, 4, 170));
            second.add(message(1, 3, 5, 100, 200, 0, 0, 170));
            // location 3, call 6, but process 7 receiving (its own offset): enter 300, leave 400; send from 1 at 390
            first.add(message(7, 3, 6, 300, 400, 0, 1, 390));
            // location 4 (process 2): call 9, enter 500, leave 600; its one send entered at 450, before it
            second.add(message(2, 4, 9, 500, 600, 0, 3, 450));
            List<long[]> charged = new ArrayList<>();
            calls.charge(o, (process, cause, enter, leave, ticks) -> charged.add(new long[] {process, cause, enter, leave, ticks}));
            assertEquals(3, charged.size());
            // call 5: latest send 170 (0 and 4 tie: rank 0), 170 + 0 - o(1) 3 - 100 = 67 < 100
            assertArrayEquals(new long[] {1, 0, 100, 200, 67}, charged.get(0));
            // call 6: 390 + o(1) 3 - o(7) 5 - 300 = 88 < 100
            assertArrayEquals(new long[] {7, 1, 300, 400, 88}, charged.get(1));
            // call 70,000: min(1100 - 1000 - 30 = 70, 1090 - 30 + 0 - 3 - 1000 = 57)
            assertArrayEquals(new long[] {1, 2, 1000, 1100, 57}, charged.get(2));
        }
    }

    private static MatchedMessage message(int receiver, long location, long call, long enter, long leave, long off, int sender, long sendEnter) {
        MatchedMessage m = new MatchedMessage();
        m.receiver = receiver;
        m.sender = sender;
        m.send(sendEnter, sendEnter, sendEnter + 1, MpiCall.OTHER_MPI, -1, 0);
        m.receive(leave, enter, leave, MpiCall.OTHER_MPI, enter, location, call, -1, off);
        return m;
    }
}
