package org.igtrace.core.why;

import java.util.Arrays;
import org.igtrace.core.replay.ComputeScaling;

/**
 * The what-if hypotheses of definitions section 14 as a scaling of the replay's compute bursts: each
 * process's compute in each region is multiplied by a factor ({@link #balance}: a region's total
 * made the mean on every process that runs it; {@link #atMedian}: a process's compute made the
 * median process's). A burst's replayed length is scaled by the ratio of its scaled compute to its
 * measured compute, read from the {@link RegionSlices} with a cursor per process (bursts come in
 * time order; a replay that starts again restarts the cursor).
 */
public final class WhatIf implements ComputeScaling {
    private final RegionSlices slices;
    private final double[][] factor;
    private final RegionSlices.Cursor[] cursor;
    private final boolean[] pending;
    private final long[] lastFrom;

    private WhatIf(RegionSlices slices, double[][] factor) {
        this.slices = slices;
        this.factor = factor;
        int n = slices.processCount();
        this.cursor = new RegionSlices.Cursor[n];
        this.pending = new boolean[n];
        this.lastFrom = new long[n];
        Arrays.fill(lastFrom, Long.MAX_VALUE);
    }

    /** Per process and region, its compute within its span, ticks. */
    public static long[][] totals(RegionSlices slices) {
        int n = slices.processCount(), regions = slices.definitions().regionCount();
        long[][] total = new long[n][regions];
        for (int p = 0; p < n; p++) {
            if (!slices.has(p)) {
                continue;
            }
            long a = slices.start(p), b = slices.end(p);
            RegionSlices.Cursor c = slices.cursor(p);
            while (c.next()) {
                long overlap = Math.min(c.to, b) - Math.max(c.from, a);
                if (!c.mpi && overlap > 0) {
                    total[p][c.region] += overlap;
                }
            }
        }
        return total;
    }

    /** Region {@code region} balanced: each process that runs it runs it for the mean of their totals. */
    public static WhatIf balance(RegionSlices slices, long[][] totals, int region) {
        int n = totals.length;
        double sum = 0;
        int running = 0;
        for (long[] t : totals) {
            if (t[region] > 0) {
                sum += t[region];
                running++;
            }
        }
        double[][] f = ones(n, totals.length == 0 ? 0 : totals[0].length);
        for (int p = 0; p < n; p++) {
            if (totals[p][region] > 0) {
                f[p][region] = sum / running / totals[p][region];
            }
        }
        return new WhatIf(slices, f);
    }

    /** Process {@code process}'s compute scaled to the median of the processes' compute. */
    public static WhatIf atMedian(RegionSlices slices, long[][] totals, int process) {
        int n = totals.length;
        long[] compute = new long[n];
        for (int p = 0; p < n; p++) {
            compute[p] = Arrays.stream(totals[p]).sum();
        }
        double[][] f = ones(n, totals.length == 0 ? 0 : totals[0].length);
        double median = median(compute);
        if (compute[process] > 0) {
            Arrays.fill(f[process], median / compute[process]);
        }
        return new WhatIf(slices, f);
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

    @Override
    public double burst(int process, long from, long to, double seconds) {
        if (process < 0 || process >= cursor.length || !slices.has(process)) {
            return seconds;
        }
        if (from < lastFrom[process] || cursor[process] == null) {
            cursor[process] = slices.cursor(process);
            pending[process] = false;
        }
        lastFrom[process] = from;
        RegionSlices.Cursor c = cursor[process];
        double plain = 0, scaled = 0;
        while (true) {
            if (!pending[process]) {
                if (!c.next()) {
                    break;
                }
                pending[process] = true;
            }
            if (c.from >= to) {
                break;
            }
            long overlap = Math.min(c.to, to) - Math.max(c.from, from);
            if (!c.mpi && overlap > 0) {
                plain += overlap;
                scaled += overlap * factor[process][c.region];
            }
            if (c.to > to) {
                break;
            }
            pending[process] = false;
        }
        return plain > 0 ? seconds * scaled / plain : seconds;
    }
}
