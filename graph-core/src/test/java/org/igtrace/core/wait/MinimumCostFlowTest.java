package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** MinimumCostFlow on networks small enough to solve by hand. */
class MinimumCostFlowTest {
    private static final long U = MinimumCostFlow.UNLIMITED;

    @Test
    void theCheaperPathFirstThenTheDearerOneForWhatItCannotCarry() {
        // 0 -> 1 -> 3 costs 1 + 1 = 2 a unit and carries 3; 0 -> 2 -> 3 costs 2 + 3 = 5 a unit, unlimited.
        // 5 units from 0 to 3: 3 the cheap way, 2 the dear way (cost 3 x 2 + 2 x 5 = 16, the least).
        int[] from = {0, 1, 0, 2};
        int[] to = {1, 3, 2, 3};
        long[] cost = {1, 1, 2, 3};
        long[] capacity = {3, U, U, U};
        long[] flow = MinimumCostFlow.solve(4, from, to, cost, capacity, 4, new long[] {-5, 0, 0, 5});
        assertArrayEquals(new long[] {3, 3, 2, 2}, flow);
    }

    @Test
    void aNegativeArcStartsSaturatedAndItsExcessGoesBack() {
        // Arc 0 -> 1 of cost -4 and capacity 2 starts full; no demand, so the 2 units must return by 1 -> 0 (cost 1):
        // cost -8 + 2 = -6 beats leaving it empty (0).
        long[] flow = MinimumCostFlow.solve(2, new int[] {0, 1}, new int[] {1, 0}, new long[] {-4, 1}, new long[] {2, U}, 2,
                new long[] {0, 0});
        assertArrayEquals(new long[] {2, 2}, flow);
    }

    @Test
    void costsOfTimerTicksStayExact() {
        // A cost of 3 x 10^9 (more than JGraphT's COST_INF): 0 -> 1 direct at 3e9 + 1, or via 2 at 1.5e9 + 1.5e9.
        long big = 3_000_000_000L;
        long[] flow = MinimumCostFlow.solve(3, new int[] {0, 0, 2}, new int[] {1, 2, 1}, new long[] {big + 1, big / 2, big / 2},
                new long[] {U, U, U}, 3, new long[] {-1, 1, 0});
        assertArrayEquals(new long[] {0, 1, 1}, flow);
    }

    @Test
    void demandsNoFlowCanMeetAreRefused() {
        // Node 1 needs 1 unit but no arc reaches it.
        assertThrows(IllegalStateException.class,
                () -> MinimumCostFlow.solve(2, new int[] {1}, new int[] {0}, new long[] {1}, new long[] {U}, 1, new long[] {-1, 1}));
    }
}
