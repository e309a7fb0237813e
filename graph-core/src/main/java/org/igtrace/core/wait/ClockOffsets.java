package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.igtrace.core.util.PairLongs;

/**
 * Per-process clock offsets {@code o_p >= 0} that satisfy every constraint
 * {@code o_to >= o_from + d} (definitions section 8). Constraints bound differences of offsets, and
 * messages that go one way only bound them from one side, so many offsets may fit. The choice:
 * <ol>
 *   <li>the smallest offsets, longest paths by Bellman-Ford relaxation from o = 0. With offsets
 *   alone able to explain the clocks, relaxation settles within n rounds (n processes); if it does
 *   not, a cycle of constraints asks for ever larger offsets: the clocks drift apart during the
 *   run, and the offsets are those of the last round. Where nothing is violated ({@code d <= 0}
 *   everywhere) they are all 0, and so are the offsets chosen, whatever the transfers;</li>
 *   <li>else a band {@code [lo, hi]} a transfer is expected in ({@link #band}): the quickest
 *   transfers of the ordered pairs whose receive was already waiting at the send, between
 *   processes no violated constraint touches ("clean"): hi their slowest, lo their quickest when
 *   there are at least {@value #FLOOR_PAIRS} such pairs, else 0; with no clean pair, [0, the
 *   quickest transfer not in conflict]. The offsets chosen keep each such pair's quickest
 *   corrected transfer {@code q + o_r - o_s} in the band as far as the constraints allow (least
 *   summed distance to it), and among those the smallest or the largest below a common level,
 *   whichever moves fewer ticks ({@link TransferBandFit});</li>
 *   <li>which messages were waiting is then decided again on the corrected clocks
 *   ({@link TransferFrontier}), and the fit repeated with the pairs so found, until they no longer
 *   change (at most {@value #ROUNDS} fits): on the raw clocks a clock that is ahead makes its
 *   partners' receives look waiting when they were late, and its own look late.</li>
 *   <li>with no such pair at all (processes that meet only in collectives, or messages none of
 *   which was waited for), the offsets that make the members of barrier and N x N collectives leave
 *   them together as far as the constraints allow: per pair (communicator's first member, member)
 *   the median of how much later the member left ({@link LeaveSamples}), kept by the same fit with
 *   the band [0, 0]. The smallest offsets would have the last member to enter arrive just in time
 *   and the others leave long after it.</li>
 * </ol>
 * What holds: clocks that violate nothing keep offsets 0. No pair is assumed to take a time of its
 * own: inside the band nothing pulls a transfer, so transfers that differ among clocks that agree
 * move nothing, and a pair bounded from one side only (its receive never waiting) stays at the
 * common level instead of at its bound, so nothing accumulates along a chain or ring of such pairs.
 * One clock off among clocks that agree (testdata/one-skewed-clock: a ring and a halo exchange,
 * transfers all equal) gets the others one common offset, exactly, and itself the offset that puts
 * its waiting transfers in the band: exactly right when the clean transfers are equal; else within
 * the band's width, or within its quickest partner's transfer where no floor applies. A sender
 * whose clock is ahead (issue 13's one-way star) is corrected, not its receiver against all its
 * other senders: moving the receiver would make their transfers as slow as the skew, far above hi.
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

    /** Rounds of choosing the waiting messages again on the corrected clocks, at most. */
    static final int ROUNDS = 4;

    /** Clean pairs needed before their quickest transfer is a floor (one pair's transfer says nothing of the others'). */
    static final int FLOOR_PAIRS = 2;

    public static ClockOffsets solve(int processes, ClockConstraints constraints) {
        return solve(processes, constraints, true);
    }

    /**
     * @param leaves whether the members' leave times of barrier and N x N collectives choose the
     *               offsets where no message shows a transfer; false: the smallest offsets the
     *               constraints allow there
     */
    public static ClockOffsets solve(int processes, ClockConstraints constraints, boolean leaves) {
        Arcs arcs = Arcs.of(processes, constraints.violations());
        Arcs waited = Arcs.of(processes, constraints.waitedMessages());
        Transfers together = leaves ? constraints.leaves().targets(processes) : Transfers.NONE;
        return solve(processes, arcs.from, arcs.to, arcs.d, arcs.count, transfers(waited), constraints.transfers(), together);
    }

    /** The smallest offsets, as when no messages were exchanged. */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m) {
        return solve(processes, from, to, d, m, Transfers.NONE);
    }

    /** @param pairs the quickest transfer (raw ticks) of each ordered pair with messages whose receive was waiting */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs) {
        return solve(processes, from, to, d, m, pairs, null);
    }

    /**
     * @param pairs    the pairs whose receives were waiting on the raw clocks, with their quickest transfers
     * @param messages the messages per pair, to choose the waiting ones again on the corrected clocks; or null
     */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs, TransferFrontier messages) {
        return solve(processes, from, to, d, m, pairs, messages, Transfers.NONE);
    }

    /**
     * @param together per pair of members of barrier and N x N collectives, the median of how much
     *                 later the second left than the first, raw ticks ({@link LeaveSamples#targets}):
     *                 where no message shows a transfer, the offsets that make them leave together
     *                 as far as the constraints allow
     */
    static ClockOffsets solve(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs, TransferFrontier messages,
                              Transfers together) {
        boolean[] bounded = OneWayBounds.of(processes, from, to, m);
        ClockOffsets smallest = longestPaths(processes, from, to, d, m, bounded);
        long[] band = band(processes, from, to, d, m, pairs);
        if (!smallest.settled() || allZero(smallest.ticks())) {
            return smallest; // drift; or nothing violated: offsets 0
        }
        if (band == null) { // no transfer seen: the collectives' members leave together, as far as the constraints allow
            long[] chosen = together.count() == 0 ? null
                    : TransferBandFit.offsets(processes, from, to, d, m, together, 0, 0, smallest.ticks());
            return chosen == null ? smallest : new ClockOffsets(chosen, true, smallest.rounds(), bounded);
        }
        long[] chosen = TransferBandFit.offsets(processes, from, to, d, m, pairs, band[0], band[1], smallest.ticks());
        for (int round = 2; chosen != null && messages != null && round <= ROUNDS; round++) {
            Transfers again = waitingAgain(processes, pairs, messages, chosen);
            if (again.equals(pairs)) {
                break;
            }
            pairs = again;
            long[] next = TransferBandFit.offsets(processes, from, to, d, m, pairs, band[0], band[1], smallest.ticks());
            if (next == null) {
                break;
            }
            chosen = next;
        }
        return chosen == null ? smallest : new ClockOffsets(chosen, true, smallest.rounds(), bounded);
    }

    private static boolean allZero(long[] o) {
        for (long v : o) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The pairs whose messages were waiting at the offsets {@code o} ({@link TransferFrontier}), with
     * their quickest raw transfers, in (sender, receiver) order; pairs known only by their quickest
     * raw transfer (no messages kept: a distributed join) stay as they were.
     */
    static Transfers waitingAgain(int processes, Transfers raw, TransferFrontier messages, long[] o) {
        List<long[]> rows = new ArrayList<>();
        messages.forEachLargest((s, r, ignored) -> {
            if (inRange(s, processes) && inRange(r, processes)) {
                long b = messages.largest(s, r, o[r] - o[s]);
                if (b != TransferFrontier.NONE) {
                    rows.add(new long[] {s, r, -b});
                }
            }
        });
        for (int k = 0; k < raw.count(); k++) {
            if (messages.largest(raw.sender()[k], raw.receiver()[k], Long.MIN_VALUE) == TransferFrontier.NONE) {
                rows.add(new long[] {raw.sender()[k], raw.receiver()[k], raw.quickest()[k]});
            }
        }
        rows.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        int n = rows.size();
        int[] s = new int[n], r = new int[n];
        long[] q = new long[n];
        for (int k = 0; k < n; k++) {
            s[k] = (int) rows.get(k)[0];
            r[k] = (int) rows.get(k)[1];
            q[k] = rows.get(k)[2];
        }
        return new Transfers(s, r, q, n);
    }

    private static Transfers transfers(Arcs waited) {
        long[] quickest = new long[waited.count];
        for (int k = 0; k < waited.count; k++) {
            quickest[k] = -waited.d[k]; // the table holds send - recv, largest: minus the quickest transfer
        }
        return new Transfers(waited.from, waited.to, quickest, waited.count);
    }

    /**
     * The band {@code {lo, hi}} a transfer is expected in, from the quickest transfers of the pairs
     * that the raw clocks do not put in question: pairs between processes that no violated
     * constraint touches ({@code d > 0}: a receive before its send, a collective left before a
     * member entered), the quickest and the slowest of them. If every pair touches one, the
     * quickest of the pairs not in conflict themselves ({@code q >= 0}) for both ends: a skewed
     * clock makes its pairs one way too quick and the other way too slow, and the slow one must not
     * widen the band. If every pair is in conflict, {0, 0}: no transfer was seen. Null if there is no pair.
     */
    static long[] band(int processes, int[] from, int[] to, long[] d, int m, Transfers pairs) {
        boolean[] suspect = new boolean[processes];
        for (int e = 0; e < m; e++) {
            if (d[e] > 0) {
                suspect[from[e]] = suspect[to[e]] = true;
            }
        }
        long lo = Long.MAX_VALUE, hi = -1, quickest = Long.MAX_VALUE;
        int clean = 0;
        for (int k = 0; k < pairs.count(); k++) {
            long q = pairs.quickest()[k];
            if (q >= 0) {
                quickest = Math.min(quickest, q);
                if (!suspect[pairs.sender()[k]] && !suspect[pairs.receiver()[k]]) {
                    lo = Math.min(lo, q);
                    hi = Math.max(hi, q);
                    clean++;
                }
            }
        }
        if (hi >= 0) {
            return new long[] {clean >= FLOOR_PAIRS ? lo : 0, hi};
        }
        if (quickest != Long.MAX_VALUE) {
            return new long[] {0, quickest};
        }
        return pairs.count() > 0 ? new long[] {0, 0} : null;
    }

    /**
     * Per ordered pair (sender, receiver) with messages whose receive was waiting: its quickest
     * send-to-receive time in raw ticks.
     */
    record Transfers(int[] sender, int[] receiver, long[] quickest, int count) {
        static final Transfers NONE = new Transfers(new int[0], new int[0], new long[0], 0);

        @Override
        public boolean equals(Object o) {
            return o instanceof Transfers t && count == t.count && java.util.Arrays.equals(sender, 0, count, t.sender, 0, count)
                    && java.util.Arrays.equals(receiver, 0, count, t.receiver, 0, count)
                    && java.util.Arrays.equals(quickest, 0, count, t.quickest, 0, count);
        }

        @Override
        public int hashCode() {
            return count;
        }
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
