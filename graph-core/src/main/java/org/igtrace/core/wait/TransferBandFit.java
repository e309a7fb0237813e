package org.igtrace.core.wait;

/**
 * Among the offsets that satisfy the constraints {@code o_to >= o_from + d}, those that keep the
 * pairs' quickest corrected transfers {@code t_k = q_k + o_r - o_s} inside a band {@code [lo, hi]}
 * as far as the constraints allow: minimise the sum over pairs of the distance of {@code t_k} to
 * the band, {@code max(0, t_k - hi) + max(0, lo - t_k)} (definitions section 8, "Which offsets").
 * Inside the band nothing pulls a transfer anywhere, so transfers that differ among clocks that
 * agree move no offset; a pair whose clock is off is pulled into the band from either side.
 *
 * <p>Each pair adds two soft constraints, {@code o_s >= o_r + q - hi} and {@code o_r >= o_s + lo - q},
 * each of which may be broken at a cost of one per tick. This linear program on difference
 * constraints has a minimum-cost circulation as its dual ({@link MinimumCostFlow}): an arc i -> j
 * of cost {@code -d} per constraint, of unlimited capacity for a hard one and capacity 1 for a soft
 * one. By complementary slackness the optimal offsets are exactly those with no negative reduced
 * cost on the residual arcs of one optimal flow: an arc below its capacity keeps
 * {@code o_j >= o_i + d}, an arc carrying flow adds {@code o_i >= o_j - d}.
 *
 * <p>Among those optimal offsets, one of two extremes: the smallest (longest paths from o = 0 over
 * the residual arcs: every offset raised only as far as a constraint forces it) or the largest
 * below a common level (the same on the reversed arcs: every offset lowered only as far as forced),
 * whichever moves fewer ticks away from the common level, summed over the processes (ties: the
 * smallest). A clock that is ahead forces its partners up in the first and only itself down in the
 * second; a constraint that bounds a pair from one side only (a message whose receive was not
 * waiting) then leaves the pair at the common level, not at its bound, so nothing slides along a
 * chain of such pairs.
 */
final class TransferBandFit {
    private TransferBandFit() {
    }

    /**
     * @param smallest the smallest feasible offsets (settled longest paths over the hard arcs)
     * @return the offsets chosen, or null when relaxation over the residual arcs did not settle
     */
    static long[] offsets(int processes, int[] from, int[] to, long[] d, int m, ClockOffsets.Transfers pairs, long lo, long hi,
                          long[] smallest) {
        int arcs = m + 2 * pairs.count();
        int[] af = new int[arcs], at = new int[arcs];
        long[] ad = new long[arcs], capacity = new long[arcs], cost = new long[arcs];
        for (int e = 0; e < m; e++) {
            af[e] = from[e];
            at[e] = to[e];
            ad[e] = d[e];
            capacity[e] = MinimumCostFlow.UNLIMITED;
        }
        for (int k = 0, e = m; k < pairs.count(); k++) {
            int s = pairs.sender()[k], r = pairs.receiver()[k];
            long q = pairs.quickest()[k];
            af[e] = r; // the corrected transfer at most hi
            at[e] = s;
            ad[e] = q - hi;
            capacity[e++] = 1;
            af[e] = s; // the corrected transfer at least lo
            at[e] = r;
            ad[e] = lo - q;
            capacity[e++] = 1;
        }
        boolean anyNegative = false;
        for (int e = 0; e < arcs; e++) { // reduced by the potentials -smallest: hard arcs cost >= 0
            cost[e] = smallest[at[e]] - smallest[af[e]] - ad[e];
            anyNegative |= cost[e] < 0;
        }
        long[] flow = anyNegative ? MinimumCostFlow.solve(processes, af, at, cost, capacity, arcs, new long[processes]) : new long[arcs];
        int[] rf = new int[2 * arcs], rt = new int[2 * arcs];
        long[] rd = new long[2 * arcs];
        int n = 0;
        for (int e = 0; e < arcs; e++) {
            if (flow[e] < capacity[e]) {
                rf[n] = af[e];
                rt[n] = at[e];
                rd[n++] = ad[e];
            }
            if (flow[e] > 0) {
                rf[n] = at[e];
                rt[n] = af[e];
                rd[n++] = -ad[e];
            }
        }
        long[] low = ClockOffsets.longestPaths(processes, rf, rt, rd, n);
        if (low == null) {
            return null;
        }
        long[] high = ClockOffsets.longestPaths(processes, rt, rf, rd, n); // reversed: minus the largest offsets <= 0
        if (high == null) {
            return low;
        }
        long lowMoves = 0, highMoves = 0, top = 0;
        for (int p = 0; p < processes; p++) {
            lowMoves = sum(lowMoves, low[p]);
            highMoves = sum(highMoves, high[p]);
            top = Math.max(top, high[p]);
        }
        if (highMoves >= lowMoves) {
            return low;
        }
        for (int p = 0; p < processes; p++) {
            high[p] = top - high[p];
        }
        return high;
    }

    /** a + b for non-negative a and b, at most Long.MAX_VALUE. */
    private static long sum(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
