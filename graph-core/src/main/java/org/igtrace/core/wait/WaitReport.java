package org.igtrace.core.wait;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.diagnostic.Diagnostic;

/**
 * What message matching, clock correction and wait-state analysis found (SPEC section 8), in
 * seconds, ready for output.
 *
 * @param corrected           whether offsets were computed ({@code --clock-correction offsets}) or all left 0
 * @param settled             whether the offsets settled (offset-only skew); false: the clocks drift
 * @param offsets             clock offset per process (world rank), seconds
 * @param onlyBounded         per process, whether the constraints bound its offset from one side only
 *                            (one-way traffic), so that it is a choice, not a measurement ({@link ClockOffsets})
 * @param conflictsBefore     matched messages received before they were sent, raw times
 * @param conflictsAfter      the same on corrected times
 * @param matchedMessages     messages with both ends matched
 * @param peakInFlight        the most messages in flight at once during matching (what memory held)
 * @param seconds             waiting per pattern ({@link WaitPattern} order) and process, seconds
 * @param pairs               waiting per pair that waited on each other, seconds
 * @param unmatched           ends left without a partner, per (sender, receiver)
 * @param collectives         collective instances matched on every member
 * @param collectivesIncomplete collective instances some member never recorded
 * @param diagnostics         what the user should know (unmatched ends, drift, incomplete collectives)
 */
public record WaitReport(boolean corrected, boolean settled, double[] offsets, boolean[] onlyBounded, long conflictsBefore, long conflictsAfter,
                         long matchedMessages, long peakInFlight, double[][] seconds, List<PairWait> pairs,
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

    /** The diagnostics in words, one sentence each. */
    public List<String> notes() {
        return diagnostics.stream().map(Diagnostic::sentence).toList();
    }

    /** Seconds of {@code pattern} charged to {@code process}. */
    public double seconds(WaitPattern pattern, int process) {
        double[] row = seconds[pattern.ordinal()];
        return process >= 0 && process < row.length ? row[process] : 0;
    }

    /** All waiting charged to {@code process}. */
    public double total(int process) {
        double t = 0;
        for (WaitPattern p : WaitPattern.values()) {
            t += seconds(p, process);
        }
        return t;
    }

    /** Waiting of {@code pattern} summed over all processes. */
    public double total(WaitPattern pattern) {
        double t = 0;
        for (double v : seconds[pattern.ordinal()]) {
            t += v;
        }
        return t;
    }

    /** All waiting of all processes. */
    public double total() {
        double t = 0;
        for (WaitPattern p : WaitPattern.values()) {
            t += total(p);
        }
        return t;
    }

    public double offset(int process) {
        return process >= 0 && process < offsets.length ? offsets[process] : 0;
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
