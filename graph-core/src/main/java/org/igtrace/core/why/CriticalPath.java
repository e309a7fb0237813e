package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The critical path of the measured run (definitions section 14), on corrected clocks: from the end
 * of the process that ends last, walking back in time; in a call that waited (the {@link WaitLog}'s
 * waits), jump to the process it waited for at the time its waiting ended (the sender at its send's
 * enter, the last member to enter a collective; an all-to-one's root, whose wait ends at the first member's enter,
 * to the last member at its enter: {@link WaitLog#jumpsOf}) and go on back from there; otherwise stay on the same
 * process, down to the run's start. The path is a list of segments, each a stretch of one process;
 * they join end to end, so its length is the measured run time ({@code max end - min start}).
 *
 * <p>Memory: the walk needs only the waits (per waiter, sorted by enter) and the spans: one cursor per
 * process moving back, since the time only decreases; segments are at most one per wait, plus one.
 */
public final class CriticalPath {
    /**
     * One stretch of the path on {@code process}, {@code from} to {@code to} (corrected ticks). It
     * was reached, going back in time, from process {@code to}'s side: the segment after it (in time)
     * starts at {@code to}. {@code cause} is the process the path jumps to at {@code from} (-1: none,
     * the run's start), {@code transfer} the ticks of the waiting call after its waiting ended (the
     * message's or collective's time on the path).
     */
    public record Segment(int process, long from, long to, int cause, long transfer) {
        public long length() {
            return to - from;
        }
    }

    private final List<Segment> segments;
    private final long start;
    private final long end;

    private CriticalPath(List<Segment> segments, long start, long end) {
        this.segments = segments;
        this.start = start;
        this.end = end;
    }

    /**
     * The path of the run read into {@code waits} and {@code slices}, each process spanning its slices' span moved by
     * its clock offset (ends the slices' recording).
     */
    public static CriticalPath of(WaitLog waits, RegionSlices slices) {
        slices.finish();
        int n = slices.processCount();
        long[] starts = new long[n], ends = new long[n];
        for (int p = 0; p < n; p++) {
            starts[p] = slices.has(p) ? slices.start(p) + waits.offset(p) : Long.MIN_VALUE;
            ends[p] = slices.has(p) ? slices.end(p) + waits.offset(p) : Long.MIN_VALUE;
        }
        return walk(waits, starts, ends);
    }

    /**
     * The path of a run whose processes span {@code starts[p]} to {@code ends[p]} (corrected ticks;
     * {@code Long.MIN_VALUE}: a process with no events), through the waits of {@code waits}.
     */
    public static CriticalPath walk(WaitLog waits, long[] starts, long[] ends) {
        int n = starts.length;
        long runStart = Long.MAX_VALUE, runEnd = Long.MIN_VALUE;
        int p = -1;
        boolean spanned = false; // whether p spans some time: one that spans none (a --window inside its MPI_Init) ends no path
        for (int q = 0; q < n; q++) {
            if (starts[q] == Long.MIN_VALUE) {
                continue;
            }
            runStart = Math.min(runStart, starts[q]);
            boolean spans = ends[q] > starts[q];
            if (p < 0 || spans && !spanned || spans == spanned && ends[q] > ends[p]) {
                p = q;
                spanned = spans;
            }
            runEnd = Math.max(runEnd, ends[q]);
        }
        List<Segment> segments = new ArrayList<>();
        if (p < 0) {
            return new CriticalPath(segments, 0, 0);
        }
        // per process its waits and its jumps that are no wait ({@link WaitLog#jumpsOf}), each read back from a cursor
        WaitLog.Waits[] of = new WaitLog.Waits[2 * n];
        int[] cursor = new int[2 * n];
        for (int q = 0; q < n; q++) {
            of[q] = waits.ofWaiter(q);
            of[n + q] = waits.jumpsOf(q);
            cursor[q] = of[q].size();
            cursor[n + q] = of[n + q].size();
        }
        long t = runEnd;
        int still = 0; // jumps in a row that did not move back in time
        while (true) {
            // of p's calls entered before t, the latest (its waits and its jumps)
            int list = -1;
            long enter = Long.MIN_VALUE;
            for (int l = p; l <= n + p; l += n) {
                WaitLog.Waits mine = of[l];
                int k = cursor[l];
                while (k > 0 && mine.enter(k - 1) >= t) {
                    k--;
                }
                cursor[l] = k;
                if (k > 0 && mine.enter(k - 1) > enter) {
                    list = l;
                    enter = mine.enter(k - 1);
                }
            }
            if (list < 0 || t <= runStart) {
                segments.add(new Segment(p, runStart, Math.max(runStart, t), -1, 0));
                break;
            }
            // the call's wait or jump that ended last (a call may hold several: a late sender and a late receiver)
            WaitLog.Waits best = null;
            int bestAt = -1;
            long bestEnd = Long.MIN_VALUE;
            for (int l = p; l <= n + p; l += n) {
                WaitLog.Waits mine = of[l];
                for (int j = cursor[l] - 1; j >= 0 && mine.enter(j) == enter; j--) {
                    long end = mine.end(j);
                    if (best == null || end > bestEnd) {
                        best = mine;
                        bestAt = j;
                        bestEnd = end;
                    }
                }
            }
            long jump = Math.max(runStart, Math.min(bestEnd, t));
            if (jump == t && ++still > n) {
                // a ring of waits ending at one instant: leave this call behind and stay
                cursor[list]--;
                still = 0;
                continue;
            }
            if (jump < t) {
                still = 0;
            }
            long transfer = Math.max(0, Math.min(best.leave(bestAt), t) - jump);
            int cause = best.cause(bestAt);
            segments.add(new Segment(p, jump, t, cause, transfer));
            p = cause;
            t = jump;
        }
        Collections.reverse(segments);
        return new CriticalPath(segments, runStart, runEnd);
    }

    /** The segments in time order. */
    public List<Segment> segments() {
        return segments;
    }

    /** The run's start and end (corrected ticks). */
    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    /** The path's length: the sum of its segments (ticks), the measured run time. */
    public long length() {
        long sum = 0;
        for (Segment s : segments) {
            sum += s.length();
        }
        return sum;
    }
}
