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
    /**
     * Receives, for interval {@code query}, {@code ticks} of region {@code region} (in MPI if {@code mpi}), computing under
     * the outermost region {@code top} ({@link SliceCursor#top}).
     */
    @FunctionalInterface
    interface Overlap {
        void add(int query, int region, int top, boolean mpi, long ticks);
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
        SliceCursor c = slices.cursor(process);
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
                    out.add(q, c.region, c.top, c.mpi, overlap);
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
