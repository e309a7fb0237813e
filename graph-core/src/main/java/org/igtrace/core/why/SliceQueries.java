package org.igtrace.core.why;

import java.util.Arrays;

/**
 * What a process did in given intervals: one read of its {@link RegionSlices} in time order answers
 * intervals sorted by their start, keeping only the slices that overlap an interval not yet passed
 * (memory: the slices of the longest interval, not of the run). Intervals are in corrected ticks;
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
     * overlap with a slice goes to {@code out}.
     */
    static void answer(RegionSlices slices, int process, long offset, long[] from, long[] to, Overlap out) {
        if (!slices.has(process) || from.length == 0) {
            return;
        }
        long spanFrom = slices.start(process), spanTo = slices.end(process);
        RegionSlices.Cursor c = slices.cursor(process);
        long[] bf = new long[16], bt = new long[16];
        int[] br = new int[16];
        boolean[] bm = new boolean[16];
        int head = 0, tail = 0;
        boolean more = true;
        for (int q = 0; q < from.length; q++) {
            long a = Math.max(from[q] - offset, spanFrom), b = Math.min(to[q] - offset, spanTo);
            while (head < tail && bt[head] <= a) {
                head++;
            }
            while (more && (head == tail || bf[tail - 1] < b)) {
                more = c.next();
                if (!more) {
                    break;
                }
                if (c.to <= a) {
                    continue;
                }
                if (tail == bf.length) {
                    int live = tail - head;
                    int size = live * 2 > bf.length ? bf.length * 2 : bf.length;
                    bf = shift(bf, head, live, size);
                    bt = shift(bt, head, live, size);
                    br = shift(br, head, live, size);
                    bm = shift(bm, head, live, size);
                    head = 0;
                    tail = live;
                }
                bf[tail] = c.from;
                bt[tail] = c.to;
                br[tail] = c.region;
                bm[tail] = c.mpi;
                tail++;
            }
            for (int i = head; i < tail && bf[i] < b; i++) {
                long overlap = Math.min(bt[i], b) - Math.max(bf[i], a);
                if (overlap > 0) {
                    out.add(q, br[i], bm[i], overlap);
                }
            }
        }
    }

    private static long[] shift(long[] a, int head, int live, int size) {
        long[] r = new long[size];
        System.arraycopy(a, head, r, 0, live);
        return r;
    }

    private static int[] shift(int[] a, int head, int live, int size) {
        int[] r = new int[size];
        System.arraycopy(a, head, r, 0, live);
        return r;
    }

    private static boolean[] shift(boolean[] a, int head, int live, int size) {
        boolean[] r = new boolean[size];
        System.arraycopy(a, head, r, 0, live);
        return r;
    }

    /** Sorts interval indexes by start (then end): the order {@link #answer} needs. */
    static int[] byStart(long[] from, long[] to) {
        Integer[] order = new Integer[from.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> from[x] != from[y] ? Long.compare(from[x], from[y]) : Long.compare(to[x], to[y]));
        int[] r = new int[order.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = order[i];
        }
        return r;
    }
}
