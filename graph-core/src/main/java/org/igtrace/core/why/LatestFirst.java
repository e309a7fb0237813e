package org.igtrace.core.why;

import java.util.Arrays;

/**
 * The waits latest first (then by seq), each with the compute of both sides in its interval, as {@link DelayCosts}' loop
 * takes them: read from the two merged sorts in batches of {@value #BATCH} waits, by a thread of their own while the
 * caller splits the waits of the batch before ({@code ahead}: the runs' reading and merging, about half of the loop's
 * work, beside the rest), or else on the caller's thread as it asks for them. The same records in the same order either
 * way ({@link Ahead}). Memory: a few batches.
 */
final class LatestFirst {
    /** Waits per batch. */
    static final int BATCH = 2048;

    /** One batch: wait k < size is fields [8k, 8k + 8) of {@link #wait}, its compute [from[k], from[k + 1]). */
    static final class Batch {
        int size;
        /** Per wait: -end, seq, waiter, cause, ticks, enter, cause's enter, S. */
        final long[] wait = new long[BATCH * 8];
        final int[] from = new int[BATCH + 1];
        /** Per record of compute: the side (0: the cause's), the region, the ticks. */
        int[] side = new int[BATCH * 4];
        int[] region = new int[BATCH * 4];
        long[] ticks = new long[BATCH * 4];

        private void add(long[] f) {
            int at = from[size + 1]++;
            if (at == side.length) {
                side = Arrays.copyOf(side, at * 2);
                region = Arrays.copyOf(region, at * 2);
                ticks = Arrays.copyOf(ticks, at * 2);
            }
            side[at] = (int) f[2];
            region[at] = (int) f[4];
            ticks[at] = f[5];
        }
    }

    private final SortedRecords.Merged byLatest;
    private final SortedRecords.Merged overlaps;
    private final long[] f = new long[6];
    private boolean more;
    private final Ahead<Batch> batches;

    /**
     * @param byLatest the waits latest first: -end, seq, waiter, cause, ticks, enter, cause's enter, S
     * @param overlaps the compute of each side of every wait in its interval, in the same order: -end, seq, side, order, region, ticks
     * @param ahead    whether a thread of its own reads the batches ahead of the caller
     */
    LatestFirst(SortedRecords.Merged byLatest, SortedRecords.Merged overlaps, boolean ahead) {
        this.byLatest = byLatest;
        this.overlaps = overlaps;
        this.batches = new Ahead<>(Batch::new, this::fill, ahead, "igtrace-latest-first");
    }

    /** The next batch (null: none left); the one given before is given back. */
    Batch next() {
        return batches.next();
    }

    /** Fills {@code b} with the next waits; how many (0: none left). */
    private int fill(Batch b) {
        if (!started) {
            started = true;
            more = overlaps.next(f);
        }
        b.size = 0;
        b.from[0] = 0;
        while (b.size < BATCH && byLatest.next(m)) {
            int k = b.size;
            System.arraycopy(m, 0, b.wait, 8 * k, 8);
            b.from[k + 1] = b.from[k];
            while (more && f[0] == m[0] && f[1] == m[1]) {
                b.add(f);
                more = overlaps.next(f);
            }
            b.size++;
        }
        return b.size;
    }

    private final long[] m = new long[8];
    private boolean started;
}
