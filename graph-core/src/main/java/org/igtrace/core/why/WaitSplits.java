package org.igtrace.core.why;

import java.util.Arrays;

/**
 * The part of {@link DelayCosts}' latest-first loop that needs nothing that flows: for each wait of {@link LatestFirst},
 * the cause's compute per region beyond the waiter's in their interval ({@link Excess}), its sum {@code E}, the cause's
 * waiting in its interval {@code wc} and beyond the waiter's {@code Q}, and the cause's waits there that the rest flows
 * on to (their end, seq and ticks). Found in batches by a thread of their own ({@code ahead}) while the caller splits
 * the waits of the batch before (what flows into a wait is known only once the later waits are split), or else on the
 * caller's thread as it asks for them: the same numbers, found by the same operations in the same order, either way
 * ({@link Ahead}). Memory: a few batches.
 */
final class WaitSplits {
    /** One batch: per wait k < size, its fields; its regions and the cause's waits in ranges of the arrays. */
    static final class Batch {
        int size;
        final long[] end = new long[LatestFirst.BATCH];
        final long[] seq = new long[LatestFirst.BATCH];
        final long[] ticks = new long[LatestFirst.BATCH];
        final int[] waiter = new int[LatestFirst.BATCH];
        final int[] cause = new int[LatestFirst.BATCH];
        /** The sum of the excess, E. */
        final double[] e = new double[LatestFirst.BATCH];
        /** The cause's waiting beyond the waiter's, Q. */
        final double[] q = new double[LatestFirst.BATCH];
        /** The cause's waiting in its interval. */
        final double[] wc = new double[LatestFirst.BATCH];
        /** Wait k's regions with an excess: [regionsFrom[k], regionsFrom[k + 1]). */
        final int[] regionsFrom = new int[LatestFirst.BATCH + 1];
        int[] region = new int[LatestFirst.BATCH];
        long[] excess = new long[LatestFirst.BATCH];
        /** Wait k's cause's waits in its interval that ended by the cause's call: [waitsFrom[k], waitsFrom[k + 1]). */
        final int[] waitsFrom = new int[LatestFirst.BATCH + 1];
        long[] waitEnd = new long[LatestFirst.BATCH];
        long[] waitSeq = new long[LatestFirst.BATCH];
        long[] waitTicks = new long[LatestFirst.BATCH];

        private void addRegion(int r, long t) {
            int at = regionsFrom[size + 1]++;
            if (at == region.length) {
                region = Arrays.copyOf(region, at * 2);
                excess = Arrays.copyOf(excess, at * 2);
            }
            region[at] = r;
            excess[at] = t;
        }

        private void addWait(long end, long seq, long ticks) {
            int at = waitsFrom[size + 1]++;
            if (at == waitEnd.length) {
                waitEnd = Arrays.copyOf(waitEnd, at * 2);
                waitSeq = Arrays.copyOf(waitSeq, at * 2);
                waitTicks = Arrays.copyOf(waitTicks, at * 2);
            }
            waitEnd[at] = end;
            waitSeq[at] = seq;
            waitTicks[at] = ticks;
        }
    }

    private final WaitLog.Waits[] of;
    private final LatestFirst latest;
    private final DelayCosts.Overlaps[] sides = {new DelayCosts.Overlaps(), new DelayCosts.Overlaps()};
    private final Excess found = new Excess();
    private final Ahead<Batch> batches;
    /** Run at the first wait with an excess (then null). */
    private Runnable firstExcess;
    private final long[] firstEvents;
    /** Per process p its MPI_Init call's enter and leave at 2p and 2p + 1 (both 0: none), corrected. */
    private final long[] inits;
    private final int lateStart;

    /**
     * @param of          each waiter's waits
     * @param latest      the waits latest first with their compute
     * @param ahead       whether a thread of its own finds the batches ahead of the caller
     * @param firstExcess run once at the first wait found with an excess (E above 0), or null
     * @param firstEvents per process its first event on corrected clocks (Long.MIN_VALUE: none): the time of an
     *                    interval before it is the process's late start, compared as a region of its own
     * @param lateStart   the region number of the late start ({@link RegionSlices#lateStartRegion})
     */
    WaitSplits(WaitLog.Waits[] of, LatestFirst latest, boolean ahead, Runnable firstExcess, long[] firstEvents, long[] inits, int lateStart) {
        this.of = of;
        this.latest = latest;
        this.firstExcess = firstExcess;
        this.firstEvents = firstEvents;
        this.inits = inits;
        this.lateStart = lateStart;
        this.batches = new Ahead<>(Batch::new, this::fill, ahead, "igtrace-wait-splits");
    }

