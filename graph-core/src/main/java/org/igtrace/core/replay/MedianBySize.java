package org.igtrace.core.replay;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.RecordBlocks;

/**
 * Transfer times collected per message size, and the exact median of each. The first
 * {@value #IN_MEMORY} times of a size are kept in an array; beyond that they go to a
 * {@link BlockStream} of the store (spilled with everything else beyond its budget), and the
 * median is selected from it by radix on the times' order-preserving bits, 16 bits a pass, so
 * memory does not grow with the number of messages, only with the number of sizes. Made with
 * {@link #ofMeans}, it gives each size's mean instead ({@link #typical}): the collective calibration's, whose
 * instances all add to the run's length.
 */
final class MedianBySize {
    static final int IN_MEMORY = 4096;
    private static final int STREAM_BLOCK = 4096;

    private final RecordBlocks store;
    private final boolean means;
    private final Map<Long, Times> sizes = new TreeMap<>();
    /** The size added last and its times ({@link #add}); null: none yet. */
    private long lastSize;
    private Times lastTimes;

    /** One size's times. */
    private static final class Times {
        double[] values = new double[8];
        int kept;
        long count;
        double sum;
        BlockStream spilled;
    }

    MedianBySize(RecordBlocks store) {
        this(store, false);
    }

    private MedianBySize(RecordBlocks store, boolean means) {
        this.store = store;
        this.means = means;
    }

    /** Times per size whose {@link #typical} value is their mean. */
    static MedianBySize ofMeans(RecordBlocks store) {
        return new MedianBySize(store, true);
    }

    void add(long size, double time) {
        Times t = lastTimes;
        if (t == null || size != lastSize) { // most messages in a row share their size: one look-up per run of them
            t = sizes.computeIfAbsent(size, s -> new Times());
            lastSize = size;
            lastTimes = t;
        }
        if (t.spilled == null && t.kept == IN_MEMORY) {
            t.spilled = new BlockStream(store, STREAM_BLOCK);
            for (int i = 0; i < t.kept; i++) {
                t.spilled.putFixed(order(t.values[i]), 8);
            }
            t.values = null;
        }
        if (t.spilled != null) {
            t.spilled.putFixed(order(time), 8);
        } else {
            if (t.kept == t.values.length) {
                t.values = Arrays.copyOf(t.values, t.kept * 2);
            }
            t.values[t.kept++] = time;
        }
        t.count++;
        t.sum += time;
    }

    /** Adds every time {@code other} holds. */
    void addAll(MedianBySize other) {
        for (Map.Entry<Long, Times> e : other.sizes.entrySet()) {
            Times t = e.getValue();
            if (t.spilled == null) {
                for (int i = 0; i < t.kept; i++) {
                    add(e.getKey(), t.values[i]);
                }
            } else {
                t.spilled.seal();
                BlockStreamReader in = t.spilled.reader();
                while (in.hasMore()) {
                    add(e.getKey(), value(in.readFixed(8)));
                }
            }
        }
    }

    int sizeCount() {
        return sizes.size();
    }

    /** The sizes in increasing order. */
    double[] sizes() {
        double[] x = new double[sizes.size()];
        int j = 0;
        for (long s : sizes.keySet()) {
            x[j++] = s;
        }
        return x;
    }

    /** Each size's typical time, in the order of {@link #sizes()}: its median, or made {@link #ofMeans}, its mean. */
    double[] typical() {
        if (!means) {
            return medians();
        }
        double[] y = new double[sizes.size()];
        int j = 0;
        for (Times t : sizes.values()) {
            y[j++] = t.sum / t.count;
        }
        return y;
    }

    /** The median time of each size, in the order of {@link #sizes()}. */
    double[] medians() {
        double[] y = new double[sizes.size()];
        int j = 0;
        for (Times t : sizes.values()) {
            y[j++] = median(t);
        }
        return y;
    }

    private static double median(Times t) {
        long n = t.count;
        if (t.spilled == null) {
            double[] v = Arrays.copyOf(t.values, t.kept);
            Arrays.sort(v);
            return n % 2 == 1 ? v[(int) (n / 2)] : (v[(int) (n / 2 - 1)] + v[(int) (n / 2)]) / 2;
        }
        t.spilled.seal();
        return spilledMedian(t.spilled, n);
    }

    /**
     * The median of the stream's {@code n} values: the value of rank n / 2 (0: the smallest) when n is odd, by four
     * passes of 16-bit radix on the order-preserving bits; when n is even, the mean of ranks n / 2 - 1 and n / 2, the
     * second taken from the first's last pass (the same value again, or the next one found there), or, when the first is
     * the largest value of its last pass, by one pass more for the least value above it: at most five passes, where two
     * selections took eight.
     */
    private static double spilledMedian(BlockStream stream, long n) {
        long[] histogram = new long[1 << 16];
        long[] values = new long[512];
        long rank = n % 2 == 1 ? n / 2 : n / 2 - 1;
        long prefix = 0;
        int bucket = 0;
        for (int shift = 48; shift >= 0; shift -= 16) {
            long high = shift == 48 ? 0 : -1L << (shift + 16);
            Arrays.fill(histogram, 0);
            BlockStreamReader in = stream.reader();
            for (int m = in.readLongs(values); m > 0; m = in.readLongs(values)) {
                for (int k = 0; k < m; k++) {
                    long v = values[k];
                    if ((v & high) == prefix) {
                        histogram[(int) ((v >>> shift) & 0xFFFF)]++;
                    }
                }
            }
            bucket = 0;
            while (rank >= histogram[bucket]) {
                rank -= histogram[bucket++];
            }
            prefix |= (long) bucket << shift;
        }
        double lower = value(prefix);
        if (n % 2 == 1) {
            return lower;
        }
        long upper;
        if (rank + 1 < histogram[bucket]) {
            upper = prefix; // the same value again
        } else {
            int b = bucket + 1;
            while (b < histogram.length && histogram[b] == 0) {
                b++;
            }
            upper = b < histogram.length ? prefix & ~0xFFFFL | b : leastAbove(stream, prefix, values);
        }
        return (lower + value(upper)) / 2;
    }

    /** The least of the stream's values above {@code bound} in the unsigned order of {@link #order}'s bits (one is there). */
    private static long leastAbove(BlockStream stream, long bound, long[] values) {
        long least = -1L; // the largest unsigned value
        BlockStreamReader in = stream.reader();
        for (int m = in.readLongs(values); m > 0; m = in.readLongs(values)) {
            for (int k = 0; k < m; k++) {
                long v = values[k];
                if (Long.compareUnsigned(v, bound) > 0 && Long.compareUnsigned(v, least) < 0) {
                    least = v;
                }
            }
        }
        return least;
    }

    /** Bits whose unsigned order is the order of the doubles (as {@link Arrays#sort(double[])} orders them, -0.0 before 0.0). */
    static long order(double d) {
        long b = Double.doubleToRawLongBits(d);
        return b >= 0 ? b ^ Long.MIN_VALUE : ~b;
    }

    static double value(long ordered) {
        return Double.longBitsToDouble(ordered < 0 ? ordered ^ Long.MIN_VALUE : ~ordered);
    }
}
