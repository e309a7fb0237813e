package org.igtrace.core.wait;

import java.util.Arrays;
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
 *   <li>if they settle, they change the raw clocks no more than causality needs, with one
 *   exception. The quickest transfers of the ordered pairs (s, r) with messages whose receive was
 *   already waiting when the send happened ({@link ClockConstraints#waitedMessages()}) say how
 *   slow a transfer can be: the ceiling {@code hi} ({@link #ceiling}) is the slowest of them
 *   between processes that no violated constraint touches, else the quickest not in conflict, else
 *   0. Where the smallest offsets make a pair's corrected quickest transfer
 *   {@code min(recv - send) + o_r - o_s} slower than that, the offsets chosen are those that
 *   satisfy the constraints with the least sum of such excesses, and among those the smallest
 *   ({@link TransferCeilingFit}).</li>
 * </ol>
 * Where the raw clocks violate nothing, the smallest offsets are 0 and no pair is above the
 * ceiling: the offsets stay 0, whatever the transfers. No pair is assumed to take any particular
 * time, so no assumption accumulates along a chain or ring of pairs. A sender whose clock is ahead
 * (issue 13's one-way star) makes the smallest offsets move its receiver, which would make the
 * receiver's other senders' transfers as slow as the skew: above the ceiling, so the correction
 * lands on that sender instead. A message whose receive started after the send is left out: its
 * send-to-receive time holds the receiver's lateness, which is waiting, not transfer.
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
        Arcs waited = Arcs.of(processes, constraints.waitedMessages());
        long[] quickest = new long[waited.count];
        for (int k = 0; k < waited.count; k++) {
            quickest[k] = -waited.d[k]; // the table holds send - recv, largest: minus the quickest transfer
        }
        return solve(processes, arcs.from, arcs.to, arcs.d, arcs.count, new Transfers(waited.from, waited.to, quickest, waited.count));
    }

    /** The smallest offsets, as when no messages were exchanged. */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m) {
        return solve(processes, from, to, d, m, Transfers.NONE);
    }

    /** @param pairs the quickest transfer (raw ticks) of each ordered pair with messages whose receive was waiting */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs) {
        boolean[] bounded = OneWayBounds.of(processes, from, to, m);
        ClockOffsets smallest = longestPaths(processes, from, to, d, m, bounded);
        long hi = ceiling(processes, from, to, d, m, pairs);
        if (!smallest.settled() || hi < 0) {
            return smallest;
        }
        long[] chosen = TransferCeilingFit.offsets(processes, from, to, d, m, pairs, hi, smallest.ticks());
        return chosen == null ? smallest : new ClockOffsets(chosen, true, smallest.rounds(), bounded);
    }

    /**
     * The ceiling: the slowest quickest transfer of the pairs that the raw clocks do not put in
     * question: pairs between processes that no violated constraint touches ({@code d > 0}: a receive
     * before its send, a collective left before a member entered). If every pair touches one, the
     * quickest of the pairs not in conflict themselves ({@code q >= 0}): a skewed clock makes its
     * pairs one way too quick and the other way too slow, and the slow one must not set the ceiling.
     * If every pair is in conflict, 0: no transfer was seen, and a transfer takes no less than
     * nothing (issue 13's choice, each pair's quickest transfer as short as the constraints allow).
     * -1 if there is no pair.
     */
    static long ceiling(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs) {
        boolean[] suspect = new boolean[processes];
        for (int e = 0; e < m; e++) {
            if (d[e] > 0) {
                suspect[from[e]] = suspect[to[e]] = true;
            }
        }
        long clean = -1, quickest = Long.MAX_VALUE;
        for (int k = 0; k < pairs.count(); k++) {
            long q = pairs.quickest()[k];
            if (q >= 0) {
                quickest = Math.min(quickest, q);
                if (!suspect[pairs.sender()[k]] && !suspect[pairs.receiver()[k]]) {
                    clean = Math.max(clean, q);
                }
            }
        }
        return clean >= 0 ? clean : quickest != Long.MAX_VALUE ? quickest : pairs.count() > 0 ? 0 : -1;
    }

    /**
     * Per ordered pair (sender, receiver) with messages whose receive was waiting: its quickest
     * send-to-receive time in raw ticks.
     */
    record Transfers(int[] sender, int[] receiver, long[] quickest, int count) {
        static final Transfers NONE = new Transfers(new int[0], new int[0], new long[0], 0);
    }

    /** The smallest offsets that satisfy the arcs, or null when relaxation does not settle within n rounds. */
    static long[] longestPaths(int processes, int[] from, int[] to, long[] d, int m) {
        ClockOffsets o = longestPaths(processes, from, to, d, m, null);
        return o.settled() ? o.ticks() : null;
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
            // sorted as primitive keys (from << 32 | to: both in range, so not negative), not as
            // boxed triples under a comparator (10^5 processes: 587,000 arcs, 8 % of the main thread)
            long[] keys = new long[violations.size()];
            int[] m = {0};
            violations.forEach((f, t, v) -> {
                if (inRange(f, processes) && inRange(t, processes)) {
                    keys[m[0]++] = ((long) f << 32) | t;
                }
            });
            Arrays.sort(keys, 0, m[0]);
            int[] from = new int[m[0]], to = new int[m[0]];
            long[] d = new long[m[0]];
            for (int i = 0; i < m[0]; i++) {
                from[i] = (int) (keys[i] >>> 32);
                to[i] = (int) keys[i];
                d[i] = violations.get(from[i], to[i], 0);
            }
            return new Arcs(from, to, d, m[0]);
        }
    }
}
