package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The mean hops between two sets of nodes (over every pair of a node of each), for the sets a recursive
 * bisection makes, each known by the number {@link #add} gave it. Large sets are sampled: at most
 * {@value #SAMPLE} nodes of each, evenly spread over its ascending order. A mean is worked out once.
 */
final class SetHops {
    static final int SAMPLE = 128;
    private final NodeDistances distances;
    private final List<int[]> sets = new ArrayList<>();
    private final Map<Long, Double> means = new HashMap<>();

    SetHops(NodeDistances distances) {
        this.distances = distances;
    }

    /**
     * @param nodes a set of nodes, ascending
     * @return its number
     */
    int add(int[] nodes) {
        sets.add(nodes);
        return sets.size() - 1;
    }

    /**
     * @param a a set's number
     * @param b a set's number
     * @return the mean hops from a node of set a to a node of set b
     */
    double mean(int a, int b) {
        if (a > b) {
            return mean(b, a);
        }
        long key = (long) a << 32 | b;
        Double known = means.get(key);
        if (known != null) {
            return known;
        }
        int[] x = sampled(sets.get(a)), y = sampled(sets.get(b));
        long sum = 0;
        for (int p : x) {
            for (int q : y) {
                sum += distances.hops(p, q);
            }
        }
        double m = (double) sum / ((long) x.length * y.length);
        means.put(key, m);
        return m;
    }

    private static int[] sampled(int[] nodes) {
        if (nodes.length <= SAMPLE) {
            return nodes;
        }
        int[] s = new int[SAMPLE];
        for (int i = 0; i < SAMPLE; i++) {
            s[i] = nodes[(int) ((long) i * nodes.length / SAMPLE)];
        }
        return s;
    }
}
