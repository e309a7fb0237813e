package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A placement by dual recursive bisection: the machine's nodes are halved as {@link TopologyHalves}
 * halves them, the ranks by {@link GraphBisection} into parts as large as the halves' slots (in
 * proportion when there are more slots than ranks), and each part goes on into its half until a
 * half is one node. The parts are placed depth first, and a bisection weighs, beside the bytes it cuts,
 * each rank's edges to ranks already given a part elsewhere: their bytes times the mean hops from each
 * half to that part's nodes (terminal propagation). Where the machine can be halved across several
 * dimensions ({@link TopologyHalves#candidates}), the ranks are bisected for each and the cheapest is
 * kept: a graph that can be cut equally well in two directions is then cut where its ranks' partners
 * already lie, and the machine halved to match (on a shuffled 16x8x8 halo on {@code torus:16x8x8} the
 * bisection alone came to 3.2x the optimum's hop-bytes when the machine's halving was fixed). Where several
 * ways cost the same (a symmetric machine), which one is taken differs between the runs {@link #place} makes.
 */
public final class RecursiveBisection {
    private RecursiveBisection() {
    }

    /** Recursive bisections made, the placement of least hop-bytes kept. */
    static final int RUNS = 6;

    /**
     * The node of each of {@code graph}'s vertices, with at most {@code slots} on a node: the placement of least
     * hop-bytes (the first among equals) of {@value #RUNS} recursive bisections, the k-th with the graph bisections'
     * seeds moved by k and taking, where several ways of halving a machine part cost the same, the k-th of them (counted
     * round). On a symmetric machine a tie between ways is common and the first way is not always the one that lets
     * the next levels fit (a shuffled 16x8x8 halo on {@code torus:8x8x8} with 2 slots: 1.49x the bound by the first way
     * at every tie, 1.15x by the best of the runs).
     */
    public static int[] place(RankGraph graph, NodeDistances distances, int slots, long seed) {
        int[] best = null;
        double bestHopBytes = 0;
        for (int k = 0; k < RUNS; k++) {
            int[] node = placeOnce(graph, distances, slots, seed + k, k);
            double h = graph.hopBytes(node, distances);
            if (best == null || h < bestHopBytes) {
                best = node;
                bestHopBytes = h;
            }
        }
        return best;
    }

    private static int[] placeOnce(RankGraph graph, NodeDistances distances, int slots, long seed, int turn) {
        int[] node = new int[graph.vertices()];
        int[] ranks = new int[graph.vertices()];
        Arrays.setAll(ranks, r -> r);
        Run run = new Run(graph, distances, slots, node, seed, turn);
        int[] all = TopologyHalves.all(distances);
        run.place(ranks, all, run.sets.add(all));
        return node;
    }

    private static final class Run {
        private final RankGraph graph;
        private final int slots;
        private final int[] node;
        private final long seed;
        private final TopologyHalves halving;
        private final GraphBisection bisection;
        final SetHops sets;
        /** Per rank, the number ({@link SetHops}) of the set of nodes its part is placed on. */
        private final int[] setOf;

        /** Which of the ways of halving that cost the same this run takes (the turn-th, counted round). */
        private final int turn;

        Run(RankGraph graph, NodeDistances distances, int slots, int[] node, long seed, int turn) {
            this.turn = turn;
            this.graph = graph;
            this.slots = slots;
            this.node = node;
            this.seed = seed;
            this.halving = new TopologyHalves(distances);
            this.bisection = new GraphBisection(graph);
            this.sets = new SetHops(distances);
            this.setOf = new int[graph.vertices()];
        }

        /** Places {@code ranks} (every rank whose set is {@code set}) on {@code nodes}, set number {@code set}. */
        void place(int[] ranks, int[] nodes, int set) {
            if (ranks.length == 0) {
                return;
            }
            if (nodes.length == 1) {
                for (int r : ranks) {
                    node[r] = nodes[0];
                }
                return;
            }
            List<Way> ways = new ArrayList<>();
            for (int[][] halves : halving.candidates(nodes)) {
                long c0 = (long) slots * halves[0].length, c1 = (long) slots * halves[1].length;
                int size0 = (int) Math.round((double) ranks.length * c0 / (c0 + c1));
                size0 = (int) Math.max(ranks.length - c1, Math.min(c0, size0));
                int[] numbers = {sets.add(halves[0]), sets.add(halves[1])};
                double[][] external = external(ranks, set, numbers[0], numbers[1]);
                GraphBisection.Split split = bisection.split(ranks, size0, seed + ranks.length * 31L + nodes[0],
                        external == null ? null : external[0], external == null ? null : external[1]);
                ways.add(new Way(halves, numbers, size0, split));
            }
            double least = ways.stream().mapToDouble(w -> w.split.cost()).min().orElseThrow();
            List<Way> cheapest = ways.stream().filter(w -> w.split.cost() <= least + 1e-9 * Math.abs(least)).toList();
            Way best = cheapest.get(turn % cheapest.size());
            int[][] parts = {new int[best.size0], new int[ranks.length - best.size0]};
            int[] filled = new int[2];
            for (int i = 0; i < ranks.length; i++) {
                int h = best.split.side()[i] ? 1 : 0;
                parts[h][filled[h]++] = ranks[i];
                setOf[ranks[i]] = best.numbers[h];
            }
            place(parts[0], best.halves[0], best.numbers[0]);
            place(parts[1], best.halves[1], best.numbers[1]);
        }

        /** A way of halving the machine's part: its halves, their set numbers, the ranks for the first, the ranks' split. */
        private record Way(int[][] halves, int[] numbers, int size0, GraphBisection.Split split) {
        }

        /**
         * Per rank of {@code ranks} (those of set {@code set}), what its edges to ranks of other sets cost on half
         * {@code s0} and on half {@code s1}: bytes times the mean hops to the other rank's set; null when no edge leaves.
         */
        private double[][] external(int[] ranks, int set, int s0, int s1) {
            double[] e0 = new double[ranks.length], e1 = new double[ranks.length];
            boolean any = false;
            for (int i = 0; i < ranks.length; i++) {
                int v = ranks[i];
                for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                    int other = setOf[graph.neighbour(arc)];
                    if (other != set) {
                        any = true;
                        e0[i] += graph.bytes(arc) * sets.mean(s0, other);
                        e1[i] += graph.bytes(arc) * sets.mean(s1, other);
                    }
                }
            }
            return any ? new double[][] {e0, e1} : null;
        }
    }
}
