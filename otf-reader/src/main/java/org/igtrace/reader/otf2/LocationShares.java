package org.igtrace.reader.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * Splits locations among reading threads so that each thread gets about the same number of
 * events: largest location first, each to the thread with the fewest events so far (the LPT
 * rule). Within a share, locations keep their given order.
 */
public final class LocationShares {
    private LocationShares() {
    }

    /** At most {@code threads} non-empty shares of {@code locations}. */
    public static List<long[]> balance(long[] locations, LongUnaryOperator events, int threads) {
        int n = Math.max(1, Math.min(threads, locations.length));
        Integer[] bySize = new Integer[locations.length];
        for (int i = 0; i < bySize.length; i++) {
            bySize[i] = i;
        }
        Arrays.sort(bySize, Comparator.comparingLong((Integer i) -> events.applyAsLong(locations[i])).reversed()
                .thenComparingInt(i -> i));
        long[] load = new long[n];
        int[] owner = new int[locations.length];
        for (int i : bySize) {
            int lightest = 0;
            for (int t = 1; t < n; t++) {
                if (load[t] < load[lightest]) {
                    lightest = t;
                }
            }
            owner[i] = lightest;
            load[lightest] += Math.max(1, events.applyAsLong(locations[i]));
        }
        List<long[]> shares = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            long[] share = new long[locations.length];
            int k = 0;
            for (int i = 0; i < locations.length; i++) {
                if (owner[i] == t) {
                    share[k++] = locations[i];
                }
            }
            if (k > 0) {
                shares.add(Arrays.copyOf(share, k));
            }
        }
        return shares;
    }
}
