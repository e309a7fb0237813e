package org.igtrace.core.wait;

/**
 * The smallest per-process clock offsets {@code o_p >= 0} that satisfy every constraint
 * {@code o_to >= o_from + d} (SPEC section 8): longest paths by Bellman-Ford relaxation from
 * o = 0. With offsets alone able to explain the clocks, relaxation settles within n rounds
 * (n processes); if it does not, a cycle of constraints asks for ever larger offsets: the clocks
 * drift apart during the run. The offsets are then those of the last round.
 *
 * @param ticks   offset per process (world rank), in timer ticks
 * @param settled whether relaxation settled (offset-only skew) rather than showing drift
 * @param rounds  relaxation rounds run
 */
public record ClockOffsets(long[] ticks, boolean settled, int rounds) {

    /** No correction: every offset 0. */
    public static ClockOffsets none(int processes) {
        return new ClockOffsets(new long[processes], true, 0);
    }

    public static ClockOffsets solve(int processes, ClockConstraints constraints) {
        int m = constraints.violations().size();
        int[] from = new int[m], to = new int[m];
        long[] d = new long[m];
        int[] n = {0};
        constraints.violations().forEach((f, t, v) -> {
            if (f >= 0 && f < processes && t >= 0 && t < processes) {
                from[n[0]] = f;
                to[n[0]] = t;
                d[n[0]++] = v;
            }
        });
        return solve(processes, from, to, d, n[0]);
    }

    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m) {
        long[] o = new long[processes];
        // With a virtual source tied to every process, longest paths have at most n edges: after
        // n + 1 rounds without settling, a positive cycle exists.
        int limit = processes + 1;
        for (int round = 1; round <= limit; round++) {
            boolean changed = false;
            for (int i = 0; i < m; i++) {
                long want = o[from[i]] + d[i];
                if (want > o[to[i]]) {
                    o[to[i]] = want;
                    changed = true;
                }
            }
            if (!changed) {
                return new ClockOffsets(o, true, round);
            }
        }
        return new ClockOffsets(o, false, limit);
    }

    public long of(int process) {
        return process >= 0 && process < ticks.length ? ticks[process] : 0;
    }
}
