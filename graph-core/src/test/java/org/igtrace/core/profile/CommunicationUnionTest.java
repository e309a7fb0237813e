package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A process's Tcomm_i with several threads in MPI: the time in which any of them was in a call, each thread's calls
 * less its own time off (definitions section 3). The expected numbers are sums of the intervals written out.
 */
class CommunicationUnionTest {
    private static CallIntervals calls(long... pairs) {
        CallIntervals c = new CallIntervals(new AtomicLong(CallIntervals.BUDGET_BYTES));
        for (int i = 0; i < pairs.length; i += 2) {
            c.add(pairs[i], pairs[i + 1]);
        }
        return c;
    }

    private static CommunicationUnion.Thread thread(CallIntervals c, long... off) {
        return new CommunicationUnion.Thread(c, off);
    }

    @Test
    void threadsTakingTurnsAddUp() {
        // thread 0 in MPI [0, 100] and [200, 300], thread 1 [100, 200] and [300, 450]: 450 in all, the busiest 250
        long t = CommunicationUnion.ticks(List.of(thread(calls(0, 100, 200, 300)), thread(calls(100, 200, 300, 450))));
        assertEquals(450, t);
    }

    @Test
    void threadsInMpiAtOnceCountThatTimeOnce() {
        // [10, 110] and [60, 160] overlap for 50: 150; and a third thread [500, 510] apart: 160
        long t = CommunicationUnion.ticks(List.of(thread(calls(10, 110)), thread(calls(60, 160)), thread(calls(500, 510))));
        assertEquals(160, t);
    }

    @Test
    void aThreadsTimeOffIsLeftOutOfItsOwnCallsOnly() {
        // thread 0's call [0, 100] with recording off [20, 50] and [90, 120]: 20 + 40 = 60 of its own;
        // thread 1's call [40, 60] covers [40, 50], which thread 0 did not record: 60 + 10 = 70
        long alone = CommunicationUnion.ticks(List.of(thread(calls(0, 100), 20, 50, 90, 120)));
        assertEquals(60, alone);
        long both = CommunicationUnion.ticks(List.of(thread(calls(0, 100), 20, 50, 90, 120), thread(calls(40, 60))));
        assertEquals(70, both);
    }

    @Test
    void callsSurviveTheCompactForm() {
        // gaps and lengths beyond one varint byte (2^7) and beyond four (2^28): each interval read back as written
        CallIntervals c = calls(5, 6, 1000, 300_000, 1L << 40, (1L << 40) + 3);
        CallIntervals back = CallIntervals.ofBytes(c.toBytes(), c.calls(), true);
        CallIntervals.Cursor k = back.cursor();
        long[] expected = {5, 6, 1000, 300_000, 1L << 40, (1L << 40) + 3};
        for (int i = 0; i < expected.length; i += 2) {
            assertTrue(k.next());
            assertEquals(expected[i], k.start);
            assertEquals(expected[i + 1], k.end);
        }
        assertFalse(k.next());
        assertEquals(3, back.calls());
    }

    @Test
    void aCallBeforeThePreviousEndIsTakenFromThatEnd() {
        // a damaged timestamp: [100, 200] then [150, 180] is kept as [200, 200]: 100 in all, not 130
        assertEquals(100, CommunicationUnion.ticks(List.of(thread(calls(100, 200, 150, 180)))));
    }

    @Test
    void aLogBeyondItsBudgetIsDroppedWhole() {
        AtomicLong budget = new AtomicLong(4096);
        CallIntervals c = new CallIntervals(budget);
        for (long i = 0; i < 10_000; i++) {
            c.add(i * 1000, i * 1000 + 500);
        }
        assertFalse(c.complete());
        assertEquals(0, c.toBytes().length);
        assertEquals(4096, budget.get(), "the bytes it took are given back");
    }
}
