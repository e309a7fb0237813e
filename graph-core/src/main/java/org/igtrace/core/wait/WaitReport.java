package org.igtrace.core.wait;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.diagnostic.Diagnostic;

/**
 * What message matching, clock correction and wait-state analysis found (definitions section 8). Times
 * are kept in timer ticks, summed as whole numbers, and turned into seconds once, by one division
 * (so a sum reads {@code 0.051772484}, not {@code 0.051772483999999994}).
 *
 * @param corrected           whether offsets were computed ({@code --clock-correction offsets}) or all left 0
 * @param settled             whether the offsets settled (offset-only skew); false: the clocks drift
 * @param offsetTicks         clock offset per process (world rank), ticks
 * @param onlyBounded         per process, whether the constraints bound its offset from one side only
 *                            (one-way traffic), so that it is a choice, not a measurement ({@link ClockOffsets})
 * @param conflictsBefore     matched messages received before they were sent, raw times
 * @param conflictsAfter      the same on corrected times
 * @param matchedMessages     messages with both ends matched
 * @param peakInFlight        the most messages in flight at once during matching (what memory held)
 * @param waitTicks           waiting per pattern ({@link WaitPattern} order) and process, ticks
 * @param ticksPerSecond      the timer's resolution
 * @param pairs               waiting per pair that waited on each other, seconds
 * @param unmatched           ends left without a partner, per (sender, receiver)
 * @param collectives         collective instances matched on every member
 * @param collectivesIncomplete collective instances some member never recorded
 * @param diagnostics         what the user should know (unmatched ends, drift, incomplete collectives)
 */
