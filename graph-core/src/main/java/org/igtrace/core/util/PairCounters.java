package org.igtrace.core.util;

/**
 * Byte and message counters per directed pair of ranks ({@link PairTable}; bytes as double:
 * modelled collective traffic splits a process's bytes evenly and need not be whole; sums stay
 * exact below 2^53), so that counting an event allocates nothing.
 */
public final class PairCounters extends PairTable {
    private double[] bytes;
    private long[] counts;
    private double[] oldBytes;
    private long[] oldCounts;

    public PairCounters() {
        this(16);
    }

    public PairCounters(int expectedPairs) {
        super(capacityFor(expectedPairs));
        bytes = new double[capacity()];
        counts = new long[capacity()];
    }

    /** Adds {@code messages} messages carrying {@code byteCount} bytes in all from {@code from} to {@code to}. */
    public void add(int from, int to, double byteCount, long messages) {
        int i = slot(from, to);
        bytes[i] += byteCount;
        counts[i] += messages;
    }

    /** Adds every pair of {@code other} into this. */
    public void addAll(PairCounters other) {
        other.forEach(this::add);
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

    /** Receives one directed pair with its totals. */
    @FunctionalInterface
    public interface PairConsumer {
        void accept(int from, int to, double bytes, long messages);
    }

    public void forEach(PairConsumer consumer) {
        forEachSlot((from, to, slot) -> consumer.accept(from, to, bytes[slot], counts[slot]));
    }

    @Override
    void resize(int capacity) {
        oldBytes = bytes;
        oldCounts = counts;
        bytes = new double[capacity];
        counts = new long[capacity];
    }

    @Override
    void moved(int from, int to) {
        bytes[to] = oldBytes[from];
        counts[to] = oldCounts[from];
    }

    @Override
    void resized() {
        oldBytes = null;
        oldCounts = null;
    }
}
