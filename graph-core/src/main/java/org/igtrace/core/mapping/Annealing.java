package org.igtrace.core.mapping;

import java.util.Arrays;
import java.util.Random;

/**
 * Simulated annealing on hop-bytes: a move exchanges a random rank's slot with a slot on the node
 * of one of its neighbours (9 in 10) or on a random node, accepted when it lowers hop-bytes or with
 * probability exp(-delta / T); T falls geometrically from the median cost of a sample of such moves
 * to a ten-thousandth of it. The best state seen is kept. Deterministic for a seed.
 */
final class Annealing {
    private static final long MOVES_PER_RANK = 3000;
    private static final long MIN_MOVES = 2_000_000;
    private static final long MAX_MOVES = 3_000_000;

    private Annealing() {
    }

    static void improve(SlotState state, long seed) {
        int ranks = state.node.length;
        if (ranks < 2) {
            return;
        }
        Random random = new Random(seed);
        double t0 = startTemperature(state, random);
        if (t0 <= 0) {
            return;
        }
        long moves = Math.min(MAX_MOVES, Math.max(MIN_MOVES, MOVES_PER_RANK * ranks));
        double cooling = Math.pow(1e-4, 1.0 / moves);
        double t = t0, cost = state.hopBytes(), best = cost;
        int[] bestNode = state.node.clone();
        for (long m = 0; m < moves; m++, t *= cooling) {
            int a = state.slotOf[random.nextInt(ranks)];
            int b = target(state, a, random);
            double d = state.swapDelta(a, b);
            if (d <= 0 || random.nextDouble() < Math.exp(-d / t)) {
                state.swap(a, b);
                cost += d;
                if (cost < best - 1e-9 * Math.abs(best)) {
                    best = cost;
                    System.arraycopy(state.node, 0, bestNode, 0, ranks);
                }
            }
        }
        if (!Arrays.equals(bestNode, state.node)) {
            SlotState kept = new SlotState(state.graph, state.distances, state.slots, bestNode);
            System.arraycopy(kept.occupant, 0, state.occupant, 0, state.occupant.length);
            System.arraycopy(kept.node, 0, state.node, 0, ranks);
            System.arraycopy(kept.slotOf, 0, state.slotOf, 0, ranks);
        }
    }

    /** A slot on the node of a random neighbour of slot {@code a}'s rank, or next to it, or anywhere. */
    private static int target(SlotState state, int a, Random random) {
        int r = state.occupant[a];
        RankGraph g = state.graph;
        int degree = g.end(r) - g.first(r);
        if (degree > 0 && random.nextInt(10) != 0) {
            int u = g.neighbour(g.first(r) + random.nextInt(degree));
            return state.node[u] * state.slots + random.nextInt(state.slots);
        }
        return random.nextInt(state.slotCount());
    }

    private static double startTemperature(SlotState state, Random random) {
        double[] sample = new double[200];
        int n = 0;
        for (int i = 0; i < 2000 && n < sample.length; i++) {
            int a = state.slotOf[random.nextInt(state.node.length)];
            double d = Math.abs(state.swapDelta(a, target(state, a, random)));
            if (d > 0) {
                sample[n++] = d;
            }
        }
        if (n == 0) {
            return 0;
        }
        double[] s = Arrays.copyOf(sample, n);
        Arrays.sort(s);
        return s[n / 2];
    }
}
