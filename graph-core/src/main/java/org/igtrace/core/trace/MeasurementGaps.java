package org.igtrace.core.trace;

import java.util.Arrays;

/**
 * The intervals of one location during which recording was switched off (definitions section 3: from a
 * {@code MeasurementOnOff} OFF to the next ON, or to the location's last event when none follows). What
 * happened then is unknown, not computation: the analyses leave these intervals out of the times they
 * measure. Fed in time order; intervals are kept disjoint and in order, with their lengths added up, so
 * that {@link #between} answers in {@code O(log n)}.
 */
public final class MeasurementGaps {
    private long[] start = new long[0];
    private long[] end = new long[0];
    /** Ticks off in intervals 0..i. */
    private long[] total = new long[0];
    private int count;
    private boolean off;
    private long offSince;

    /** A {@code MeasurementOnOff} event: {@code on} false switches recording off, true on again. */
    public void measurement(long time, boolean on) {
        if (!on && !off) {
            off = true;
            offSince = time;
        } else if (on && off) {
            off = false;
            add(offSince, time);
        }
    }

    /** The location's events are over, its last at {@code lastTime}: a gap still open ends there. */
    public void end(long lastTime) {
        if (off) {
            off = false;
            add(offSince, lastTime);
        }
    }

    private void add(long from, long to) {
        if (count > 0) {
            from = Math.max(from, end[count - 1]); // a time that went back: the intervals stay disjoint
        }
        if (to <= from) {
            return;
        }
        if (count == start.length) {
            int n = Math.max(4, count * 2);
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            total = Arrays.copyOf(total, n);
        }
        start[count] = from;
        end[count] = to;
        total[count] = (count == 0 ? 0 : total[count - 1]) + (to - from);
        count++;
    }

    /** Whether recording was never off (so far). */
    public boolean isEmpty() {
        return count == 0 && !off;
    }

    /** Ticks off before {@code t}. */
    private long before(long t) {
        int lo = 0, hi = count - 1, last = -1; // the last interval that starts before t
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] < t) {
                last = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (last < 0) {
            return 0;
        }
        return (last == 0 ? 0 : total[last - 1]) + Math.min(t, end[last]) - start[last];
    }

    /** Ticks off between {@code from} and {@code to} (0 when {@code to <= from}). */
    public long between(long from, long to) {
        return count == 0 || to <= from ? 0 : before(to) - before(from);
    }

    /**
     * The intervals off clipped to {@code [from, to]}, disjoint and in order, as {@code start, end} pairs.
     *
     * @param from the first time kept
     * @param to the last time kept
     * @return the pairs (empty when none lies between)
     */
    public long[] intervalsBetween(long from, long to) {
        long[] out = new long[count * 2];
        int n = 0;
        for (int i = 0; i < count; i++) {
            long a = Math.max(from, start[i]), b = Math.min(to, end[i]);
            if (b > a) {
                out[n++] = a;
                out[n++] = b;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The most processes {@link #perProcess} names one by one. */
    static final int NAMED_PROCESSES = 8;

    /**
     * "rank 0 for 10 ms, rank 3 for 2 ms and 5 more processes 1.2 ms": how long recording was off per process
     * (ticks, by rank), for the notes; null when never.
     */
    public static String perProcess(long[] offTicks, double ticksPerSecond) {
        return perProcess(offTicks, ticksPerSecond, java.util.function.IntUnaryOperator.identity());
    }

    /**
     * {@link #perProcess(long[], double)} with {@code offTicks} by process number, each named by its world rank
     * ({@code worldRank}: {@link TraceDefinitions#worldRank}).
     */
    public static String perProcess(long[] offTicks, double ticksPerSecond, java.util.function.IntUnaryOperator worldRank) {
        return WorldRankNotes.recordingOff(offTicks, ticksPerSecond, worldRank);
    }
}
