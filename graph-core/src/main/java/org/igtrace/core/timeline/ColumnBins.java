package org.igtrace.core.timeline;

/**
 * Time per state class in a fixed number of equal bins from an origin, for one location: the
 * level of detail of a timeline row. When an interval ends past the last bin, neighbouring bins
 * are merged pairwise and the bin width doubles, so memory is {@code bins x classes} whatever the
 * number of events or the length of the run.
 */
final class ColumnBins extends BinGrid {
    private final float[][] ticks;

    ColumnBins(long origin, int bins, long initialWidth) {
        super(origin, bins, initialWidth);
        this.ticks = new float[StateClass.RECORDED][bins];
    }

    @Override
    float ticks(int stateClass, int bin) {
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
        fit(s, end);
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

    @Override
    void mergePairs() {
        for (float[] row : ticks) {
            for (int b = 0; b < bins / 2; b++) {
                row[b] = row[2 * b] + row[2 * b + 1];
            }
            java.util.Arrays.fill(row, bins / 2, bins, 0f);
        }
    }
}
