package org.igtrace.core.timeline;

/**
 * Time per state class in a fixed number of equal bins from an origin, for one location: the
 * level of detail of a timeline row. When an interval ends past the last bin, neighbouring bins
 * are merged pairwise and the bin width doubles, so memory is {@code bins x classes} whatever the
 * number of events or the length of the run.
 */
final class ColumnBins implements BinnedTicks {
    private final long origin;
    private long earliest = Long.MAX_VALUE;
    private long latest = Long.MIN_VALUE;
    private final int bins;
    private long width;
    /** {@code log2(width)} while the width is a power of two (it stays one as it doubles), else -1: bins by shifts. */
    private int shift;
    /** {@code bins x width}, the ticks after the origin the bins cover (Long.MAX_VALUE past overflow). */
    private long covered;
    private final float[][] ticks;

    ColumnBins(long origin, int bins, long initialWidth) {
        this.origin = origin;
        this.bins = bins;
        this.width = Math.max(1, initialWidth);
        this.shift = Long.bitCount(width) == 1 ? Long.numberOfTrailingZeros(width) : -1;
        this.covered = cover(bins, width);
        this.ticks = new float[StateClass.COUNT][bins];
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

    @Override
    public float ticks(int stateClass, int bin) {
        return ticks[stateClass][bin];
    }

    /** Adds the interval [start, end) of {@code stateClass}. */
    void add(int stateClass, long start, long end) {
        if (end <= start) {
            return;
        }
        long s = Math.max(start, origin);
        if (end <= s) {
            return;
        }
        earliest = Math.min(earliest, s);
        latest = Math.max(latest, end);
        while (end - origin > covered) { // the last bin, (end - origin - 1) / width, is past the bins
            coarsen();
        }
        float[] row = ticks[stateClass];
        int first = bin(s - origin), last = bin(end - origin - 1);
        if (first == last) {
            row[first] += end - s;
            return;
        }
        row[first] += (origin + (first + 1) * width) - s;
        for (int b = first + 1; b < last; b++) {
            row[b] += width;
        }
        row[last] += end - (origin + last * width);
    }

    /** Adds the time of class {@code from} to class {@code to}, leaving {@code from} empty. */
    void merge(int from, int to) {
        for (int b = 0; b < bins; b++) {
            ticks[to][b] += ticks[from][b];
            ticks[from][b] = 0;
        }
    }

    private void coarsen() {
        for (float[] row : ticks) {
            for (int b = 0; b < bins / 2; b++) {
                row[b] = row[2 * b] + row[2 * b + 1];
            }
            java.util.Arrays.fill(row, bins / 2, bins, 0f);
        }
        width *= 2;
        shift = shift >= 0 ? shift + 1 : -1;
        covered = cover(bins, width);
    }
}
