package org.igtrace.core.why;

import java.util.Arrays;
import org.igtrace.core.replay.ComputeScaling;

/**
 * The what-if hypotheses of definitions section 14 as a scaling of the replay's compute bursts: each
 * process's compute in each region is multiplied by a factor ({@link #balance}: a region's total
 * made the mean on every process that runs it; {@link #atMedian}: a process's compute made the
 * median process's). A burst's replayed length is scaled by the ratio of its scaled compute to its
 * measured compute, read from the {@link RegionSlices} by a {@link BurstRegions} that the what-ifs of
 * one replay share (each burst read once for all of them; bursts come in time order, a replay that
 * starts again reads again). Time with recording off is no compute (the replay leaves it out,
 * definitions section 3): no what-if scales it or counts it.
 */
public final class WhatIf implements ComputeScaling {
    private final RegionSlices slices;
    private final BurstRegions regions;
    private final double[][] factor;
    /** Per process, whether all its factors are 1 (its bursts are replayed as measured, its slices not read). */
    private final boolean[] unchanged;
    /**
     * Per process, whether its bursts are replayed as measured: its factors all 1, or no slices; what {@link #burst} asks
     * first of every burst, in one array (the slices' own lookup was a load more per burst and what-if).
     */
    private final boolean[] asMeasured;

    private WhatIf(BurstRegions regions, double[][] factor) {
        this.slices = regions.slices();
        this.regions = regions;
        this.factor = factor;
        int n = slices.processCount();
        this.unchanged = new boolean[n];
        for (int p = 0; p < n && p < factor.length; p++) {
            unchanged[p] = Arrays.stream(factor[p]).allMatch(f -> f == 1);
        }
        this.asMeasured = new boolean[n];
        for (int p = 0; p < n; p++) {
            asMeasured[p] = !slices.has(p) || unchanged[p];
        }
    }


    /**
     * Per process and region + 1 (index 0: outside every region), its compute within its span, ticks; the last index is
     * the time recording was off ({@link RegionSlices#offRegion}), which is not compute.
     */
    public static long[][] totals(RegionSlices slices) {
        return totals(slices, new long[slices.processCount()][]);
    }

    /** {@code known} (per process, null: not known) with the rows not known filled as {@link #totals(RegionSlices)} gives them. */
    static long[][] totals(RegionSlices slices, long[][] known) {
        int regions = slices.regionCount() + 1;
        for (int p = 0; p < known.length; p++) {
            if (known[p] == null) {
                known[p] = total(slices, p, regions);
            }
        }
        return known;
    }

    /** Process p's row of {@link #totals(RegionSlices)}. */
    static long[] total(RegionSlices slices, int p) {
        return total(slices, p, slices.regionCount() + 1);
    }

    private static long[] total(RegionSlices slices, int p, int regions) {
        long[] row = new long[regions];
        if (slices.has(p)) {
            add(slices, p, row);
        }
        return row;
    }

    private static void add(RegionSlices slices, int p, long[] total) {
        long a = slices.start(p), b = slices.end(p);
        SliceCursor c = slices.computeCursor(p); // the slices outside MPI: the others add to no total
        while (c.next()) {
            long overlap = Math.min(c.to, b) - Math.max(c.from, a);
            if (!c.mpi && overlap > 0) {
                total[c.region + 1] += overlap;
            }
        }
    }

    /**
     * The regions named {@code name} (EZTrace defines one per rank) balanced: each process that runs them runs them
     * for the mean of their totals.
     */
    static WhatIf balance(BurstRegions reader, long[][] totals, String name) {
        RegionSlices slices = reader.slices();
        int n = totals.length, regions = n == 0 ? 0 : totals[0].length;
        boolean[] named = new boolean[regions];
        for (int r = 0; r < regions - 1; r++) { // not the last: the time recording was off
            named[r] = slices.name(r - 1).equals(name);
        }
        long[] mine = new long[n];
        double sum = 0;
        int running = 0;
        for (int p = 0; p < n; p++) {
            for (int r = 0; r < regions; r++) {
                mine[p] += named[r] ? totals[p][r] : 0;
            }
            if (mine[p] > 0) {
                sum += mine[p];
                running++;
            }
        }
        double[][] f = ones(n, regions);
        for (int p = 0; p < n; p++) {
            for (int r = 0; r < regions; r++) {
                if (named[r] && mine[p] > 0) {
                    f[p][r] = sum / running / mine[p];
                }
            }
        }
        return new WhatIf(reader, f);
    }

    /** Process {@code process}'s compute scaled to the median of the compute of the processes with slices. */
    static WhatIf atMedian(BurstRegions regions, long[][] totals, int process) {
        RegionSlices slices = regions.slices();
        long[] compute = compute(totals);
        double[][] f = ones(totals.length, totals.length == 0 ? 0 : totals[0].length);
        double median = median(compute, slices);
        if (compute[process] > 0) {
            Arrays.fill(f[process], median / compute[process]);
        }
        return new WhatIf(regions, f);
    }

    /**
     * Whether process {@code process} computes more than the median process: only then can bringing it to the median
     * shorten the run (at the median it changes nothing, below it the process is made slower). The median is of the
     * processes with slices: a process left out by a selection, or with no events, does not count as computing nothing.
     */
    public static boolean aboveMedian(RegionSlices slices, long[][] totals, int process) {
        long[] compute = compute(totals);
        return process >= 0 && process < compute.length && slices.has(process) && compute[process] > median(compute, slices);
    }

    /** The median of the compute of the processes with slices. */
    private static double median(long[] compute, RegionSlices slices) {
        long[] known = new long[compute.length];
        int n = 0;
        for (int p = 0; p < compute.length; p++) {
            if (slices.has(p)) {
                known[n++] = compute[p];
            }
        }
        return median(Arrays.copyOf(known, n));
    }

    /** Per process, its compute in all regions (not the last column, the time recording was off). */
    private static long[] compute(long[][] totals) {
        long[] compute = new long[totals.length];
        for (int p = 0; p < totals.length; p++) {
            long[] row = totals[p];
            compute[p] = Arrays.stream(row).sum() - (row.length == 0 ? 0 : row[row.length - 1]);
        }
        return compute;
    }

    /** The median of {@code values} (the mean of the middle two for an even count). */
    static double median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n == 0 ? 0 : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    }

    private static double[][] ones(int n, int regions) {
        double[][] f = new double[n][regions];
        for (double[] row : f) {
            Arrays.fill(row, 1);
        }
        return f;
    }

    /** Whether every factor is 1: the replay with it is the replay without. */
    boolean changesNothing() {
        for (boolean u : unchanged) {
            if (!u) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void replayStarts() {
        regions.restart();
    }

    @Override
    public double burst(int process, long from, long to, double seconds) {
        if (process < 0 || process >= asMeasured.length || asMeasured[process] || to <= from) {
            return seconds; // (a burst of no ticks overlaps no slice: read, it would give no piece, and the burst as measured)
        }
        int n = regions.read(process, from, to);
        double[] f = factor[process];
        double plain = 0, scaled = 0;
        for (int i = 0; i < n; i++) {
            long overlap = regions.length(i);
            plain += overlap;
            scaled += overlap * f[regions.region(i) + 1];
        }
        return plain > 0 ? seconds * scaled / plain : seconds;
    }
}
