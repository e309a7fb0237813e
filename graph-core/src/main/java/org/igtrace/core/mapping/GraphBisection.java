package org.igtrace.core.mapping;

import java.util.Arrays;
import java.util.Random;

/**
 * Splits a set of ranks into two parts of given sizes at a low cost: the bytes cut between the parts,
 * plus what each rank's edges to ranks outside the set cost on the side it is put (its external cost
 * per side, given: the bytes times the hops to where those ranks are placed, or will be; terminal
 * propagation). Greedy graph growing from a few seed ranks, each refined by Fiduccia-Mattheyses passes
 * that move a rank from each side in turn (so the sizes stay exact at every even step) and keep the best
 * prefix of moves. Deterministic: the seeds come from a fixed pseudo-random sequence. The growing and the passes
 * pick the rank of greatest gain (the lowest position among equals) from heaps ({@link GainHeap}), not by a scan of
 * the set at every step: the same picks, and a 1,024-rank placement's bisections in about half the time (the
 * scan made them quadratic in a part's ranks).
 */
final class GraphBisection {
    private static final int TRIES = 4;
    private static final int PASSES = 8;
    private final RankGraph graph;
    /** Position of a rank in the current set, -1 outside it. */
    private final int[] local;

    GraphBisection(RankGraph graph) {
        this.graph = graph;
        this.local = new int[graph.vertices()];
        Arrays.fill(local, -1);
    }

    /**
     * A split and its cost.
     *
     * @param side which side each rank of the set goes to (true: side 1)
     * @param cost the bytes cut plus each rank's external cost on its side
     */
    record Split(boolean[] side, double cost) {
    }

    /** Which side (0 or 1) each of {@code set}'s ranks goes to, with exactly {@code size0} on side 0; edges leaving the set cost nothing. */
    boolean[] split(int[] set, int size0, long seed) {
        return split(set, size0, seed, null, null).side();
    }

