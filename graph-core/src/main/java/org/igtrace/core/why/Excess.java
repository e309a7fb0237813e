package org.igtrace.core.why;

import java.util.HashMap;
import java.util.Map;

/**
 * Per region, a cause's compute in a wait's interval beyond the waiter's (only the regions with an excess), found without
 * a map per wait: the regions of each side (the cause's first), each side's last found first, summed (the waiter's taken
 * off), and given in the order a {@code HashMap<Integer, Long>} merged the same way iterates them (its bucket, then
 * within a bucket the key merged in last first), the order the delay costs add a process's charges in. Up to
 * {@link #FAST} regions that order is found here; beyond, from such a map. At 7 keys a map of 16 buckets neither
 * resizes (at 13) nor treats a full bin (the 8th key in one bin makes {@code merge} grow the table to 32 buckets, which
 * splits that bin and changes its order).
 */
final class Excess {
    /** Distinct regions up to which the map's order is found without the map (below the 8 keys of a bin that grow it). */
    static final int FAST = 7;

    /** The regions with an excess and their excess, ticks; {@link #size} of them. */
    int size;
    int[] region = new int[16];
    long[] ticks = new long[16];
    private int[] order = new int[16];
    private int[] keptRegion = new int[16];
    private long[] keptTicks = new long[16];

    /** The excess of {@code sides[0]} (the cause's) over {@code sides[1]} (the waiter's). */
    void of(DelayCosts.Overlaps[] sides) {
        size = 0;
        for (int side = 0; side < 2; side++) {
            DelayCosts.Overlaps o = sides[side];
            for (int e = o.size - 1; e >= 0; e--) {
                merge(o.region[e], side == 0 ? o.ticks[e] : -o.ticks[e]);
            }
        }
        if (size > FAST) {
            byMap(sides);
            return;
        }
        int n = size;
        for (int i = 0; i < n; i++) { // by bucket, the later merged first (insertion sort: a few regions)
            int v = i, j = i;
            while (j > 0 && bucket(region[order[j - 1]]) >= bucket(region[v])) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = v;
        }
        if (keptRegion.length < n) {
            keptRegion = new int[region.length];
            keptTicks = new long[region.length];
        }
        int[] r = keptRegion;
        long[] t = keptTicks;
        System.arraycopy(region, 0, r, 0, n);
        System.arraycopy(ticks, 0, t, 0, n);
        size = 0;
        for (int i = 0; i < n; i++) {
            int k = order[i];
            if (t[k] > 0) {
                region[size] = r[k];
                ticks[size++] = t[k];
            }
        }
    }

    /** The bucket of {@code key} in a HashMap of 16 buckets. */
    private static int bucket(int key) {
        return (key ^ (key >>> 16)) & 15;
    }

    private void merge(int r, long t) {
        for (int e = 0; e < size; e++) {
            if (region[e] == r) {
                ticks[e] += t;
                return;
            }
        }
        if (size == region.length) {
            region = java.util.Arrays.copyOf(region, size * 2);
            ticks = java.util.Arrays.copyOf(ticks, size * 2);
            order = java.util.Arrays.copyOf(order, size * 2);
        }
        region[size] = r;
        ticks[size++] = t;
    }

    /** As {@link #of}, through the map (many regions). */
    private void byMap(DelayCosts.Overlaps[] sides) {
        Map<Integer, Long> m = new HashMap<>();
        for (int side = 0; side < 2; side++) {
            DelayCosts.Overlaps o = sides[side];
            for (int e = o.size - 1; e >= 0; e--) {
                m.merge(o.region[e], side == 0 ? o.ticks[e] : -o.ticks[e], Long::sum);
            }
        }
        size = 0;
        for (Map.Entry<Integer, Long> x : m.entrySet()) {
            if (x.getValue() > 0) {
                region[size] = x.getKey();
                ticks[size++] = x.getValue();
            }
        }
    }
}
