package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A TreeMatch-style placement for nodes of several slots: ranks are grouped bottom-up, the pair
 * with the most bytes first, two groups joined while the joint group fits a node's slots; groups
 * left smaller are packed into nodes (largest first, into the first that has room); then the
 * groups, one vertex each with the bytes between them, are placed one a node by
 * {@link RecursiveBisection}.
 */
public final class GreedyGrouping {
    private GreedyGrouping() {
    }

    /** The node of each rank, or null when the groups do not fit the nodes. */
    public static int[] place(RankGraph graph, NodeDistances distances, int slots, long seed) {
        int n = graph.vertices();
        int[] group = IntStream.range(0, n).toArray();
        int[] size = new int[n];
        Arrays.fill(size, 1);
        List<double[]> edges = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                if (graph.neighbour(arc) > v) {
                    edges.add(new double[] {graph.bytes(arc), v, graph.neighbour(arc)});
                }
            }
        }
        edges.sort(Comparator.<double[]>comparingDouble(e -> -e[0]).thenComparingDouble(e -> e[1]).thenComparingDouble(e -> e[2]));
        for (double[] e : edges) {
            int a = find(group, (int) e[1]), b = find(group, (int) e[2]);
            if (a != b && size[a] + size[b] <= slots) {
                int low = Math.min(a, b), high = Math.max(a, b);
                group[high] = low;
                size[low] += size[high];
            }
        }
        // pack the groups into bins of `slots`, largest first
        List<Integer> roots = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            if (find(group, v) == v) {
                roots.add(v);
            }
        }
        roots.sort(Comparator.<Integer>comparingInt(r -> -size[r]).thenComparingInt(r -> r));
        int[] binOfRoot = new int[n];
        List<Integer> fill = new ArrayList<>();
        for (int root : roots) {
            int bin = 0;
            while (bin < fill.size() && fill.get(bin) + size[root] > slots) {
                bin++;
            }
            if (bin == fill.size()) {
                fill.add(0);
            }
            fill.set(bin, fill.get(bin) + size[root]);
            binOfRoot[root] = bin;
        }
        int bins = fill.size();
        if (bins > distances.nodes()) {
            return null;
        }
        int[] bin = new int[n];
        for (int v = 0; v < n; v++) {
            bin[v] = binOfRoot[find(group, v)];
        }
        RankGraph binGraph = contract(graph, bin, bins);
        int[] nodeOfBin = RecursiveBisection.place(binGraph, distances, 1, seed);
        int[] node = new int[n];
        for (int v = 0; v < n; v++) {
            node[v] = nodeOfBin[bin[v]];
        }
        return node;
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        return v;
    }

    /** The graph of the bins: the bytes between two bins summed over their ranks' pairs. */
    private static RankGraph contract(RankGraph graph, int[] bin, int bins) {
        java.util.Map<Long, Double> between = new java.util.TreeMap<>();
        for (int v = 0; v < graph.vertices(); v++) {
            for (int arc = graph.first(v); arc < graph.end(v); arc++) {
                int a = bin[v], b = bin[graph.neighbour(arc)];
                if (graph.neighbour(arc) > v && a != b) {
                    between.merge((long) Math.min(a, b) * bins + Math.max(a, b), graph.bytes(arc), Double::sum);
                }
            }
        }
        List<int[]> pairs = new ArrayList<>();
        double[] weight = new double[between.size()];
        int i = 0;
        for (java.util.Map.Entry<Long, Double> e : between.entrySet()) {
            pairs.add(new int[] {(int) (e.getKey() / bins), (int) (e.getKey() % bins)});
            weight[i++] = e.getValue();
        }
        return RankGraph.of(bins, pairs, weight);
    }
}
