package org.igtrace.core.mapping;

import java.util.Arrays;
import java.util.Random;

/**
 * Splits a set of ranks into two parts of given sizes cutting few bytes: greedy graph growing
 * from a few seed ranks, each refined by Fiduccia-Mattheyses passes that move a rank from each
 * side in turn (so the sizes stay exact at every even step) and keep the best prefix of moves.
 * Edges to ranks outside the set are ignored. Deterministic: the seeds come from a fixed
 * pseudo-random sequence.
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

    /** Which side (0 or 1) each of {@code set}'s ranks goes to, with exactly {@code size0} on side 0. */
    boolean[] split(int[] set, int size0, long seed) {
        int n = set.length;
        boolean[] best = new boolean[n];
        if (size0 <= 0 || size0 >= n) {
            Arrays.fill(best, size0 <= 0);
            return best;
        }
        for (int i = 0; i < n; i++) {
            local[set[i]] = i;
        }
        Random random = new Random(seed);
        double bestCut = Double.POSITIVE_INFINITY;
        for (int t = 0; t < Math.min(TRIES, n); t++) {
            boolean[] side = grow(set, size0, random.nextInt(n));
            refine(set, side);
            double cut = cut(set, side);
            if (cut < bestCut) {
                bestCut = cut;
                best = side;
            }
        }
        for (int v : set) {
            local[v] = -1;
        }
        return best;
    }

    /** Side 1 everywhere, then side 0 grown from {@code seed} by the rank most tied to it until it has {@code size0}. */
    private boolean[] grow(int[] set, int size0, int seed) {
        int n = set.length;
        boolean[] side = new boolean[n];
        Arrays.fill(side, true);
        double[] tie = new double[n];
        int next = seed;
        for (int k = 0; k < size0; k++) {
            side[next] = false;
            int v = set[next];
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                int u = local[graph.neighbour(arc)];
                if (u >= 0) {
                    tie[u] += graph.bytes(arc);
                }
            }
            next = -1;
            for (int i = 0; i < n; i++) {
                if (side[i] && (next < 0 || tie[i] > tie[next])) {
                    next = i;
                }
            }
        }
        return side;
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
        for (int pass = 0; pass < PASSES; pass++) {
            Arrays.fill(gain, 0);
            Arrays.fill(locked, false);
            for (int i = 0; i < n; i++) {
                int v = set[i];
                for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                    int u = local[graph.neighbour(arc)];
                    if (u >= 0) {
                        gain[i] += side[u] != side[i] ? graph.bytes(arc) : -graph.bytes(arc);
                    }
                }
            }
            double total = 0, bestTotal = 0;
            int steps = 0, bestSteps = 0;
            boolean from = false;
            while (true) {
                int pick = -1;
                for (int i = 0; i < n; i++) {
                    if (!locked[i] && side[i] == from && (pick < 0 || gain[i] > gain[pick])) {
                        pick = i;
                    }
                }
                if (pick < 0) {
                    break;
                }
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
