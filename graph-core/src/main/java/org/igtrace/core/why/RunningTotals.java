package org.igtrace.core.why;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Each interval's compute per region (regions in ascending order; what {@link SliceQueries#answer} gives without
 * the MPI), with the intervals streamed instead of held: one read of a process's slices keeping a running total per region, the
 * intervals coming once sorted by start and once sorted by end. An interval's share is the totals at its end less
 * those at its start; the totals at a start are kept until the last interval starting there ends (intervals that
 * start at the same time share them). Memory: one copy of the totals per distinct start still open, not per
 * interval. For traces of up to {@link #COUNTERS} regions.
 */
final class RunningTotals {
    /** Intervals in order: {@link #next} moves to the next one (false: none left). Times are corrected ticks. */
    interface Source {
        boolean next();

        long from();

        long to();
    }

    /** Receives the compute of region {@code region} (-1: outside every region) in the interval {@code ends} is at. */
    @FunctionalInterface
    interface Out {
        void add(Source ended, int region, long ticks);
    }

    private RunningTotals() {
    }

    /** Regions (with the time outside every region) up to which a running total is kept per region. */
    static final int COUNTERS = 64;

    /**
     * Answers the intervals of {@code process} ({@code starts} by start, {@code ends} the same ones by end) into {@code out};
     * with {@code whole}, its slices are read to the end and the process's compute per region + 1 within its span is
     * returned (what {@link WhatIf#totals} gives), else null.
     */
    static long[] compute(RegionSlices slices, int process, long offset, Source starts, Source ends, Out out, boolean whole) {
        int regions = slices.definitions().regionCount() + 1;
        boolean moreStarts = starts.next(), moreEnds = ends.next();
        if (!slices.has(process)) {
            while (moreEnds) { // no slices: nothing computed
                moreEnds = ends.next();
            }
            while (moreStarts) {
                moreStarts = starts.next();
            }
            return whole ? new long[regions] : null;
        }
        long spanFrom = slices.start(process), spanTo = slices.end(process);
        long[] total = new long[regions];
        Map<Long, long[]> open = new HashMap<>(); // per start time still open: the totals there, and (last) how many are open
        ArrayDeque<long[]> free = new ArrayDeque<>();
        RegionSlices.Cursor c = slices.cursor(process);
        boolean more = true;
        while (moreEnds) {
            long a = Long.MAX_VALUE, b = Long.MAX_VALUE; // past the last slice: every point is after it
            int r = -1;
            if (more && (more = c.next())) {
                a = Math.max(c.from, spanFrom);
                b = Math.min(c.to, spanTo);
                if (b <= a) {
                    continue;
                }
                r = c.mpi ? -1 : c.region + 1;
            }
            // the points before this slice's end, in time order (an interval's start before ends at the same time)
            while (moreEnds) {
                boolean start = moreStarts && starts.from() <= ends.to();
                long at = start ? starts.from() : ends.to();
                long t = at - offset;
                if (t >= b) {
                    break;
                }
                long partial = r >= 0 && t > a ? t - a : 0;
                if (start) {
                    long[] kept = open.get(at);
                    if (kept == null) {
                        kept = free.isEmpty() ? new long[regions + 1] : free.pop();
                        System.arraycopy(total, 0, kept, 0, regions);
                        if (r >= 0) {
                            kept[r] += partial;
                        }
                        kept[regions] = 0;
                        open.put(at, kept);
                    }
                    kept[regions]++;
                    moreStarts = starts.next();
                } else {
                    long from = ends.from();
                    long[] kept = open.get(from);
                    for (int k = 0; k < regions; k++) {
                        long ticks = total[k] + (k == r ? partial : 0) - kept[k];
                        if (ticks > 0) {
                            out.add(ends, k - 1, ticks);
                        }
                    }
                    if (--kept[regions] == 0) {
                        open.remove(from);
                        free.push(kept);
                    }
                    moreEnds = ends.next();
                }
            }
            if (r >= 0) {
                total[r] += b - a;
            }
        }
        while (moreStarts) {
            moreStarts = starts.next();
        }
        if (!whole) {
            return null;
        }
        while (more && (more = c.next())) { // the rest of the span, for the totals
            long a = Math.max(c.from, spanFrom), b = Math.min(c.to, spanTo);
            if (b > a && !c.mpi) {
                total[c.region + 1] += b - a;
            }
        }
        return total;
    }
}
