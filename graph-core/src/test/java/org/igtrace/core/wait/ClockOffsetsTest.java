package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The offset choice of {@link ClockOffsets} on constraints small enough to solve by hand. */
class ClockOffsetsTest {

    /**
     * Ranks 1, 2, 3 send to rank 0, whose receives were waiting; the quickest transfers are 3, 4
     * and 5 ticks, but rank 3's clock is 1000 ahead: its message reads 995 ticks early. Constraints
     * o_0 >= o_s + d_s0 with d_10 = -3, d_20 = -4, d_30 = 995. The smallest offsets move rank 0 by
     * 995, which makes ranks 1 and 2 look 998 and 999 ticks slow. The violated constraint (d_30 > 0)
     * touches ranks 3 and 0, and every pair touches rank 0: no pair is clean, so the band is [0, 3]
     * (up to the quickest transfer not in conflict, rank 1's; no floor without clean pairs). Every
     * corrected transfer can lie in it (cost 0): o_1 - o_0 in [0, 3], o_2 - o_0 in [1, 4],
     * o_0 - o_3 in [995, 998]. The smallest such offsets: o_3 = 0, o_0 = 995, o_1 = 995, o_2 = 996
     * (2,986 ticks above the lowest); the largest below a common level C: o_1 = o_2 = C,
     * o_0 = C - 1, o_3 = C - 996 (997 ticks below it), which move fewer: those, shifted to start
     * at 0: o = (995, 996, 996, 0), corrected transfers 2, 3 and 0.
     */
    @Test
    void oneWayStarCorrectsTheSenderThatIsOff() {
        int[] from = {1, 2, 3}, to = {0, 0, 0};
        long[] d = {-3, -4, 995};
        assertArrayEquals(new long[] {995, 0, 0, 0}, ClockOffsets.solve(4, from, to, d, 3).ticks(), "the smallest offsets");
        ClockOffsets chosen = ClockOffsets.solve(4, from, to, d, 3, transfers(from, to, new long[] {3, 4, -995}));
        assertTrue(chosen.settled());
        assertArrayEquals(new long[] {995, 996, 996, 0}, chosen.ticks());
        assertArrayEquals(new boolean[] {false, true, true, true}, chosen.bounded(),
                "no rank has messages both ways; rank 0 is the reference (lowest rank among equal components)");
    }

    /**
     * Messages both ways between 0 and 1 (o_1 >= o_0 + 7, o_0 >= o_1 - 9): the sum's terms cancel
     * (c = 0), so the smallest offsets stand, o = (0, 7); both offsets are determined.
     */
    @Test
    void messagesBothWaysKeepTheSmallestOffsets() {
        ClockOffsets chosen = ClockOffsets.solve(2, new int[] {0, 1}, new int[] {1, 0}, new long[] {7, -9}, 2,
                ClockOffsets.Transfers.NONE);
        assertArrayEquals(new long[] {0, 7}, chosen.ticks());
        assertArrayEquals(new boolean[] {false, false}, chosen.bounded());
    }

    /**
     * A barrier ties 0, 1 and 2 both ways (o_q - o_p in [-5, 5] for every pair); rank 3 only sends
     * to rank 2 (d_32 = -2, its receive waiting: a transfer of 2 ticks, the ceiling). Nothing is
     * in conflict, and at o = 0 the one transfer is not above the ceiling: the offsets stay 0 (issue 13's
     * choice made that transfer 0 with o_3 = 2). Rank 3's offset is only bounded; the barrier's
     * three are determined.
     */
    @Test
    void barrierDeterminesItsMembersOnly() {
        int[] from = {0, 1, 0, 2, 1, 2, 3}, to = {1, 0, 2, 0, 2, 1, 2};
        long[] d = {-5, -5, -5, -5, -5, -5, -2};
        ClockOffsets chosen = ClockOffsets.solve(4, from, to, d, 7, transfers(new int[] {3}, new int[] {2}, new long[] {2}));
        assertArrayEquals(new long[] {0, 0, 0, 0}, chosen.ticks());
        assertArrayEquals(new boolean[] {false, false, false, true}, chosen.bounded());
    }

    /** Minimum-cost flow by hand: two routes 0 -> 2, direct (cost 5) or through 1 (1 + 1): 2 units take the cheaper. */
    @Test
    void flowTakesTheCheapestRoute() {
        long[] flow = MinimumCostFlow.solve(3, new int[] {0, 0, 1}, new int[] {2, 1, 2}, new long[] {5, 1, 1},
                new long[] {MinimumCostFlow.UNLIMITED, MinimumCostFlow.UNLIMITED, MinimumCostFlow.UNLIMITED}, 3, new long[] {-2, 0, 2});
        assertArrayEquals(new long[] {0, 2, 2}, flow);
        long[] capped = MinimumCostFlow.solve(3, new int[] {0, 0, 1}, new int[] {2, 1, 2}, new long[] {5, 1, 1},
                new long[] {MinimumCostFlow.UNLIMITED, 1, MinimumCostFlow.UNLIMITED}, 3, new long[] {-2, 0, 2});
        assertEquals(1, capped[0], "capacity 1 through rank 1: the second unit goes direct");
    }

    private static ClockOffsets.Transfers transfers(int[] sender, int[] receiver, long[] quickest) {
        return new ClockOffsets.Transfers(sender, receiver, quickest, quickest.length);
    }
}
