package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** TickBins: whole ticks per bin through coarsening, and two threads' bins added up, against arithmetic. */
class TickBinsTest {
    private static long[] ticks(TickBins b) {
        long[] t = new long[b.bins];
        for (int i = 0; i < t.length; i++) {
            t[i] = (long) b.ticks(StateClass.WAITING, i);
        }
        return t;
    }

    @Test
    void coarsensAndAddsWholeTicks() {
        TickBins b = new TickBins(0, 4, 1);
        b.add(0, 3); // width 1: 1 1 1 0
        assertEquals(1, b.width);
        b.add(2, 10); // ends past 4 ticks: width 2 covers 8, width 4 covers 16
        assertEquals(4, b.width);
        // [0,3) -> 3 in [0,4); [2,10) -> 2 in [0,4), 4 in [4,8), 2 in [8,12)
        assertEquals("[5, 4, 2, 0]", java.util.Arrays.toString(ticks(b)));
        assertEquals(0f, b.ticks(StateClass.COMPUTE, 0));
    }

    @Test
    void twoThreadsAddUpToOne() {
        TickBins one = new TickBins(100, 4, 1), first = new TickBins(100, 4, 1), second = new TickBins(100, 4, 1);
        long[][] intervals = {{100, 103}, {102, 110}, {99, 101}, {105, 131}, {130, 140}};
        for (int i = 0; i < intervals.length; i++) {
            one.add(intervals[i][0], intervals[i][1]);
            (i % 2 == 0 ? first : second).add(intervals[i][0], intervals[i][1]);
        }
        first.add(second);
        assertEquals(one.width, first.width);
        assertEquals(java.util.Arrays.toString(ticks(one)), java.util.Arrays.toString(ticks(first)));
        // width 16 covers 64 ticks from 100: 3 + 8 + 1 (from 100) + 26 + 10 = 48 ticks in all
        assertEquals(16, one.width);
        assertEquals(48, java.util.Arrays.stream(ticks(one)).sum());
    }
}
