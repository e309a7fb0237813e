package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.igtrace.core.topology.Topology;

/**
 * igtrace map's search (definitions section 13): the constructions (rank order; recursive
 * bisection; greedy grouping when nodes have several slots; an outside mapping such as Scotch's
 * when given), the two best improved by simulated annealing then swaps, and the best of all of them by
 * hop-bytes, then the largest link load. The proposed placement is therefore never worse than any
 * baseline; {@link Result#method()} says which start won.
 */
public final class PlacementSearch {
    /** The seed of every pseudo-random choice: the same input gives the same placement. */
    public static final long SEED = 20260;

    private PlacementSearch() {
    }

    /** A placement with its objective. */
    public record Candidate(String name, int[] node, double hopBytes, double maxLinkLoadBytes) {
        boolean betterThan(Candidate o) {
            double eps = 1e-9 * Math.max(1, Math.abs(o.hopBytes));
            return hopBytes < o.hopBytes - eps || Math.abs(hopBytes - o.hopBytes) <= eps && maxLinkLoadBytes < o.maxLinkLoadBytes;
        }
    }

    /** The baselines and constructions as found, the proposed placement, and the name of the method that won. */
    public record Result(List<Candidate> candidates, Candidate proposed) {
        public String method() {
            return proposed.name();
        }

        public Candidate named(String name) {
            return candidates.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
        }
    }

    /** Rank r on node r div slots. */
    public static int[] rankOrder(int ranks, int slots) {
        int[] node = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            node[r] = r / slots;
        }
        return node;
    }

    /**
     * Searches a placement of {@code graph}'s ranks on {@code topology}'s nodes, {@code slots} a node
     * (their count must fit); {@code outside} is another tool's placement to compete (null: none), named
     * {@code outsideName}.
     */
    public static Result search(RankGraph graph, Topology topology, int slots, int[] outside, String outsideName) {
        // a node never holds more ranks than there are: its slots beyond them change nothing (and nodes x 2e9 slots
        // overflowed the slot table)
        slots = Math.min(slots, Math.max(1, graph.vertices()));
        NodeDistances distances = new NodeDistances(topology);
        List<Candidate> starts = new ArrayList<>();
        starts.add(evaluate("rank order", rankOrder(graph.vertices(), slots), graph, distances));
        if (outside != null) {
            starts.add(evaluate(outsideName, outside, graph, distances));
        }
        starts.add(evaluate("recursive bisection", RecursiveBisection.place(graph, distances, slots, SEED), graph, distances));
        int[] block = CompactBlock.place(graph, topology, slots, SEED);
        if (block != null) { // a job much smaller than its machine: on the smallest block of it too
            starts.add(evaluate("compact block", block, graph, distances));
        }
        if (slots > 1) {
            int[] grouped = GreedyGrouping.place(graph, distances, slots, SEED);
            if (grouped != null) {
                starts.add(evaluate("greedy grouping", grouped, graph, distances));
            }
        }
        List<Candidate> all = new ArrayList<>(starts);
        // the two best starts are improved (each improvement costs seconds at 1024 ranks)
        List<Candidate> ranked = new ArrayList<>(starts);
        ranked.sort((a, b) -> a.betterThan(b) ? -1 : b.betterThan(a) ? 1 : 0);
        for (Candidate start : ranked.subList(0, Math.min(2, ranked.size()))) {
            SlotState state = new SlotState(graph, distances, slots, start.node());
            Annealing.improve(state, SEED);
            SwapImprovement.improve(state);
            all.add(evaluate(start.name() + " + annealing + swaps", state.node, graph, distances));
        }
        Candidate best = all.get(0);
        for (Candidate c : all) {
            if (c.betterThan(best)) {
                best = c;
            }
        }
        return new Result(all, best);
    }

    static Candidate evaluate(String name, int[] node, RankGraph graph, NodeDistances distances) {
        return new Candidate(name, node.clone(), graph.hopBytes(node, distances), maxLinkLoad(node, graph, distances.topology()));
    }

    /** The most bytes on one link, pairs routed from the lower rank's node to the higher's as the projection routes them. */
    static double maxLinkLoad(int[] node, RankGraph graph, Topology topology) {
        double[] load = new double[topology.linkCount()];
        for (int v = 0; v < graph.vertices(); v++) {
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                int u = graph.neighbour(arc);
                if (u > v && node[u] != node[v]) {
                    double b = graph.bytes(arc);
                    IntConsumer add = link -> load[link] += b;
                    topology.route(node[v], node[u], add);
                }
            }
        }
        double max = 0;
        for (double l : load) {
            max = Math.max(max, l);
        }
        return max;
    }
}
