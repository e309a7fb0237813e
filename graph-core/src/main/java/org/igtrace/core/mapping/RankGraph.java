package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.TrafficEdge;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.TraceProfile;

/**
 * The ranks and the bytes between them as compact adjacency lists (both directions of every pair):
 * what the placement algorithms read. Vertex {@code v} has neighbours {@code neighbour[start[v]..start[v+1])}
 * with {@code bytes[...]} beside them.
 */
public final class RankGraph {
    private final int vertices;
    private final int[] start;
    private final int[] neighbour;
    private final double[] bytes;
    private final double totalBytes;

    private RankGraph(int vertices, int[] start, int[] neighbour, double[] bytes, double totalBytes) {
        this.vertices = vertices;
        this.start = start;
        this.neighbour = neighbour;
        this.bytes = bytes;
        this.totalBytes = totalBytes;
    }

    /** The graph of a profile's pairs over its processes (ranks 0..P-1). */
    public static RankGraph of(TraceProfile profile) {
        List<int[]> pairs = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        int n = profile.processes().size();
        for (PairTraffic p : profile.pairs()) {
            if (p.a() >= 0 && p.b() < n && p.bytes() > 0) {
                pairs.add(new int[] {p.a(), p.b()});
                weights.add(p.bytes());
            }
        }
        double[] w = new double[weights.size()];
        Arrays.setAll(w, i -> weights.get(i));
        return of(n, pairs, w);
    }

    /**
     * The graph of an information graph's edges weighted as it weighs them (its {@link org.igtrace.core.graph.EdgeWeight}:
     * bytes, messages, waiting, critical path or delay), edges of weight 0 left out; with the weight bytes the same as
     * {@link #of(TraceProfile)}. The placement algorithms read the weights as they read bytes.
     */
    public static RankGraph of(InformationGraph graph) {
        List<int[]> pairs = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (TrafficEdge e : graph.edgesInOrder()) {
            double w = graph.weightOf(e);
            if (w > 0) {
                pairs.add(new int[] {e.traffic().a(), e.traffic().b()});
                weights.add(w);
            }
        }
        double[] w = new double[weights.size()];
        Arrays.setAll(w, i -> weights.get(i));
        return of(graph.vertices().size(), pairs, w);
    }

    /** The graph of {@code vertices} vertices with edge {@code pairs.get(i)} of {@code weight[i]} bytes (pairs listed once). */
    public static RankGraph of(int vertices, List<int[]> pairs, double[] weight) {
        int[] degree = new int[vertices];
        for (int[] p : pairs) {
            degree[p[0]]++;
            degree[p[1]]++;
        }
        int[] start = new int[vertices + 1];
        for (int v = 0; v < vertices; v++) {
            start[v + 1] = start[v] + degree[v];
        }
        int[] fill = Arrays.copyOf(start, vertices);
        int[] neighbour = new int[start[vertices]];
        double[] bytes = new double[start[vertices]];
        double total = 0;
        for (int i = 0; i < pairs.size(); i++) {
            int a = pairs.get(i)[0], b = pairs.get(i)[1];
            neighbour[fill[a]] = b;
            bytes[fill[a]++] = weight[i];
            neighbour[fill[b]] = a;
            bytes[fill[b]++] = weight[i];
            total += weight[i];
        }
        return new RankGraph(vertices, start, neighbour, bytes, total);
    }

    public int vertices() {
        return vertices;
    }

    public int first(int v) {
        return start[v];
    }

    public int end(int v) {
        return start[v + 1];
    }

    public int neighbour(int arc) {
        return neighbour[arc];
    }

    public double bytes(int arc) {
        return bytes[arc];
    }

    /** Bytes over all pairs, each pair once. */
    public double totalBytes() {
        return totalBytes;
    }

    /** Sum over pairs of bytes x distance between the nodes {@code node[a]} and {@code node[b]}. */
    public double hopBytes(int[] node, NodeDistances distances) {
        double sum = 0;
        for (int v = 0; v < vertices; v++) {
            for (int arc = start[v]; arc < start[v + 1]; arc++) {
                int u = neighbour[arc];
                if (u > v) {
                    sum += bytes[arc] * distances.hops(node[v], node[u]);
                }
            }
        }
        return sum;
    }
}
