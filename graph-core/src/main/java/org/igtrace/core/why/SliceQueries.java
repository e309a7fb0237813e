package org.igtrace.core.why;

import java.util.Arrays;
import org.igtrace.core.util.IndexSort;

/**
 * What a process did in given intervals: one read of its {@link RegionSlices} in time order answers
 * intervals sorted by their start, keeping only the intervals the current slice may overlap
 * (memory: the intervals open at once, not the slices). Intervals are in corrected ticks;
 * the slices are on the process's own clock, moved by its offset. Time outside the process's span
 * is left out.
 */
final class SliceQueries {
    /** Receives, for interval {@code query}, {@code ticks} of region {@code region} (in MPI if {@code mpi}). */
    @FunctionalInterface
    interface Overlap {
        void add(int query, int region, boolean mpi, long ticks);
    }

    private SliceQueries() {
    }

    /**
     * Answers intervals {@code from[i]..to[i]} (sorted by {@code from}) of {@code process}: every
     * overlap with a slice goes to {@code out}, slice by slice (the overlaps of intervals that overlap
     * each other interleave). Nothing is buffered but the intervals a slice may still overlap.
     */
    static void answer(RegionSlices slices, int process, long offset, long[] from, long[] to, Overlap out) {
        if (!slices.has(process) || from.length == 0) {
            return;
        }
        long spanFrom = slices.start(process), spanTo = slices.end(process);
        RegionSlices.Cursor c = slices.cursor(process);
        int[] active = new int[16];
        int live = 0, next = 0;
        while (c.next()) {
            long a = Math.max(c.from, spanFrom), b = Math.min(c.to, spanTo);
            if (b <= a) {
                continue;
            }
            while (next < from.length && from[next] - offset < b) {
                if (live == active.length) {
                    active = Arrays.copyOf(active, live * 2);
                }
                active[live++] = next++;
            }
            int kept = 0;
            for (int k = 0; k < live; k++) {
                int q = active[k];
                long overlap = Math.min(b, to[q] - offset) - Math.max(a, from[q] - offset);
                if (overlap > 0) {
                    out.add(q, c.region, c.mpi, overlap);
                }
                if (to[q] - offset > b) {
                    active[kept++] = q; // it may overlap later slices
                }
            }
            live = kept;
            if (live == 0 && next == from.length) {
                return;
            }
        }
    }

    /** Regions (with the time outside every region) up to which {@link #compute} keeps a counter per region. */
    static final int COUNTERS = 64;

    /**
     * As {@link #answer}, only the compute (no MPI), each interval's total per region at once, regions in
     * ascending order: one read of the slices keeping a running total per region; an interval's share is
     * the totals at its end less those at its start (memory: a copy of the totals per interval open at
     * once; the time per slice does not grow with the intervals open). Traces with more regions than
     * {@link #COUNTERS} take {@link #answer}.
     */
    static void compute(RegionSlices slices, int process, long offset, long[] from, long[] to, Overlap out) {
        int regions = slices.definitions().regionCount() + 1;
        if (regions > COUNTERS) {
            answer(slices, process, offset, from, to, (q, region, mpi, ticks) -> {
                if (!mpi) {
                    out.add(q, region, false, ticks);
                }
            });
            return;
        }
        if (!slices.has(process) || from.length == 0) {
            return;
        }
        int n = from.length;
        int[] byEnd = new int[n];
        for (int i = 0; i < n; i++) {
            byEnd[i] = i;
        }
        IndexSort.sort(byEnd, (x, y) -> Long.compare(to[x], to[y]));
        long spanFrom = slices.start(process), spanTo = slices.end(process);
        long[] total = new long[regions];
        long[] pool = new long[16 * regions];
        int[] slot = new int[n];
        int[] free = new int[16];
        int freeCount = 0, slots = 0;
        int starts = 0, ends = 0;
        RegionSlices.Cursor c = slices.cursor(process);
        boolean more = true;
        while (ends < n) {
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
            while (ends < n) {
                boolean start = starts < n && from[starts] <= to[byEnd[ends]];
                int q = start ? starts : byEnd[ends];
                long t = (start ? from[q] : to[q]) - offset;
                if (t >= b) {
                    break;
                }
                long partial = r >= 0 && t > a ? t - a : 0;
                if (start) {
                    if (freeCount == 0) {
                        if ((slots + 1) * regions > pool.length) {
                            pool = Arrays.copyOf(pool, pool.length * 2);
                        }
                        free[freeCount++] = slots++;
                    }
                    int s = free[--freeCount];
                    slot[q] = s;
                    System.arraycopy(total, 0, pool, s * regions, regions);
                    if (r >= 0) {
                        pool[s * regions + r] += partial;
                    }
                    starts++;
                } else {
                    int s = slot[q], at = s * regions;
                    for (int k = 0; k < regions; k++) {
                        long ticks = total[k] + (k == r ? partial : 0) - pool[at + k];
                        if (ticks > 0) {
                            out.add(q, k - 1, false, ticks);
                        }
                    }
                    if (freeCount == free.length) {
                        free = Arrays.copyOf(free, freeCount * 2);
                    }
                    free[freeCount++] = s;
                    ends++;
                }
            }
            if (r >= 0) {
                total[r] += b - a;
            }
        }
    }

    /** Sorts interval indexes by start (then end): the order {@link #answer} needs. */
    static int[] byStart(long[] from, long[] to) {
        int[] r = new int[from.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = i;
        }
        IndexSort.sort(r, (x, y) -> from[x] != from[y] ? Long.compare(from[x], from[y]) : Long.compare(to[x], to[y]));
        return r;
    }
}
