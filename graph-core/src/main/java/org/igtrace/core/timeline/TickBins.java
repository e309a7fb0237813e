package org.igtrace.core.timeline;

/**
 * The waiting time of one process in a fixed number of equal bins from an origin, in whole ticks.
 * As in {@link ColumnBins}, when an interval ends past the last bin, neighbouring bins are merged
 * pairwise and the width doubles. Whole ticks add up exactly whatever the order the intervals come
 * in, so the bins of several join threads, {@link #add(TickBins) added}, are those of one thread.
 */
final class TickBins implements BinnedTicks {
    private final long origin;
    private long earliest = Long.MAX_VALUE;
    private long latest = Long.MIN_VALUE;
    private final int bins;
    private long width;
    /** {@code log2(width)} while the width is a power of two (it stays one as it doubles), else -1: bins by shifts. */
    private int shift;
    /** {@code bins x width}, the ticks after the origin the bins cover (Long.MAX_VALUE past overflow). */
    private long covered;
    private final long[] ticks;

    TickBins(long origin, int bins, long initialWidth) {
        this.origin = origin;
        this.bins = bins;
        this.width = Math.max(1, initialWidth);
        this.shift = Long.bitCount(width) == 1 ? Long.numberOfTrailingZeros(width) : -1;
        this.covered = cover(bins, width);
        this.ticks = new long[bins];
    }

    private static long cover(int bins, long width) {
        return width > Long.MAX_VALUE / bins ? Long.MAX_VALUE : bins * width;
    }

    /** The bin of {@code ticks} past the origin (0 or more). */
    private int bin(long ticks) {
        return (int) (shift >= 0 ? ticks >>> shift : ticks / width);
    }

    @Override
    public long earliest() {
        return earliest;
    }

    @Override
    public long latest() {
        return latest;
    }

    @Override
    public long origin() {
        return origin;
    }

    @Override
    public long width() {
        return width;
    }

    @Override
    public int bins() {
        return bins;
    }

    /** The waiting ticks of a bin as a float (what {@link ColumnBins} holds), 0 for other classes. */
    @Override
    public float ticks(int stateClass, int bin) {
        return stateClass == StateClass.WAITING ? (float) ticks[bin] : 0f;
    }

    /** Adds the interval [start, end). */
    void add(long start, long end) {
        long s = Math.max(start, origin);
        if (end <= s) {
            return;
        }
        earliest = Math.min(earliest, s);
        latest = Math.max(latest, end);
        while (end - origin > covered) { // the last bin, (end - origin - 1) / width, is past the bins
            coarsen();
        }
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

    private void coarsen() {
        long[] merged = coarsened(ticks);
        System.arraycopy(merged, 0, ticks, 0, bins);
        width *= 2;
        shift = shift >= 0 ? shift + 1 : -1;
        covered = cover(bins, width);
    }

    private static long[] coarsened(long[] ticks) {
        long[] merged = new long[ticks.length];
        for (int b = 0; b < ticks.length / 2; b++) {
            merged[b] = ticks[2 * b] + ticks[2 * b + 1];
        }
        return merged;
    }
}
