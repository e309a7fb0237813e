package org.igtrace.core.util;

/**
 * Byte and message counters per directed pair of ranks (bytes as double: modelled collective
 * traffic splits a process's bytes evenly and need not be whole; sums stay exact below 2^53), kept in an open-addressing hash table
 * keyed by {@code (from << 32) | to}, so that counting an event allocates nothing.
 */
public final class PairCounters {
    private static final long EMPTY = -1L;

    private long[] keys;
    private double[] bytes;
    private long[] counts;
    private int size;

    public PairCounters() {
        this(16);
    }

    public PairCounters(int expectedPairs) {
        int capacity = Integer.highestOneBit(Math.max(4, expectedPairs * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        java.util.Arrays.fill(keys, EMPTY);
        bytes = new double[capacity];
        counts = new long[capacity];
        size = 0;
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** Adds {@code messages} messages carrying {@code byteCount} bytes in all from {@code from} to {@code to}. */
    public void add(int from, int to, double byteCount, long messages) {
        long k = key(from, to);
        int mask = keys.length - 1;
        int i = mix(k) & mask;
        while (keys[i] != EMPTY && keys[i] != k) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = k;
            if (++size * 2 > keys.length) {
                bytes[i] += byteCount;
                counts[i] += messages;
                grow();
                return;
            }
        }
        bytes[i] += byteCount;
        counts[i] += messages;
    }

    /** Adds every pair of {@code other} into this. */
    public void addAll(PairCounters other) {
        other.forEach(this::add);
    }

    private void grow() {
        long[] oldKeys = keys, oldCounts = counts;
        double[] oldBytes = bytes;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                add((int) (oldKeys[i] >>> 32), (int) oldKeys[i], oldBytes[i], oldCounts[i]);
            }
        }
    }

    public int size() {
        return size;
    }

    /** The bytes counted from {@code from} to {@code to} (0 when none). */
    public double bytes(int from, int to) {
        int i = find(from, to);
        return i < 0 ? 0 : bytes[i];
    }

    /** The messages counted from {@code from} to {@code to} (0 when none). */
    public long messages(int from, int to) {
        int i = find(from, to);
        return i < 0 ? 0 : counts[i];
    }

    private int find(int from, int to) {
        long k = key(from, to);
        int mask = keys.length - 1;
        int i = mix(k) & mask;
        while (keys[i] != EMPTY) {
            if (keys[i] == k) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** Receives one directed pair with its totals. */
    @FunctionalInterface
    public interface PairConsumer {
        void accept(int from, int to, double bytes, long messages);
    }

    public void forEach(PairConsumer consumer) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                consumer.accept((int) (keys[i] >>> 32), (int) keys[i], bytes[i], counts[i]);
            }
        }
    }
}
