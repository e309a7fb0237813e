package org.igtrace.core.util;

import java.util.Arrays;

/**
 * One long value per directed pair of ranks, kept in an open-addressing hash table keyed by
 * {@code (from << 32) | to}: updating a pair allocates nothing. Values either accumulate
 * ({@link #add}) or keep their maximum ({@link #max}); a table is used one way or the other.
 */
public final class PairLongs {
    private static final long EMPTY = -1L;

    private long[] keys;
    private long[] values;
    private int size;

    public PairLongs() {
        keys = new long[16];
        Arrays.fill(keys, EMPTY);
        values = new long[16];
    }

    public int size() {
        return size;
    }

    /** Adds {@code v} to the pair's value (absent: 0). */
    public void add(int from, int to, long v) {
        int i = slot(from, to, 0);
        values[i] += v;
    }

    /** Raises the pair's value to {@code v} if it is absent or lower. */
    public void max(int from, int to, long v) {
        int i = slot(from, to, v);
        if (v > values[i]) {
            values[i] = v;
        }
    }

    /** The pair's value, or {@code absent}. */
    public long get(int from, int to, long absent) {
        long k = key(from, to);
        int mask = keys.length - 1;
        for (int i = mix(k) & mask; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == k) {
                return values[i];
            }
        }
        return absent;
    }

    /** Calls {@code visitor} once per pair present, in no particular order. */
    public void forEach(PairVisitor visitor) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                visitor.pair((int) (keys[i] >>> 32), (int) keys[i], values[i]);
            }
        }
    }

    public interface PairVisitor {
        void pair(int from, int to, long value);
    }

    /** The slot of the pair, created with {@code initial} when absent. */
    private int slot(int from, int to, long initial) {
        long k = key(from, to);
        int mask = keys.length - 1;
        int i = mix(k) & mask;
        while (keys[i] != EMPTY && keys[i] != k) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = k;
            values[i] = initial;
            if (++size * 2 > keys.length) {
                grow();
                return slot(from, to, initial);
            }
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys, oldValues = values;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        values = new long[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = mix(oldKeys[j]) & mask;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
