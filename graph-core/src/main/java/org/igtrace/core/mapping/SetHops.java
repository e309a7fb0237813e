package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.igtrace.core.topology.Topology;

/**
 * The mean hops between two sets of nodes (over every pair of a node of each, {@link #mean}; or from each node of
 * one to the nearest node of the other, {@link #near}), for the sets a recursive bisection makes, each known by the
 * number {@link #add} gave it. A mean is worked out once.
 *
 * <p>On a grid (ring, mesh, torus) whose hops are the sum of the hops along each dimension, as their routes go,
 * the mean is exact and cheap: per dimension, the two sets' counts of each coordinate value weigh the hops between
 * the values. Elsewhere, and on grids of more than {@link NodeDistances#TABLE_LIMIT} nodes, large sets are sampled:
 * {@value #SAMPLE} nodes of each, drawn pseudo-randomly (the same set, the same sample). Not every k-th node: on a
 * grid numbered x fastest, every k-th node of a block sees only some of its x values, so that two halves of a ring
 * equally far from a third set seemed not to be, and a halo's chain was folded (a 16x8x8 halo on its torus
 * 1.29x the optimum; exact, 1.00x).
 */
final class SetHops {
    static final int SAMPLE = 128;
    private final NodeDistances distances;
    private final List<int[]> sets = new ArrayList<>();
    private final Map<Long, Double> means = new HashMap<>();
    /** Per dimension, the hops between two coordinate values (a grid whose hops add up), else null. */
    private final int[][][] along;

    SetHops(NodeDistances distances) {
        this.distances = distances;
        this.along = perDimension(distances);
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
        double m = along != null ? exact(a, b) : sampledMean(sets.get(a), sets.get(b));
        means.put(key, m);
        return m;
    }

    /**
     * @param a a set's number
     * @param b a set's number
     * @return the mean over set a's nodes of the hops to the nearest node of set b: exact where set b is a block of a grid
     *         whose hops add up (every combination of its coordinate values), else {@link #mean}
     */
    double near(int a, int b) {
        if (along == null) {
            return mean(a, b);
        }
        long key = (long) a << 32 | b;
        Double known = nears.get(key);
        if (known != null) {
            return known;
        }
        int[][] ha = histogram(a), hb = histogram(b);
        long combinations = 1;
        for (int d = 0; d < along.length; d++) {
            int values = 0;
            for (int c : hb[d]) {
                values += c > 0 ? 1 : 0;
            }
            combinations *= values;
        }
        double m;
        if (combinations != sets.get(b).length) {
            m = mean(a, b);
        } else {
            double sum = 0;
            for (int d = 0; d < along.length; d++) {
                int[] ca = ha[d], cb = hb[d];
                for (int u = 0; u < ca.length; u++) {
                    if (ca[u] == 0) {
                        continue;
                    }
                    int least = Integer.MAX_VALUE;
                    for (int v = 0; v < cb.length; v++) {
                        if (cb[v] > 0) {
                            least = Math.min(least, along[d][u][v]);
                        }
                    }
                    sum += (double) ca[u] * least;
                }
            }
            m = sum / sets.get(a).length;
        }
        nears.put(key, m);
        return m;
    }

    private final Map<Long, Double> nears = new HashMap<>();

    /**
     * The links between two blocks that differ in one dimension only (a way of halving a block), on a grid whose hops
     * add up: per line along that dimension, the pairs of its values one hop apart, times the lines; -1 elsewhere.
     *
     * @param a a set's number
     * @param b a set's number
     * @return the links between them, or -1
     */
    long links(int a, int b) {
        if (along == null) {
            return -1;
        }
        int[][] ha = histogram(a), hb = histogram(b);
        int apart = -1;
        for (int d = 0; d < along.length; d++) {
            boolean same = true;
            for (int v = 0; v < ha[d].length && same; v++) {
                same = (ha[d][v] > 0) == (hb[d][v] > 0);
            }
            if (!same) {
                if (apart >= 0) {
                    return -1;
                }
                apart = d;
            }
        }
        if (apart < 0) {
            return -1;
        }
        int values = 0;
        long pairs = 0;
        for (int u = 0; u < ha[apart].length; u++) {
            if (ha[apart][u] == 0) {
                continue;
            }
            values++;
            for (int v = 0; v < hb[apart].length; v++) {
                if (hb[apart][v] > 0 && along[apart][u][v] == 1) {
                    pairs++;
                }
            }
        }
        return pairs * (sets.get(a).length / values);
    }

