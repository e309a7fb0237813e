package org.igtrace.core.wait;

/**
 * Among the offsets that satisfy the constraints {@code o_to >= o_from + d}, the smallest of those
 * that keep the pairs' quickest corrected transfers {@code q_k + o_r - o_s} at or below a ceiling
 * {@code hi} as far as the constraints allow: minimise the sum over pairs of
 * {@code max(0, q_k + o_r - o_s - hi)} (definitions section 8, "Which offsets").
 *
 * <p>Each pair adds a soft constraint {@code o_s >= o_r + q - hi} that may be broken at a cost of
 * one per tick. This linear program on difference constraints has a minimum-cost circulation as its
 * dual ({@link MinimumCostFlow}): an arc i -> j of cost {@code -d} per constraint, of unlimited
 * capacity for a hard one and capacity 1 for a soft one. By complementary slackness the optimal
 * offsets are exactly those with no negative reduced cost on the residual arcs of one optimal flow:
 * an arc below its capacity keeps {@code o_j >= o_i + d}, an arc carrying flow adds
 * {@code o_i >= o_j - d}. The smallest such offsets are longest paths from o = 0 over those arcs.
 * When no pair is above the ceiling at the smallest feasible offsets, no arc has a negative cost,
 * the flow is empty and the answer is those offsets.
 */
final class TransferCeilingFit {
    private TransferCeilingFit() {
    }

    /**
     * @param smallest the smallest feasible offsets (settled longest paths over the hard arcs)
     * @return the offsets chosen, or null when relaxation over the residual arcs did not settle
     */
    static long[] offsets(int processes, int[] from, int[] to, long[] d, int m, ClockOffsets.Transfers pairs, long hi,
                          long[] smallest) {
        int arcs = m + pairs.count();
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
        }
        boolean anyNegative = false;
        for (int e = 0; e < arcs; e++) { // reduced by the potentials -smallest: hard arcs cost >= 0
            cost[e] = smallest[at[e]] - smallest[af[e]] - ad[e];
            anyNegative |= cost[e] < 0;
        }
        if (!anyNegative) {
            return smallest.clone();
        }
        long[] flow = MinimumCostFlow.solve(processes, af, at, cost, capacity, arcs, new long[processes]);
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
        return ClockOffsets.longestPaths(processes, rf, rt, rd, n);
    }
}
