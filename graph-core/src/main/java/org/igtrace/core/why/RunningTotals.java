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

    /** Regions (with the time outside every region) up to which a running total is kept per region. */
    static final int COUNTERS = 64;

    /**
     * Answers the intervals of {@code process} ({@code starts} by start, {@code ends} the same ones by end) into {@code out};
     * with {@code whole}, its slices are read to the end and the process's compute per region + 1 within its span is
     * returned (what {@link WhatIf#totals} gives), else null.
     */
    static long[] compute(RegionSlices slices, int process, long offset, Source starts, Source ends, Out out, boolean whole) {
        int regions = slices.regionCount() + 1;
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
        RunningTotals w = new RunningTotals(slices, process, offset, starts, ends, out, regions, moreStarts, moreEnds);
        while (w.moreEnds) {
            w.slice();
        }
        while (w.moreStarts) {
            w.moreStarts = starts.next();
        }
        return whole ? w.rest() : null;
    }

    // One process's walk, in small methods (the slice loop is compiled once, without a rare branch inside it to deoptimise).
    private final Source starts;
    private final Source ends;
    private final Out out;
    private final long offset;
    private final int regions;
    private final long spanFrom;
    private final long spanTo;
    private final SliceCursor c;
    /** The running total per region + 1 up to the current slice. */
    private final long[] total;
    /** Per start time still open: the totals there, and (last) how many intervals starting there are open. */
    private final Map<Long, long[]> open = new HashMap<>();
    private final ArrayDeque<long[]> free = new ArrayDeque<>();
    private boolean more = true;
    private boolean moreStarts;
    private boolean moreEnds;

    private RunningTotals(RegionSlices slices, int process, long offset, Source starts, Source ends, Out out, int regions,
                          boolean moreStarts, boolean moreEnds) {
        this.starts = starts;
        this.ends = ends;
        this.out = out;
        this.offset = offset;
        this.regions = regions;
        this.spanFrom = slices.start(process);
        this.spanTo = slices.end(process);
        this.c = slices.computeCursor(process); // the slices outside MPI: the others add to no total
        this.total = new long[regions];
        this.moreStarts = moreStarts;
        this.moreEnds = moreEnds;
    }

    /** The next slice (past the last one: every point left is before its end) and the points before its end. */
    private void slice() {
        long a = Long.MAX_VALUE, b = Long.MAX_VALUE;
        int r = -1;
        if (more && (more = c.next())) {
            a = Math.max(c.from, spanFrom);
            b = Math.min(c.to, spanTo);
            if (b <= a) {
                return;
            }
            r = c.mpi ? -1 : c.region + 1;
        }
        points(a, b, r);
        if (r >= 0) {
            total[r] += b - a;
        }
    }

    /** The points before the end {@code b} of the slice from {@code a} of region {@code r} + 1, in time order (an interval's start before ends at the same time). */
    private void points(long a, long b, int r) {
        while (moreEnds) {
            boolean start = moreStarts && starts.from() <= ends.to();
            long at = start ? starts.from() : ends.to();
            long t = at - offset;
            if (t >= b) {
                return;
            }
            long partial = r >= 0 && t > a ? t - a : 0;
            if (start) {
                started(at, r, partial);
            } else {
                ended(r, partial);
            }
        }
    }

    /** An interval starts at {@code at} (raw ticks), {@code partial} ticks into the current slice's region r + 1. */
    private void started(long at, int r, long partial) {
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
    }

    /** The interval {@code ends} is at ends, {@code partial} ticks into the current slice's region r + 1: its compute per region. */
    private void ended(int r, long partial) {
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

    /** The totals with the rest of the span. */
    private long[] rest() {
        while (more && (more = c.next())) {
            long a = Math.max(c.from, spanFrom), b = Math.min(c.to, spanTo);
            if (b > a && !c.mpi) {
                total[c.region + 1] += b - a;
            }
        }
        return total;
    }
}