    /**
     * As {@link #split(int[], int, long)}, each rank {@code set[i]} costing {@code external0[i]} on side 0 and
     * {@code external1[i]} on side 1 beside the bytes cut (both null: nothing).
     *
     * @param set       the ranks
     * @param size0     how many go to side 0
     * @param seed      the seed of the growing's start ranks
     * @param external0 per rank of the set, its cost on side 0, or null
     * @param external1 per rank of the set, its cost on side 1, or null
     * @return the cheapest split found
     */
    Split split(int[] set, int size0, long seed, double[] external0, double[] external1) {
        int n = set.length;
        this.ext0 = external0;
        this.ext1 = external1;
        if (size0 <= 0 || size0 >= n) {
            boolean[] all = new boolean[n];
            Arrays.fill(all, size0 <= 0);
            for (int v : set) {
                local[v] = -1;
            }
            return new Split(all, external(all));
        }
        for (int i = 0; i < n; i++) {
            local[set[i]] = i;
        }
        Random random = new Random(seed);
        boolean[] best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int t = 0; t < Math.min(TRIES, n); t++) {
            // with external costs the first start is the rank that side 0 suits most
            int start = random.nextInt(n);
            if (t == 0 && ext0 != null) {
                start = 0;
                for (int i = 1; i < n; i++) {
                    if (ext1[i] - ext0[i] > ext1[start] - ext0[start]) {
                        start = i;
                    }
                }
            }
            boolean[] side = grow(set, size0, start);
            refine(set, side);
            double cost = cut(set, side) + external(side);
            if (cost < bestCost) {
                bestCost = cost;
                best = side;
            }
        }
        for (int v : set) {
            local[v] = -1;
        }
        return new Split(best, bestCost);
    }

    /** Per rank of the current set, its external cost on side 0 and on side 1 (null: none). */
    private double[] ext0, ext1;

    /** How much cheaper rank i of the set is on side 0 than on side 1 (0 without external costs). */
    private double prefers0(int i) {
        return ext0 == null ? 0 : ext1[i] - ext0[i];
    }

    private double external(boolean[] side) {
        double sum = 0;
        if (ext0 != null) {
            for (int i = 0; i < side.length; i++) {
                sum += side[i] ? ext1[i] : ext0[i];
            }
        }
        return sum;
    }

    /**
     * Side 1 everywhere, then side 0 grown from {@code seed} by the rank most tied to it (its bytes to side 0 and how
     * much cheaper side 0 is for it) until it has {@code size0}.
     */
    private boolean[] grow(int[] set, int size0, int seed) {
        int n = set.length;
        boolean[] side = new boolean[n];
        Arrays.fill(side, true);
        double[] tie = new double[n];
        for (int i = 0; i < n; i++) {
            tie[i] = prefers0(i);
        }
        GainHeap rest = heap(n, tie);
        for (int i = 0; i < n; i++) {
            rest.add(i);
        }
        int next = seed;
        for (int k = 0; k < size0; k++) {
            side[next] = false;
            rest.remove(next);
            int v = set[next];
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                int u = local[graph.neighbour(arc)];
                if (u >= 0) {
                    tie[u] += graph.bytes(arc);
                    rest.changed(u);
                }
            }
            next = rest.top();
        }
        return side;
    }

    /** A heap of positions 0..n-1 keyed by {@code values}, empty. */
    private static GainHeap heap(int n, double[] values) {
        GainHeap h = new GainHeap(n);
        h.reset(values);
        return h;
    }

    private double cut(int[] set, boolean[] side) {
        double cut = 0;
        for (int i = 0; i < set.length; i++) {
            int v = set[i];
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                int u = local[graph.neighbour(arc)];
                if (u > i && side[u] != side[i]) {
                    cut += graph.bytes(arc);
                }
            }
        }
        return cut;
    }

    /** Fiduccia-Mattheyses passes with alternating sides; each keeps its best balanced prefix. */
    private void refine(int[] set, boolean[] side) {
        int n = set.length;
        double[] gain = new double[n];
        boolean[] locked = new boolean[n];
        int[] moved = new int[n];
        GainHeap[] free = {new GainHeap(n), new GainHeap(n)};
        for (int pass = 0; pass < PASSES; pass++) {
            Arrays.fill(locked, false);
            free[0].reset(gain);
            free[1].reset(gain);
            for (int i = 0; i < n; i++) {
                gain[i] = side[i] ? prefers0(i) : -prefers0(i); // the external cost a move saves
                int v = set[i];
                for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                    int u = local[graph.neighbour(arc)];
                    if (u >= 0) {
                        gain[i] += side[u] != side[i] ? graph.bytes(arc) : -graph.bytes(arc);
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                free[side[i] ? 1 : 0].add(i);
            }
            double total = 0, bestTotal = 0;
            int steps = 0, bestSteps = 0;
            boolean from = false;
            while (true) {
                int pick = free[from ? 1 : 0].top();
                if (pick < 0) {
                    break;
                }
                free[from ? 1 : 0].remove(pick);
                total += gain[pick];
                side[pick] = !side[pick];
                locked[pick] = true;
                gain[pick] = -gain[pick];
                int v = set[pick];
                for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                    int u = local[graph.neighbour(arc)];
                    if (u >= 0) {
                        // u's edge to pick changed from cut to uncut or back: 2x its bytes
                        gain[u] += side[u] == side[pick] ? -2 * graph.bytes(arc) : 2 * graph.bytes(arc);
                        if (!locked[u]) {
                            free[side[u] ? 1 : 0].changed(u);
                        }
                    }
                }
                moved[steps++] = pick;
                from = !from;
                if (steps % 2 == 0 && total > bestTotal + 1e-9 * Math.abs(bestTotal)) {
                    bestTotal = total;
                    bestSteps = steps;
                }
            }
            for (int s = steps - 1; s >= bestSteps; s--) {
                side[moved[s]] = !side[moved[s]];
            }
            if (bestSteps == 0) {
                return;
            }
        }
    }
}