    private double exact(int a, int b) {
        int[][] hx = histogram(a), hy = histogram(b);
        double sum = 0;
        for (int d = 0; d < along.length; d++) {
            int[] cx = hx[d], cy = hy[d];
            long s = 0;
            for (int u = 0; u < cx.length; u++) {
                if (cx[u] == 0) {
                    continue;
                }
                for (int v = 0; v < cy.length; v++) {
                    s += (long) cx[u] * cy[v] * along[d][u][v];
                }
            }
            sum += (double) s;
        }
        return sum / ((double) sets.get(a).length * sets.get(b).length);
    }

    /** Set i's count of each coordinate value per dimension, made once. */
    private int[][] histogram(int i) {
        int[][] h = histograms.get(i);
        if (h == null) {
            Topology t = distances.topology();
            h = new int[along.length][];
            for (int d = 0; d < along.length; d++) {
                h[d] = new int[along[d].length];
            }
            for (int n : sets.get(i)) {
                int[] c = t.coordinates(n);
                for (int d = 0; d < along.length; d++) {
                    h[d][c[d]]++;
                }
            }
            histograms.put(i, h);
        }
        return h;
    }

    private final Map<Integer, int[][]> histograms = new HashMap<>();

    private double sampledMean(int[] a, int[] b) {
        int[] x = sampled(a), y = sampled(b);
        long sum = 0;
        for (int p : x) {
            for (int q : y) {
                sum += distances.hops(p, q);
            }
        }
        return (double) sum / ((long) x.length * y.length);
    }

    private static int[] sampled(int[] nodes) {
        if (nodes.length <= SAMPLE) {
            return nodes;
        }
        Random random = new Random(nodes.length * 31L + nodes[0]);
        int[] s = new int[SAMPLE];
        for (int i = 0; i < SAMPLE; i++) {
            s[i] = nodes[random.nextInt(nodes.length)];
        }
        return s;
    }

    /**
     * Per dimension of a grid of at most {@link NodeDistances#TABLE_LIMIT} nodes, the hops between two of its
     * coordinate values (along a line of node 0), when every two nodes' hops are the sum of those along each
     * dimension (checked on every pair); else null.
     */
    private static int[][][] perDimension(NodeDistances distances) {
        Topology t = distances.topology();
        int nodes = distances.nodes();
        if (nodes < 2 || nodes > NodeDistances.TABLE_LIMIT || t.coordinates(0) == null) {
            return null;
        }
        int dims = t.coordinates(0).length;
        int[][] at = new int[nodes][];
        int[] size = new int[dims];
        for (int n = 0; n < nodes; n++) {
            at[n] = t.coordinates(n);
            for (int d = 0; d < dims; d++) {
                if (at[n][d] < 0) {
                    return null;
                }
                size[d] = Math.max(size[d], at[n][d] + 1);
            }
        }
        // the node of each value along each dimension on node 0's lines
        int[][] line = new int[dims][];
        for (int d = 0; d < dims; d++) {
            line[d] = new int[size[d]];
            java.util.Arrays.fill(line[d], -1);
        }
        for (int n = 0; n < nodes; n++) {
            for (int d = 0; d < dims; d++) {
                boolean onLine = true;
                for (int e = 0; e < dims && onLine; e++) {
                    onLine = e == d || at[n][e] == at[0][e];
                }
                if (onLine) {
                    line[d][at[n][d]] = n;
                }
            }
        }
        int[][][] along = new int[dims][][];
        for (int d = 0; d < dims; d++) {
            along[d] = new int[size[d]][size[d]];
            for (int u = 0; u < size[d]; u++) {
                for (int v = 0; v < size[d]; v++) {
                    if (line[d][u] < 0 || line[d][v] < 0) {
                        return null;
                    }
                    along[d][u][v] = distances.hops(line[d][u], line[d][v]);
                }
            }
        }
        for (int p = 0; p < nodes; p++) {
            for (int q = p + 1; q < nodes; q++) {
                int sum = 0;
                for (int d = 0; d < dims; d++) {
                    sum += along[d][at[p][d]][at[q][d]];
                }
                if (sum != distances.hops(p, q)) {
                    return null;
                }
            }
        }
        return along;
    }
}
