package org.igtrace.core.util;

/**
 * A map from long (or int) to int with open addressing, for id translation and lookups on hot paths without
 * boxing. Serializable, so that a reader's id tables can be handed to another process.
 */
public final class LongIntMap implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private long[] keys;
    private int[] values;
    private boolean[] used;
    private int size;

    public LongIntMap() {
        allocate(16);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        used = new boolean[capacity];
        size = 0;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    public void put(long key, int value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
        if (size * 2 > keys.length) {
            long[] oldKeys = keys;
            int[] oldValues = values;
            boolean[] oldUsed = used;
            allocate(oldKeys.length * 2);
            for (int j = 0; j < oldKeys.length; j++) {
                if (oldUsed[j]) {
                    put(oldKeys[j], oldValues[j]);
                }
            }
        }
    }

    /**
     * Adds one to {@code key}'s count (a missing key counts 0) in one look-up, except at {@link Integer#MAX_VALUE}, where
     * the count stays.
     *
     * @param key the key
     * @return the count before (Integer.MAX_VALUE: it was full and did not change)
     */
    public int increment(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i]) {
            if (keys[i] == key) {
                int v = values[i];
                if (v != Integer.MAX_VALUE) {
                    values[i] = v + 1;
                }
                return v;
            }
            i = (i + 1) & mask;
        }
        put(key, 1);
        return 0;
    }

    /** The value for {@code key}, or {@code missing} when there is none. */
    public int get(long key, int missing) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return missing;
    }

    public int size() {
        return size;
    }

    /** What {@link #forEach} hands each entry to. */
    public interface EntryConsumer {
        void accept(long key, int value);
    }

    /** Each entry, in no particular order. */
    public void forEach(EntryConsumer to) {
        for (int i = 0; i < keys.length; i++) {
            if (used[i]) {
                to.accept(keys[i], values[i]);
            }
        }
    }
}
