package org.igtrace.core.wait;

import java.util.Arrays;
import org.igtrace.core.util.PairLongs;

/**
 * Per ordered pair (sender, receiver), what its messages say about the clocks whatever offsets are
 * chosen later (definitions section 8, "Which offsets"). A message is a point
 * {@code (a, b) = (send - enter(receive call), send - receive)} in raw ticks. With offsets that
 * differ by {@code delta = o_r - o_s}, its receive call was already waiting at the send when
 * {@code a >= delta}, and then {@code -b} is a transfer; the quickest transfer of the pair's waiting
 * messages is {@code -max {b : a >= delta}} ({@link #largest}). So only the points no other point
 * beats on both a and b matter (the frontier): a list by falling a and rising b, of at most
 * {@value #MOST} points per pair. Beyond that, the point whose a is closest to its predecessor's
 * is dropped (a query that needed it answers with a slower transfer, never a quicker one); the
 * first point (most waited) and the last (the largest b, the pair's causality constraint) are
 * always kept. Updating a pair allocates nothing once its list holds {@value #MOST} points.
 */
final class TransferFrontier {
    static final int MOST = 16;
    static final long NONE = Long.MIN_VALUE;

    /** Pair to 1 + its index in {@link #points}. */
    private final PairLongs index = new PairLongs();
    private long[][] points = new long[16][];
    private int[] counts = new int[16];
    private int pairs;

    /** Adds one message of the pair: {@code a = send - enter(receive call)}, {@code b = send - receive}. */
    void add(int sender, int receiver, long a, long b) {
        long at = index.get(sender, receiver, 0);
        insert(at == 0 ? newPair(sender, receiver) : (int) at - 1, a, b);
    }

    /** The index of a pair seen first now, its list made (out of line: once per pair, not per message). */
    private int newPair(int sender, int receiver) {
        int k = pairs++;
        if (k == points.length) {
            points = Arrays.copyOf(points, 2 * k);
            counts = Arrays.copyOf(counts, 2 * k);
        }
        points[k] = new long[4];
        index.max(sender, receiver, k + 1L);
        return k;
    }

    private void insert(int k, long a, long b) {
        long[] p = points[k];
        int n = counts[k];
        int j = 0; // points 0..j-1 have a >= the new a
        while (j < n && p[2 * j] >= a) {
            j++;
        }
        if (j > 0 && p[2 * j - 1] >= b) {
            return; // beaten by a point at least as waited and at least as quick to violate
        }
        if (j > 0 && p[2 * j - 2] == a) {
            j--; // the same a with a smaller b: replaced below
        }
        int drop = j; // the points after j with b <= the new b are beaten by the new one
        while (drop < n && p[2 * drop + 1] <= b) {
            drop++;
        }
        int removed = drop - j;
        int size = n - removed + 1;
        if (2 * size > p.length) {
            p = points[k] = Arrays.copyOf(p, Math.min(2 * MOST + 2, 2 * p.length));
        }
        System.arraycopy(p, 2 * drop, p, 2 * (j + 1), 2 * (n - drop));
        p[2 * j] = a;
        p[2 * j + 1] = b;
        if (size > MOST) {
            int worst = 1;
            for (int i = 2; i < size - 1; i++) {
                if (p[2 * i - 2] - p[2 * i] < p[2 * worst - 2] - p[2 * worst]) {
                    worst = i;
                }
            }
            System.arraycopy(p, 2 * worst + 2, p, 2 * worst, 2 * (size - worst - 1));
            size--;
        }
        counts[k] = size;
    }

    /** The largest b among the pair's points with {@code a >= delta}, or {@link #NONE}. */
    long largest(int sender, int receiver, long delta) {
        long at = index.get(sender, receiver, 0);
        if (at == 0) {
            return NONE;
        }
        int k = (int) at - 1;
        long[] p = points[k];
        long best = NONE;
        for (int i = 0; i < counts[k] && p[2 * i] >= delta; i++) {
            best = p[2 * i + 1];
        }
        return best;
    }

    /** Calls {@code visitor} with each pair's largest b over all its points (its causality constraint). */
    void forEachLargest(PairLongs.PairVisitor visitor) {
        index.forEach((s, r, at) -> {
            int k = (int) at - 1;
            visitor.pair(s, r, points[k][2 * counts[k] - 1]);
        });
    }

    /** Calls {@code visitor} with each pair's largest b among its points with {@code a >= 0} (raw clocks), if any. */
    void forEachWaited(PairLongs.PairVisitor visitor) {
        index.forEach((s, r, at) -> {
            long b = largest(s, r, 0);
            if (b != NONE) {
                visitor.pair(s, r, b);
            }
        });
    }

    /** Calls {@code visitor} with every point of every pair, each pair's by falling a. */
    void forEachPoint(ClockConstraints.PointVisitor visitor) {
        index.forEach((s, r, at) -> {
            int k = (int) at - 1;
            for (int i = 0; i < counts[k]; i++) {
                visitor.point(s, r, points[k][2 * i], points[k][2 * i + 1]);
            }
        });
    }

    /**
     * Adds the points of {@code other}. A pair's points are at most {@value #MOST} and none beats
     * another, so a pair that only one side holds arrives unchanged, in whatever order its points
     * come (none is beaten, none dropped); a pair both sides hold is pruned in insertion order.
     */
    void add(TransferFrontier other) {
        // room for every pair of both at once (10^5 processes: about 300,000 pairs, doubled from 16 as they came)
        index.reserve(pairs + other.pairs);
        if (pairs + other.pairs > points.length) {
            points = Arrays.copyOf(points, pairs + other.pairs);
            counts = Arrays.copyOf(counts, pairs + other.pairs);
        }
        other.index.forEach((s, r, at) -> {
            int k = (int) at - 1;
            for (int i = 0; i < other.counts[k]; i++) {
                add(s, r, other.points[k][2 * i], other.points[k][2 * i + 1]);
            }
        });
    }

    boolean isEmpty() {
        return pairs == 0;
    }
}
