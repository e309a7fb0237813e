package org.igtrace.core.wait;

import java.util.Arrays;
import java.util.List;
import java.util.Comparator;
import java.util.ArrayList;
import org.igtrace.core.util.PairLongs;

/**
 * Per-process clock offsets {@code o_p >= 0} that satisfy every constraint
 * {@code o_to >= o_from + d} (definitions section 8). Constraints bound differences of offsets, and
 * messages that go one way only bound them from one side, so many offsets may fit. The choice:
 * <ol>
 *   <li>the smallest offsets, longest paths by Bellman-Ford relaxation from o = 0. With offsets
 *   alone able to explain the clocks, relaxation settles within n rounds (n processes); if it does
 *   not, a cycle of constraints asks for ever larger offsets: the clocks drift apart during the
 *   run, and the offsets are those of the last round;</li>
 *   <li>if they settle, among all offsets that satisfy the constraints those that minimise the sum,
 *   over ordered pairs (s, r) with messages whose receive was already waiting when the send
 *   happened ({@link ClockConstraints#waitedMessages()}), of the pair's quickest corrected transfer
 *   {@code min(recv - send) + o_r - o_s}. That is {@code sum_p c_p o_p} plus a constant, c_p the
 *   senders to p minus the receivers from p: a linear program on difference constraints whose
 *   dual is a minimum-cost flow ({@link MinimumCostFlow}: arc i -> j of cost -d, net inflow c_p
 *   at p). The optimal offsets are those that satisfy the constraints and make every arc carrying
 *   flow tight ({@code o_j = o_i + d});</li>
 *   <li>among those, again the smallest (Bellman-Ford with the tight arcs added both ways).</li>
 * </ol>
 * Messages both ways between every pair cancel in the sum (c = 0): the smallest offsets stand.
 * A message whose receive started after the send is left out of the sum: its send-to-receive time
 * holds the receiver's lateness (a synchronous send waiting for a late receiver), which is waiting,
 * not transfer.
 *
 * @param ticks   offset per process (world rank), in timer ticks
 * @param settled whether relaxation settled (offset-only skew) rather than showing drift
 * @param rounds  relaxation rounds run
 * @param bounded per process, whether its offset is only bounded from one side ({@link OneWayBounds})
 */
public record ClockOffsets(long[] ticks, boolean settled, int rounds, boolean[] bounded) {

    /** No correction: every offset 0. */
    public static ClockOffsets none(int processes) {
        return new ClockOffsets(new long[processes], true, 0, new boolean[processes]);
    }

    public static ClockOffsets solve(int processes, ClockConstraints constraints) {
        Arcs arcs = Arcs.of(processes, constraints.violations());
        long[] demand = new long[processes];
        constraints.waitedMessages().forEach((s, r, d) -> {
            if (s != r && inRange(s, processes) && inRange(r, processes)) {
                demand[r]++;
                demand[s]--;
            }
        });
        return solve(processes, arcs.from, arcs.to, arcs.d, arcs.count, demand);
    }

    /** The smallest offsets, as when no messages were exchanged. */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m) {
        return solve(processes, from, to, d, m, new long[processes]);
    }

    /** @param demand per process, senders to it minus receivers from it (c_p above) */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m, long[] demand) {
        boolean[] bounded = OneWayBounds.of(processes, from, to, m);
        ClockOffsets smallest = longestPaths(processes, from, to, d, m, bounded);
        if (!smallest.settled() || Arrays.stream(demand).allMatch(c -> c == 0)) {
            return smallest;
        }
        long[] o = smallest.ticks();
        long[] cost = new long[m], capacity = new long[m];
        for (int e = 0; e < m; e++) { // reduced by the potentials -o, which makes these costs >= 0
            cost[e] = o[to[e]] - o[from[e]] - d[e];
            capacity[e] = MinimumCostFlow.UNLIMITED;
        }
        long[] flow = MinimumCostFlow.solve(processes, from, to, cost, capacity, m, demand);
        int[] tightFrom = Arrays.copyOf(from, 2 * m), tightTo = Arrays.copyOf(to, 2 * m);
        long[] tightD = Arrays.copyOf(d, 2 * m);
        int n = m;
        for (int e = 0; e < m; e++) {
            if (flow[e] > 0) {
                tightFrom[n] = to[e];
                tightTo[n] = from[e];
                tightD[n++] = -d[e];
            }
        }
        ClockOffsets chosen = longestPaths(processes, tightFrom, tightTo, tightD, n, bounded);
        return chosen.settled() ? chosen : smallest;
    }

    private static ClockOffsets longestPaths(int processes, int[] from, int[] to, long[] d, int m, boolean[] bounded) {
        long[] o = new long[processes];
        // Starting from o = 0 (a virtual source tied to every process, its edges relaxed), a longest
        // path has at most n - 1 edges: relaxation changes nothing in round n at the latest
        // (definitions section 8: "settles within n rounds"); a change in round n is a positive
        // cycle, and the offsets kept are those after n rounds.
        int limit = processes;
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
                return new ClockOffsets(o, true, round, bounded);
            }
        }
        return new ClockOffsets(o, false, limit, bounded);
    }

    public long of(int process) {
        return process >= 0 && process < ticks.length ? ticks[process] : 0;
    }

    /** Whether the process's offset is only bounded from one side (one-way traffic), not determined. */
    public boolean onlyBounded(int process) {
        return process >= 0 && process < bounded.length && bounded[process];
    }

    private static boolean inRange(int p, int processes) {
        return p >= 0 && p < processes;
    }

    /**
     * The constraints as arrays, ranks outside the processes left out, in (from, to) order: the
     * table's own order depends on the order its pairs were added, which depends on the reading
     * and joining threads, and relaxation that does not settle (drift) stops at a result that
     * depends on the order of the arcs (jacobi-8 --window 20ms: gave two different offsets and
     * waits from run to run).
     */
    private record Arcs(int[] from, int[] to, long[] d, int count) {
        static Arcs of(int processes, PairLongs violations) {
            List<long[]> arcs = new ArrayList<>(violations.size());
            violations.forEach((f, t, v) -> {
                if (inRange(f, processes) && inRange(t, processes)) {
                    arcs.add(new long[] {f, t, v});
                }
            });
            arcs.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
            int m = arcs.size();
            int[] from = new int[m], to = new int[m];
            long[] d = new long[m];
            for (int i = 0; i < m; i++) {
                long[] a = arcs.get(i);
                from[i] = (int) a[0];
                to[i] = (int) a[1];
                d[i] = a[2];
            }
            return new Arcs(from, to, d, m);
        }
    }
}
