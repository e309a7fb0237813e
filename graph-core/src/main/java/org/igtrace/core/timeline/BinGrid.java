package org.igtrace.core.timeline;

/**
 * A fixed number of equal bins from an origin, for one row: when an interval ends past the last bin,
 * neighbouring bins are merged pairwise and the bin width doubles, so memory does not depend on the number
 * of events or the length of the run. What a bin holds is the subclass's ({@link ColumnBins}: time per state
 * class; {@link TickBins}: whole waiting ticks); the subclass adds an interval's share to each bin it covers
 * (from {@link #bin} and {@link #width}) after {@link #fit} made room.
 */
abstract class BinGrid implements BinnedTicks {
    final long origin;
    long earliest = Long.MAX_VALUE;
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

    @Override
    public final long earliest() {
        return earliest;
    }

    @Override
    public final long latest() {
        return latest;
    }

    @Override
    public final long origin() {
        return origin;
    }

    @Override
    public final long width() {
        return width;
    }

    @Override
    public final int bins() {
        return bins;
    }
}
