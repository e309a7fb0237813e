package org.igtrace.core.why;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The part of {@link DelayCosts}' latest-first loop that needs nothing that flows: for each wait of {@link LatestFirst},
 * the cause's compute per region beyond the waiter's in their interval ({@link Excess}), its sum {@code E}, the cause's
 * waiting in its interval {@code wc} and beyond the waiter's {@code Q}, and the cause's waits there that the rest flows
 * on to (their end, seq and ticks). Found in batches by a thread of their own ({@code ahead}) while the caller splits
 * the waits of the batch before (what flows into a wait is known only once the later waits are split), or else on the
 * caller's thread as it asks for them: the same numbers, found by the same operations in the same order, either way.
 * Memory: a few batches.
 */
final class WaitSplits {
    /** Batches found ahead of the caller at most. */
    private static final int AHEAD = 4;

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
        /** What stopped the finding (rethrown to the caller), or null. */
        Throwable failed;

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
    private final BlockingQueue<Batch> ready;
    private final BlockingQueue<Batch> free;
    private Batch mine;

    /**
     * @param of     each waiter's waits
     * @param latest the waits latest first with their compute
     * @param ahead  whether a thread of its own finds the batches ahead of the caller
     */
    WaitSplits(WaitLog.Waits[] of, LatestFirst latest, boolean ahead) {
        this.of = of;
        this.latest = latest;
        if (!ahead) {
            ready = null;
            free = null;
            mine = new Batch();
            return;
        }
        ready = new ArrayBlockingQueue<>(AHEAD + 2);
        free = new ArrayBlockingQueue<>(AHEAD + 2);
        for (int k = 0; k < AHEAD + 1; k++) {
            free.add(new Batch());
        }
        Thread t = new Thread(this::findAll, "igtrace-wait-splits");
        t.setDaemon(true);
        t.start();
    }

    /** The next batch (size 0: none left); the one given before is given back. */
    Batch next() {
        if (ready == null) {
            fill(mine);
            return mine;
        }
        if (mine != null) {
            free.add(mine);
        }
        try {
            mine = ready.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the delay costs were found", e);
        }
        if (mine.failed instanceof RuntimeException r) {
            throw r;
        }
        if (mine.failed instanceof Error e) {
            throw e;
        }
        return mine;
    }

    private void findAll() {
        try {
            while (true) {
                Batch b = free.take();
                try {
                    fill(b);
                } catch (RuntimeException | Error e) {
                    b.size = 0;
                    b.failed = e;
                }
                ready.put(b);
                if (b.size == 0) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Fills {@code b} with the waits of the next batch of {@link LatestFirst} (none: size 0). */
    private void fill(Batch b) {
        LatestFirst.Batch l = latest.next();
        long[] m = l.wait;
        b.size = 0;
        b.regionsFrom[0] = 0;
        b.waitsFrom[0] = 0;
        for (int k = 0; k < l.size; k++) {
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
            b.e[k] = e;
            b.wc[k] = wc;
            b.q[k] = Math.max(0, wc - ww);
            b.size++;
        }
    }
}
