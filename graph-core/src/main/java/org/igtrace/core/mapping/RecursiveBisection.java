package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A placement by dual recursive bisection: the machine's nodes are halved as {@link TopologyHalves}
 * halves them, the ranks by {@link GraphBisection} into parts as large as the halves' slots (in
 * proportion when there are more slots than ranks), and each part goes on into its half until a
 * half is one node. The parts are placed depth first, and a bisection weighs, beside the bytes it cuts,
 * each rank's edges to ranks already given a part elsewhere: their bytes times the mean hops from each
 * half's nodes to the nearest node of that part (terminal propagation; {@link SetHops#near}, on a grid; elsewhere
 * the mean hops between both parts' nodes). That is the class's kind of run; {@link #place} makes another kind
 * beside it, the one this replaced, and keeps the better placement. Where the machine can
 * be halved across several dimensions ({@link TopologyHalves#candidates}), the ranks are bisected for each and the
 * way of least regret is kept: the bytes it cuts plus what its ranks' edges leaving the part cost beyond each one's
 * cheaper half. A graph that can be cut equally well in two directions is then cut where its ranks' partners already
 * lie, and the machine halved to match (on a shuffled 16x8x8 halo on {@code torus:16x8x8} the bisection alone came
 * to 3.2x the optimum's hop-bytes when the machine's halving was fixed). Among ways of equal regret, the one of least
 * cost; where several cost the same (a symmetric machine), which one is taken differs between the runs
 * {@link #place} makes.
 *
 * <p>Two choices measured on shuffled 2-D halos (three shufflings each, the bisection alone, multiples of the
 * optimum). By least cost instead of least regret, a half nearer the partners' part made a way that cut twice the
 * bytes look cheaper. With the mean hops over both parts' nodes instead of to the nearest node, a part's border
 * ranks preferred the half nearer the middle of their partners' part (which is not where those partners will sit,
 * next to them), across the direction the parts touch, and so folded the halo: {@code mesh:16x16} 1.58x-1.98x,
 * {@code mesh:32x32} 2.0x-2.2x with both, 1.00x with neither.
 */
public final class RecursiveBisection {
    private RecursiveBisection() {
    }

    /** Recursive bisections made, the placement of least hop-bytes kept. */
    static final int RUNS = 6;

    /**
     * The node of each of {@code graph}'s vertices, with at most {@code slots} on a node: the placement of least
     * hop-bytes (the first among equals) of {@value #RUNS} recursive bisections of each of two kinds, the k-th with the
     * graph bisections' seeds moved by k. On a symmetric machine ways of halving often cost the same, and the first
     * way is not always the one that lets the next levels fit (a shuffled 16x8x8 halo on {@code torus:8x8x8} with 2
     * slots: 1.49x the bound by the first way at every tie, 1.15x by the best of the runs).
     *
     * <p>The class's kind of run (the nearest node, the least regret) first keeps, of ways that tie, those whose bytes
     * cut fill the links between their halves most ({@link Run#fitting}), then takes the k-th of them (counted round) in
     * its runs 0, 2 and 4, and a pseudo-random one (the same for the same input) in runs 1, 3 and 5. The
     * other kind, the one it replaced (the mean hops between both parts' nodes, the least cost, the k-th way at every
     * tie), places some 3-D halos better. Over eight shufflings of each halo, as mean multiples of the optimum: the
     * 16x8x8 torus 1.03x by both kinds, 1.07x by the class's alone; the 2-D meshes 1.00x-1.02x, 1.64x-2.29x by the other
     * alone; the 32x32 torus 1.19x, 1.58x with the k-th way at every tie in both. With two cores or more and {@value #TWO_THREADS} ranks or
     * more, the other kind runs on a thread of its own; the result is the same as on one. On a machine of more than
     * {@link NodeDistances#TABLE_LIMIT} nodes, where the nearest node is not worked out (the hops are not tabled), the
     * other kind alone.
     */
    public static int[] place(RankGraph graph, NodeDistances distances, int slots, long seed) {
        return place(graph, distances, slots, seed, graph.vertices() >= TWO_THREADS && Runtime.getRuntime().availableProcessors() > 1);
    }

    /** As {@link #place(RankGraph, NodeDistances, int, long)}, the other kind on a thread of its own when {@code twoThreads}. */
    static int[] place(RankGraph graph, NodeDistances distances, int slots, long seed, boolean twoThreads) {
        Best byMean = new Best();
        if (distances.nodes() > NodeDistances.TABLE_LIMIT) {
            byMean.runs(graph, distances, slots, seed, false);
            byMean.rethrow();
            return byMean.node;
        }
        Thread beside = null;
        Runnable second = () -> byMean.runs(graph, distances, slots, seed, false);
        if (twoThreads) {
            beside = new Thread(second, "igtrace-bisection");
            beside.setDaemon(true);
            beside.start();
        } else {
            second.run();
        }
        Best byNearest = new Best();
        byNearest.runs(graph, distances, slots, seed, true);
        if (beside != null) {
            boolean interrupted = false;
            while (true) {
                try {
                    beside.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        byMean.rethrow();
        byNearest.rethrow();
        return byMean.hopBytes < byNearest.hopBytes ? byMean.node : byNearest.node; // equal: the class's kind
    }

    /** Ranks from which the second kind of runs has a thread of its own (below, starting it costs more than it saves). */
    static final int TWO_THREADS = 256;

    /** The best placement of one kind's runs. */
    private static final class Best {
        int[] node;
        double hopBytes;
        /** What the runs threw (a run on a thread of its own). */
        volatile Throwable failure;

        void runs(RankGraph graph, NodeDistances distances, int slots, long seed, boolean nearest) {
            try {
                for (int k = 0; k < RUNS; k++) {
                    int[] placed = placeOnce(graph, distances, slots, seed + k, k, nearest);
                    double h = graph.hopBytes(placed, distances);
                    if (node == null || h < hopBytes) {
                        node = placed;
                        hopBytes = h;
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        void rethrow() {
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw (RuntimeException) failure;
            }
        }
    }

    private static int[] placeOnce(RankGraph graph, NodeDistances distances, int slots, long seed, int turn, boolean nearest) {
        int[] node = new int[graph.vertices()];
        int[] ranks = new int[graph.vertices()];
        Arrays.setAll(ranks, r -> r);
        Run run = new Run(graph, distances, slots, node, seed, turn, nearest);
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

        /**
         * Which of the ways of halving that cost the same this run takes: the turn-th, counted round; in the class's kind
         * of run, for odd turns, one drawn from {@link #ties}.
         */
        private final int turn;
        private final Random ties;

        /** The class's kind of run (the nearest node, the least regret), else the mean hops and the least cost. */
        private final boolean nearest;

        Run(RankGraph graph, NodeDistances distances, int slots, int[] node, long seed, int turn, boolean nearest) {
            this.turn = turn;
            this.nearest = nearest;
            this.ties = new Random(seed * 7919 + turn);
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
            List<Way> cheapest = cheapest(ways(ranks, nodes, set));
            if (nearest && cheapest.size() > 1) {
                cheapest = fitting(cheapest, ranks);
            }
            int pick = turn % cheapest.size();
            if (nearest && turn % 2 == 1 && cheapest.size() > 1) {
                pick = ties.nextInt(cheapest.size());
            }
            Way best = cheapest.get(pick);
            int[][] parts = parts(ranks, best);
            place(parts[0], best.halves[0], best.numbers[0]);
            place(parts[1], best.halves[1], best.numbers[1]);
        }

        /** The ways of halving {@code nodes}, each with the split of {@code ranks} (those of set {@code set}) it gives. */
        private List<Way> ways(int[] ranks, int[] nodes, int set) {
            List<Way> ways = new ArrayList<>();
            for (int[][] halves : halving.candidates(nodes)) {
                long c0 = (long) slots * halves[0].length, c1 = (long) slots * halves[1].length;
                int size0 = (int) Math.round((double) ranks.length * c0 / (c0 + c1));
                size0 = (int) Math.max(ranks.length - c1, Math.min(c0, size0));
                int[] numbers = {sets.add(halves[0]), sets.add(halves[1])};
                double[][] external = external(ranks, set, numbers[0], numbers[1]);
                GraphBisection.Split split = bisection.split(ranks, size0, seed + ranks.length * 31L + nodes[0],
                        external == null ? null : external[0], external == null ? null : external[1]);
                ways.add(new Way(halves, numbers, size0, split, nearest ? split.cost() - unavoidable(external) : split.cost()));
            }
            return ways;
        }

        /**
         * The ways of least regret, and among them of least cost (regret is cost in the other kind of run). Regrets within
         * 1e-9 of the largest cost are equal: a regret is the difference of two sums as large as the cost, so rounding
         * can part regrets that are equal by far more than 1e-9 of their own size.
         */
        private static List<Way> cheapest(List<Way> ways) {
            double leastRegret = ways.stream().mapToDouble(Way::regret).min().orElseThrow();
            double scale = ways.stream().mapToDouble(w -> Math.abs(w.split.cost())).max().orElseThrow();
            List<Way> cheapest = ways.stream().filter(w -> w.regret <= leastRegret + 1e-9 * Math.max(scale, Math.abs(leastRegret))).toList();
            double least = cheapest.stream().mapToDouble(w -> w.split.cost()).min().orElseThrow();
            return cheapest.stream().filter(w -> w.split.cost() <= least + 1e-9 * Math.abs(least)).toList();
        }

        /**
         * Of tied ways, those whose bytes cut fill the links between their halves most (all of them where the links are not
         * worked out: not a grid). A part of a torus that spans a whole ring is halved by that ring's two links per line,
         * a part of a line by one: a way that cuts the ranks' few bytes across a ring would lay them out folded (a
         * halo's rings of 8 on blocks 4 wide and 2 high).
         */
        private List<Way> fitting(List<Way> tied, int[] ranks) {
            double[] fill = new double[tied.size()];
            for (int w = 0; w < tied.size(); w++) {
                Way way = tied.get(w);
                long links = sets.links(way.numbers[0], way.numbers[1]);
                if (links <= 0) {
                    return tied;
                }
                fill[w] = cutBytes(ranks, way.split.side()) / links;
            }
            double most = Arrays.stream(fill).max().orElseThrow();
            List<Way> out = new ArrayList<>();
            for (int w = 0; w < tied.size(); w++) {
                if (fill[w] >= most - 1e-9 * Math.abs(most)) {
                    out.add(tied.get(w));
                }
            }
            return out;
        }

        /** Per rank, 1 or 2 while {@link #cutBytes} marks its side, else 0. */
        private byte[] mark;

        /** The bytes between ranks of {@code ranks} on different sides. */
        private double cutBytes(int[] ranks, boolean[] side) {
            if (mark == null) {
                mark = new byte[graph.vertices()];
            }
            for (int i = 0; i < ranks.length; i++) {
                mark[ranks[i]] = (byte) (side[i] ? 2 : 1);
            }
            double cut = 0;
            for (int i = 0; i < ranks.length; i++) {
                for (int arc = graph.first(ranks[i]); arc < graph.end(ranks[i]); arc++) {
                    int other = mark[graph.neighbour(arc)];
                    if (other != 0 && other != mark[ranks[i]]) {
                        cut += graph.bytes(arc);
                    }
                }
            }
            for (int r : ranks) {
                mark[r] = 0;
            }
            return cut / 2;
        }

        /** The parts of {@code ranks} {@code way} makes, each rank's set its part's. */
        private int[][] parts(int[] ranks, Way way) {
            int[][] parts = {new int[way.size0], new int[ranks.length - way.size0]};
            int[] filled = new int[2];
            for (int i = 0; i < ranks.length; i++) {
                int h = way.split.side()[i] ? 1 : 0;
                parts[h][filled[h]++] = ranks[i];
                setOf[ranks[i]] = way.numbers[h];
            }
            return parts;
        }

        /**
         * A way of halving the machine's part: its halves, their set numbers, the ranks for the first, the ranks' split, and
         * its regret (the split's cost less what the edges leaving the part would cost with each rank on its cheaper half).
         */
        private record Way(int[][] halves, int[] numbers, int size0, GraphBisection.Split split, double regret) {
        }

        /** What the edges leaving the part cost with each rank on its cheaper half ({@link #external}'s; 0 for null). */
        private static double unavoidable(double[][] external) {
            double sum = 0;
            if (external != null) {
                for (int i = 0; i < external[0].length; i++) {
                    sum += Math.min(external[0][i], external[1][i]);
                }
            }
            return sum;
        }

        /**
         * Per rank of {@code ranks} (those of set {@code set}), what its edges to ranks of other sets cost on half
         * {@code s0} and on half {@code s1}: bytes times the mean hops from the half to the nearest node of the other rank's
         * set (the mean over both sets' nodes in the other kind of run); null when no edge leaves.
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
                        e0[i] += graph.bytes(arc) * (nearest ? sets.near(s0, other) : sets.mean(s0, other));
                        e1[i] += graph.bytes(arc) * (nearest ? sets.near(s1, other) : sets.mean(s1, other));
                    }
                }
            }
            return any ? new double[][] {e0, e1} : null;
        }
    }
}