public record WaitReport(boolean corrected, boolean settled, long[] offsetTicks, boolean[] onlyBounded, long conflictsBefore, long conflictsAfter,
                         long matchedMessages, long peakInFlight, long[][] waitTicks, double ticksPerSecond, List<PairWait> pairs,
                         List<Unmatched> unmatched, long collectives, long collectivesIncomplete, List<Diagnostic> diagnostics) {

    /** Waiting between two processes, in both directions: {@code a < b}. */
    public record PairWait(int a, int b, double seconds) {
    }

    /** Sends of {@code sender} to {@code receiver} with no receive event, and receives with no send. */
    public record Unmatched(int sender, int receiver, long sends, long receives) {
    }

    public WaitReport {
        pairs = pairs.stream().sorted(java.util.Comparator.comparingInt(PairWait::a).thenComparingInt(PairWait::b)).toList();
        unmatched = List.copyOf(unmatched);
        diagnostics = List.copyOf(diagnostics);
    }

    /**
     * This report with each process's waiting at most {@code maxTicks[p]} (its {@code Tcomm_i}; negative: not capped):
     * a process whose threads call MPI (MPI_THREAD_MULTIPLE) has its threads' waits added up while its {@code Tcomm_i}
     * counts the time in which any of them was in MPI once (definitions section 3), so two threads waiting at once can
     * wait longer than it. Such a process's patterns are scaled down together to its {@code Tcomm_i}, and a note says by how much.
     *
     * @param maxTicks     per process the most waiting it may have, ticks, or a negative number for no cap
     * @param name         how the note names process p ("rank 1")
     * @return this report when no process waits longer than its cap
     */
    public WaitReport cappedAt(long[] maxTicks, java.util.function.IntFunction<String> name) {
        long[][] capped = null;
        StringBuilder which = new StringBuilder();
        int n = 0;
        for (int p = 0; p < maxTicks.length; p++) {
            long total = 0;
            for (long[] row : waitTicks) {
                total += p < row.length ? row[p] : 0;
            }
            if (maxTicks[p] < 0 || total <= maxTicks[p]) {
                continue;
            }
            if (capped == null) {
                capped = new long[waitTicks.length][];
                for (int k = 0; k < waitTicks.length; k++) {
                    capped[k] = waitTicks[k].clone();
                }
            }
            double scale = (double) maxTicks[p] / total;
            long left = maxTicks[p];
            double[] fraction = new double[capped.length];
            for (int k = 0; k < capped.length; k++) {
                if (p < capped[k].length) {
                    double exact = capped[k][p] * scale;
                    capped[k][p] = (long) Math.floor(exact);
                    fraction[k] = exact - capped[k][p];
                    left -= capped[k][p];
                }
            }
            // the ticks the floors left go to the largest remainders, so that the patterns add up to Tcomm_i (they were a tick
            // short: 50 + 60 of 111 us, 1 us read as lost transfer, though the note says the waits were scaled to it)
            for (; left > 0; left--) {
                int best = -1;
                for (int k = 0; k < capped.length; k++) {
                    if (p < capped[k].length && fraction[k] > 0 && (best < 0 || fraction[k] > fraction[best])) {
                        best = k;
                    }
                }
                if (best < 0) {
                    break;
                }
                capped[best][p]++;
                fraction[best] = 0;
            }
            if (n++ < 3) {
                which.append(n > 1 ? "; " : "").append(name.apply(p)).append(' ')
                        .append(org.igtrace.core.util.Labels.seconds3(total / ticksPerSecond)).append(" against ")
                        .append(org.igtrace.core.util.Labels.seconds3(maxTicks[p] / ticksPerSecond));
            }
        }
        if (capped == null) {
            return this;
        }
        List<Diagnostic> notes = new java.util.ArrayList<>(diagnostics);
        notes.add(Diagnostic.note("the waits of threads in MPI at the same time add up to more than the process's time in MPI"
                + " (T_comm, the time in which any of its threads was in MPI) on " + n + (n == 1 ? " process" : " processes")
                + " (" + which + (n > 3 ? "; ..." : "") + "): their waiting is scaled down to T_comm, pattern by pattern"));
        return new WaitReport(corrected, settled, offsetTicks, onlyBounded, conflictsBefore, conflictsAfter, matchedMessages,
                peakInFlight, capped, ticksPerSecond, pairs, unmatched, collectives, collectivesIncomplete, notes);
    }

    /** The diagnostics in words, one sentence each. */
    public List<String> notes() {
        return diagnostics.stream().map(Diagnostic::sentence).toList();
    }

    /** Seconds of {@code pattern} charged to {@code process}. */
    public double seconds(WaitPattern pattern, int process) {
        long[] row = waitTicks[pattern.ordinal()];
        return process >= 0 && process < row.length ? row[process] / ticksPerSecond : 0;
    }

    /** All waiting charged to {@code process}. */
    public double total(int process) {
        long t = 0;
        for (long[] row : waitTicks) {
            t += process >= 0 && process < row.length ? row[process] : 0;
        }
        return t / ticksPerSecond;
    }

    /** Waiting of {@code pattern} summed over all processes. */
    public double total(WaitPattern pattern) {
        long t = 0;
        for (long v : waitTicks[pattern.ordinal()]) {
            t += v;
        }
        return t / ticksPerSecond;
    }

    /** All waiting of all processes. */
    public double total() {
        long t = 0;
        for (long[] row : waitTicks) {
            for (long v : row) {
                t += v;
            }
        }
        return t / ticksPerSecond;
    }

    /** Clock offset per process, seconds. */
    public double[] offsets() {
        double[] o = new double[offsetTicks.length];
        for (int p = 0; p < o.length; p++) {
            o[p] = offsetTicks[p] / ticksPerSecond;
        }
        return o;
    }

    public double offset(int process) {
        return process >= 0 && process < offsetTicks.length ? offsetTicks[process] / ticksPerSecond : 0;
    }

    /** The processes whose offset is only bounded (one-way traffic), in rank order. */
    public List<Integer> onlyBoundedProcesses() {
        return java.util.stream.IntStream.range(0, onlyBounded.length).filter(p -> onlyBounded[p]).boxed().toList();
    }

    /** Seconds the two processes waited for each other (either order), 0 if none. */
    public double pairWait(int x, int y) {
        int a = Math.min(x, y), b = Math.max(x, y);
        int lo = 0, hi = pairs.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            PairWait p = pairs.get(mid);
            int c = p.a() != a ? Integer.compare(p.a(), a) : Integer.compare(p.b(), b);
            if (c == 0) {
                return p.seconds();
            }
            if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return 0;
    }

    /** Unmatched sends and receives per unordered pair by {@link #pairKey}: {sends, receives}. */
    public Map<Long, long[]> unmatchedIndex() {
        Map<Long, long[]> index = new HashMap<>();
        for (Unmatched u : unmatched) {
            long[] v = index.computeIfAbsent(pairKey(u.sender(), u.receiver()), k -> new long[2]);
            v[0] += u.sends();
            v[1] += u.receives();
        }
        return index;
    }

    public static long pairKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | (Math.max(a, b) & 0xffffffffL);
    }
}
