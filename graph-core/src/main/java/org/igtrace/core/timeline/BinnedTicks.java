package org.igtrace.core.timeline;

/** Time per state class in equal bins from an origin: what a row's pixel columns are spread from. */
interface BinnedTicks {
    long origin();

    long width();

    int bins();

    float ticks(int stateClass, int bin);

    /** The earliest start of the time added (Long.MAX_VALUE when none): the first bin holds time from there on. */
    long earliest();

    /** The latest end of the time added (Long.MIN_VALUE when none): the last bin holds time up to there. */
    long latest();

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
    default void spread(float[][] shares, int[] map, java.util.function.LongToDoubleFunction seconds, double ticksPerSecond, double shift,
                        double start, double perColumn) {
        int columns = shares[0].length;
        for (int b = 0; b < bins(); b++) {
            long binStart = Math.max(origin() + b * width(), earliest());
            long binEnd = Math.min(origin() + (b + 1) * width(), latest());
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
                for (int k = 0; k < StateClass.COUNT; k++) {
                    float t = ticks(k, b);
                    if (t > 0) {
                        shares[map[k]][c] += (float) (t / ticksPerSecond / perColumn * part);
                    }
                }
            }
        }
    }
}
