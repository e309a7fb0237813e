package org.igtrace.core.timeline;

/**
 * The waiting time of one process in a fixed number of equal bins from an origin, in whole ticks.
 * As in {@link ColumnBins}, when an interval ends past the last bin, neighbouring bins are merged
 * pairwise and the width doubles. Whole ticks add up exactly whatever the order the intervals come
 * in, so the bins of several join threads, {@link #add(TickBins) added}, are those of one thread.
 */
final class TickBins extends BinGrid {
    private final long[] ticks;

    TickBins(long origin, int bins, long initialWidth) {
        super(origin, bins, initialWidth);
        this.ticks = new long[bins];
    }

    /** The waiting ticks of a bin as a float (what {@link ColumnBins} holds), 0 for other classes. */
    @Override
    float ticks(int stateClass, int bin) {
        return stateClass == StateClass.WAITING ? (float) ticks[bin] : 0f;
    }

    /** Adds the interval [start, end). */
    void add(long start, long end) {
        long s = Math.max(start, origin);
        if (end <= s) {
            return;
        }
        fit(s, end);
        int first = bin(s - origin), last = bin(end - origin - 1);
        if (first == last) {
            ticks[first] += end - s;
            return;
        }
        ticks[first] += (origin + (first + 1) * width) - s;
        for (int b = first + 1; b < last; b++) {
            ticks[b] += width;
        }
        ticks[last] += end - (origin + last * width);
    }

    /** Adds the bins of {@code other}, made with the same origin, bins and initial width. */
    void add(TickBins other) {
        earliest = Math.min(earliest, other.earliest);
        latest = Math.max(latest, other.latest);
        while (width < other.width) {
            coarsen();
        }
        long[] theirs = other.ticks;
        for (long w = other.width; w < width; w *= 2) {
            theirs = coarsened(theirs);
        }
        for (int b = 0; b < bins; b++) {
            ticks[b] += theirs[b];
        }
    }

    @Override
    void mergePairs() {
        long[] merged = coarsened(ticks);
        System.arraycopy(merged, 0, ticks, 0, bins);
    }

    private static long[] coarsened(long[] ticks) {
        long[] merged = new long[ticks.length];
        for (int b = 0; b < ticks.length / 2; b++) {
            merged[b] = ticks[2 * b] + ticks[2 * b + 1];
        }
        return merged;
    }
}