    /** The next batch (null: none left); the one given before is given back. */
    Batch next() {
        return batches.next();
    }

    /** Fills {@code b} with the waits of the next batch of {@link LatestFirst}; how many (0: none left). */
    private int fill(Batch b) {
        LatestFirst.Batch l = latest.next();
        b.size = 0;
        if (l == null) {
            return 0;
        }
        b.regionsFrom[0] = 0;
        b.waitsFrom[0] = 0;
        for (int k = 0; k < l.size; k++) {
            split(l, k, b);
        }
        return b.size;
    }

    /**
     * The time of [from, to] before process p's first event or inside its MPI_Init call (0 when it had started, or has no
     * event): a process still initialising when others had left MPI_Init was late by its start, not by its MPI time
     * (scorep-sst-macro-10's ranks leave MPI_Init in four waves 20 ms apart, and the later ones' waits were charged to
     * "(communication)" and 32 us of compute).
     */
    private long beforeFirst(int p, long from, long to) {
        long f = p < firstEvents.length ? firstEvents[p] : Long.MIN_VALUE;
        long before = f == Long.MIN_VALUE ? 0 : Math.max(0, Math.min(f, to) - from);
        long initFrom = 2 * p + 1 < inits.length ? inits[2 * p] : 0, initTo = 2 * p + 1 < inits.length ? inits[2 * p + 1] : 0;
        return initTo <= initFrom ? before : before + Math.max(0, Math.min(initTo, to) - Math.max(initFrom, from));
    }

    /**
     * Adds wait k of {@code l} to {@code b}. A method of its own, too large to be inlined, so that the JIT compiles it
     * once, apart from the loop over the batch (an on-stack replacement of that loop with this inside it was compiled
     * again as a method, about 55 kB of code each time).
     */
    private void split(LatestFirst.Batch l, int k, Batch b) {
        long[] m = l.wait;
        int at = 8 * k;
        long end = -m[at], seq = m[at + 1], enter = m[at + 5], causeAt = m[at + 6], start = m[at + 7];
        int w = (int) m[at + 2], c = (int) m[at + 3];
        b.end[k] = end;
        b.seq[k] = seq;
        b.ticks[k] = m[at + 4];
        b.waiter[k] = w;
        b.cause[k] = c;
        sides[0].clear();
        sides[1].clear();
        for (int x = l.from[k]; x < l.from[k + 1]; x++) {
            sides[l.side[x]].add(l.region[x], l.ticks[x]);
        }
        // each side's time in the interval before its first event: a process that started late (EZTrace's processes start
        // apart) was late by that time, not by the few microseconds of its first region
        long lateC = beforeFirst(c, start, causeAt), lateW = beforeFirst(w, start, enter);
        if (lateC > 0) {
            sides[0].add(lateStart, lateC);
        }
        if (lateW > 0) {
            sides[1].add(lateStart, lateW);
        }
        found.of(sides);
        double e = 0;
        b.regionsFrom[k + 1] = b.regionsFrom[k];
        for (int x = 0; x < found.size; x++) {
            e += found.ticks[x];
            b.addRegion(found.region[x], found.ticks[x]);
        }
        // the cause's waits in its interval, and its waiting beyond the waiter's
        WaitLog.Waits cw = of[c];
        double wc = 0;
        b.waitsFrom[k + 1] = b.waitsFrom[k];
        for (int j = cw.lowerBound(start); j < cw.size() && cw.enter(j) < causeAt; j++) {
            long endJ = cw.end(j);
            if (endJ <= causeAt) {
                long t = cw.ticks(j);
                wc += t;
                b.addWait(endJ, cw.seq(j), t);
            }
        }
        double ww = 0;
        WaitLog.Waits wl = of[w];
        for (int j = wl.lowerBound(start); j < wl.size() && wl.enter(j) < enter; j++) {
            ww += wl.ticks(j);
        }
        if (e > 0 && firstExcess != null) {
            Runnable r = firstExcess;
            firstExcess = null;
            r.run();
        }
        b.e[k] = e;
        b.wc[k] = wc;
        b.q[k] = Math.max(0, wc - ww);
        b.size++;
    }
}
