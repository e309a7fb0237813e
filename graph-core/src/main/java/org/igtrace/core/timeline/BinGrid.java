package org.igtrace.core.timeline;

/**
 * A fixed number of equal bins from an origin, for one row: when an interval ends past the last bin,
 * neighbouring bins are merged pairwise and the bin width doubles, so memory does not depend on the number
 * of events or the length of the run. What a bin holds is the subclass's ({@link ColumnBins}: time per state
 * class; {@link TickBins}: whole waiting ticks); the subclass adds an interval's share to each bin it covers
 * (from {@link #bin} and {@link #width}) after {@link #fit} made room. {@link #spread} puts a row's bins into its
 * pixel columns.
 */
abstract class BinGrid {
    final long origin;
    /** The earliest start of the time added (Long.MAX_VALUE when none): the first bin holds time from there on. */
    long earliest = Long.MAX_VALUE;
    /** The latest end of the time added (Long.MIN_VALUE when none): the last bin holds time up to there. */
    long latest = Long.MIN_VALUE;
    final int bins;
    long width;
    /** {@code log2(width)} while the width is a power of two (it stays one as it doubles), else -1: bins by shifts. */
    private int shift;
    /** {@code bins x width}, the ticks after the origin the bins cover (Long.MAX_VALUE past overflow). */
    private long covered;

    BinGrid(long origin, int bins, long initialWidth) {
        this.origin = origin;
        this.bins = bins;
        this.width = Math.max(1, initialWidth);
        this.shift = Long.bitCount(width) == 1 ? Long.numberOfTrailingZeros(width) : -1;
        this.covered = cover(bins, width);
    }

    private static long cover(int bins, long width) {
        return width > Long.MAX_VALUE / bins ? Long.MAX_VALUE : bins * width;
    }

    /** The bin of {@code ticks} past the origin (0 or more). */
    final int bin(long ticks) {
        return (int) (shift >= 0 ? ticks >>> shift : ticks / width);
    }

    /** Notes the interval [s, end) (s at or after the origin, before end) and widens the bins until it fits. */
    final void fit(long s, long end) {
        earliest = Math.min(earliest, s);
        latest = Math.max(latest, end);
        while (end - origin > covered) { // the last bin, (end - origin - 1) / width, is past the bins
            coarsen();
        }
    }

    /** Merges neighbouring bins pairwise and doubles the width. */
    final void coarsen() {
        mergePairs();
        width *= 2;
        shift = shift >= 0 ? shift + 1 : -1;
        covered = cover(bins, width);
    }

    /** Puts the values of bins {@code 2b} and {@code 2b + 1} together into bin {@code b}; the upper half becomes 0. */
    abstract void mergePairs();

    /**
     * Adds the stretch [from, to] (seconds) of one state to its class's pixel columns ({@code share[column]}), each by the
     * share of the column it covers: a row's MPI_Init, which the bins leave out (they start after it), where it lies after
     * the timeline's left edge (a process still in MPI_Init when the earliest left it: blank, where the same rows drawn
     * state by state showed it).
     */
    static void fill(float[] share, double from, double to, double start, double perColumn) {
        double a = (from - start) / perColumn, b = (to - start) / perColumn;
        for (int c = (int) Math.max(0, Math.floor(a)); c < share.length && c < b; c++) {
            share[c] += (float) (Math.min(b, c + 1) - Math.max(a, c));
        }
    }

    /**
     * The shares of a row of {@code threads} locations as the row's: each column's share divided by them, at most 1.
     *
     * @param shares  per class and column, the locations' shares added up (changed in place)
     * @param threads the row's locations
     * @return {@code shares}
     */
    static float[][] perThread(float[][] shares, int threads) {
        float n = Math.max(1, threads);
        for (float[] row : shares) {
            for (int c = 0; c < row.length; c++) {
                row[c] = Math.min(1f, row[c] / n);
            }
        }
        return shares;
    }

    /** The time of class {@code stateClass} in bin {@code bin} (ticks). */
    abstract float ticks(int stateClass, int bin);

    /**
     * Adds each bin's time, as a share of a column's time in class {@code map[k]}, to the pixel
     * columns ({@code shares[class][column]}) the bin overlaps, in proportion to the overlap (all of
     * it to the column of its middle left a column with no bin blank wherever bins and columns are
     * not the same width: white stripes every 13 px in a two-thread row of synth-plain). A bin's time
     * lies between its edges, and within the time the bins were given (the first and last bins, which
     * bins that double in width need not fill); what falls outside the timeline (a row shifted by its
     * clock offset past a window's edge) is not drawn.
     *
     * @param seconds   the timeline's seconds of a tick
     * @param shift     the row's clock offset, seconds
     * @param start     the timeline's left edge, seconds
     * @param perColumn seconds per pixel column
     */
    final void spread(float[][] shares, int[] map, java.util.function.LongToDoubleFunction seconds, double ticksPerSecond, double shift,
                        double start, double perColumn) {
        int columns = shares[0].length;
        for (int b = 0; b < bins; b++) {
            long binStart = Math.max(origin + b * width, earliest);
            long binEnd = Math.min(origin + (b + 1) * width, latest);
            if (binEnd <= binStart) {
                continue;
            }
            double from = (seconds.applyAsDouble(binStart) + shift - start) / perColumn;
            double to = (seconds.applyAsDouble(binEnd) + shift - start) / perColumn;
            double extent = to - from;
            int first = (int) Math.max(0, Math.floor(from));
            int last = (int) Math.min(columns - 1, Math.ceil(to) - 1);
            for (int c = first; c <= last; c++) {
                double part = extent > 0 ? (Math.min(to, c + 1) - Math.max(from, c)) / extent : 1;
                if (part <= 0) {
                    continue;
                }
                for (int k = 0; k < map.length; k++) {
                    float t = map[k] < 0 ? 0 : ticks(k, b);
                    if (t > 0) {
                        shares[map[k]][c] += (float) (t / ticksPerSecond / perColumn * part);
                    }
                }
            }
        }
    }
}
