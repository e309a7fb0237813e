package org.igtrace.core.util;

import java.util.Arrays;

/**
 * The open-addressing hash table under {@link PairCounters} and {@link PairLongs}: directed pairs
 * of ranks keyed by {@code (from << 32) | to}, linear probing, doubled when half full. Subclasses
 * keep their values in arrays indexed by slot and move them in {@link #moved}. The last pair found
 * is remembered, since updates tend to come in runs on the same pair.
 */
abstract class PairTable {
    private static final long EMPTY = -1L;

    private long[] keys;
    private int size;
    private long lastKey = EMPTY;
    private int lastSlot;

    PairTable(int capacity) {
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
    }

    static int capacityFor(int expectedPairs) {
        return Integer.highestOneBit(Math.max(4, expectedPairs * 2 - 1)) << 1;
    }

    public final int size() {
        return size;
    }

    final int capacity() {
        return keys.length;
    }

    static long key(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The slot of the pair, or -1 when absent. */
    final int find(int from, int to) {
        long k = key(from, to);
        return k == lastKey ? lastSlot : probe(k);
    }

    /**
     * {@link #find} of a pair other than the last one, out of line: the callers' compiled code
     * holds only the comparison with the last pair (a join's listener inlines the lookups of
     * several tables, each a copy of this loop before; the JIT compiles that listener on the
     * join's time, on one core).
     */
    private int probe(long k) {
        int mask = keys.length - 1;
        for (int i = mix(k) & mask; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == k) {
                lastKey = k;
                lastSlot = i;
                return i;
            }
        }
        return -1;
    }

    /** The slot of the pair, made (values zero, then {@link #created}) when absent. */
    final int slot(int from, int to) {
        long k = key(from, to);
        return k == lastKey ? lastSlot : slotOf(k);
    }

    /** {@link #slot} of a pair other than the last one, out of line as {@link #probe}. */
    private int slotOf(long k) {
        int mask = keys.length - 1;
        int i = mix(k) & mask;
        while (keys[i] != EMPTY && keys[i] != k) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = k;
            created(i);
            if (++size * 2 > keys.length) {
                grow();
                return slotOf(k);
            }
        }
        lastKey = k;
        lastSlot = i;
        return i;
    }

    /** A new pair took slot {@code slot}; its values are zero. */
    void created(int slot) {
    }

    /** Makes value arrays of {@code capacity} slots for a grown table. */
    abstract void resize(int capacity);

    /** The values of old slot {@code from} (in the arrays before {@link #resize}) go to new slot {@code to}. */
    abstract void moved(int from, int to);

    /** Drops the old value arrays after a resize. */
    abstract void resized();

    /**
     * Makes room for {@code expectedPairs} pairs in all in one step (a table that is to take another's pairs: one move
     * of the pairs held, not a doubling at a time as they come). The order {@link #forEachSlot} gives may change.
     */
    public final void reserve(int expectedPairs) {
        int capacity = capacityFor((int) Math.min(expectedPairs, 1 << 28));
        if (capacity > keys.length) {
            grow(capacity);
        }
    }

    private void grow() {
        grow(keys.length * 2);
    }

    private void grow(int capacity) {
        long[] old = keys;
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        resize(keys.length);
        int mask = keys.length - 1;
        for (int j = 0; j < old.length; j++) {
            if (old[j] != EMPTY) {
                int i = mix(old[j]) & mask;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = old[j];
                moved(j, i);
            }
        }
        resized();
        lastKey = EMPTY;
    }

    /** Calls {@code visitor} with every slot in use. */
    final void forEachSlot(SlotVisitor visitor) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                visitor.slot((int) (keys[i] >>> 32), (int) keys[i], i);
            }
        }
    }

    interface SlotVisitor {
        void slot(int from, int to, int slot);
    }
}
