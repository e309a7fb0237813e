package org.igtrace.core.why;

/**
 * A map from long to double with open addressing (linear probing, backward-shift removal): adding to a key's value and
 * taking it out allocate nothing, where a {@code HashMap<Long, Double>} boxes both. Each key's value is the sum of what was
 * added to it, in the order it was added (the first addition is the value itself, as {@code merge(k, v, Double::sum)}).
 */
final class LongDoubles {
    private long[] keys = new long[16];
    private double[] values = new double[16];
    private boolean[] used = new boolean[16];
    private int size;

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** Adds {@code v} to the value of {@code key} (absent: the value becomes {@code v}). */
    void add(long key, double v) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i]) {
            if (keys[i] == key) {
                values[i] += v;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = v;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    /** The value of {@code key}, or {@code absent}. */
    double get(long key, double absent) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return values[i];
            }
        }
        return absent;
    }

    /** Takes {@code key} out and returns its value, or {@code absent} if it has none. */
    double remove(long key, double absent) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            return absent;
        }
        double v = values[i];
        used[i] = false;
        size--;
        // shift back the entries after i whose probe passed through it
        for (int j = (i + 1) & mask; used[j]; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                keys[i] = keys[j];
                values[i] = values[j];
                used[i] = true;
                used[j] = false;
                i = j;
            }
        }
        return v;
    }

    int size() {
        return size;
    }

    /** What {@link #forEach} hands each entry to. */
    interface Entry {
        void accept(long key, double value);
    }

    /** Each entry, in no particular order. */
    void forEach(Entry to) {
        for (int i = 0; i < keys.length; i++) {
            if (used[i]) {
                to.accept(keys[i], values[i]);
            }
        }
    }

    private void grow() {
        long[] k = keys;
        double[] v = values;
        boolean[] u = used;
        keys = new long[k.length * 2];
        values = new double[k.length * 2];
        used = new boolean[k.length * 2];
        size = 0;
        for (int j = 0; j < k.length; j++) {
            if (u[j]) {
                add(k[j], v[j]);
            }
        }
    }
}
