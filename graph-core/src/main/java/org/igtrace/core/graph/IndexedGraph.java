package org.igtrace.core.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgrapht.Graph;

/**
 * An undirected graph's vertices and edges as numbers, read from the graph once: vertex i is
 * {@code order.get(i)}, edge k the k-th of {@code graph.edgeSet()}, with its end points, its
 * weight and each vertex's edges in the order {@code graph.edgesOf} gives them (the order they
 * were added), in primitive arrays. Prim and the path recalculation walk these instead of asking
 * the graph, whose every edge source, target or weight is a hash map look-up (the vertex maps
 * hash the whole vertex): on a 10^5-process stencil of 293,500 edges those look-ups were most of
 * the 2.5 s the graph took.
 */
final class IndexedGraph<V, E> {
    private final List<V> order;
    private final List<E> edges;
    private final int[] source;
    private final int[] target;
    private final double[] weight;
    /** The edges of vertex v are {@code adjacent[first[v]] .. adjacent[first[v + 1] - 1]}. */
    private final int[] first;
    private final int[] adjacent;

    /**
     * @param graph an undirected graph
     * @param order all vertices of the graph, each once
     */
    IndexedGraph(Graph<V, E> graph, List<V> order) {
        this.order = List.copyOf(order);
        int n = order.size();
        Map<V, Integer> index = new HashMap<>(n * 2);
        for (V v : order) {
            index.putIfAbsent(v, index.size());
        }
        edges = new ArrayList<>(graph.edgeSet());
        int m = edges.size();
        source = new int[m];
        target = new int[m];
        weight = new double[m];
        for (int k = 0; k < m; k++) {
            E e = edges.get(k);
            source[k] = index.get(graph.getEdgeSource(e));
            target[k] = index.get(graph.getEdgeTarget(e));
            weight[k] = graph.getEdgeWeight(e);
        }
        first = new int[n + 1];
        adjacent = adjacency(n, m, source, target, first);
    }

    /**
     * A graph given as numbers: vertex i is {@code order.get(i)}, edge k {@code edges.get(k)} between vertices
     * {@code source[k]} and {@code target[k]} of weight {@code weight[k]} (arrays kept, not copied); each vertex's
     * edges in the order of their numbers, as a JGraphT graph to which they were added in that order gives them.
     */
    IndexedGraph(List<V> order, List<E> edges, int[] source, int[] target, double[] weight) {
        this.order = order;
        this.edges = edges;
        this.source = source;
        this.target = target;
        this.weight = weight;
        int n = order.size();
        first = new int[n + 1];
        adjacent = adjacency(n, edges.size(), source, target, first);
    }

    /** Fills {@code first} and returns the vertices' edge lists, each vertex's edges by increasing number. */
    private static int[] adjacency(int n, int m, int[] source, int[] target, int[] first) {
        for (int k = 0; k < m; k++) {
            first[source[k] + 1]++;
            if (target[k] != source[k]) {
                first[target[k] + 1]++;
            }
        }
        for (int v = 0; v < n; v++) {
            first[v + 1] += first[v];
        }
        int[] adjacent = new int[first[n]];
        int[] next = java.util.Arrays.copyOf(first, n);
        for (int k = 0; k < m; k++) {
            adjacent[next[source[k]]++] = k;
            if (target[k] != source[k]) {
                adjacent[next[target[k]]++] = k;
            }
        }
        return adjacent;
    }

    int vertexCount() {
        return order.size();
    }

    V vertex(int v) {
        return order.get(v);
    }

    int edgeCount() {
        return edges.size();
    }

    E edge(int k) {
        return edges.get(k);
    }

    int source(int k) {
        return source[k];
    }

    int target(int k) {
        return target[k];
    }

    double weight(int k) {
        return weight[k];
    }

    /** The end of edge k that is not v (v for a loop). */
    int opposite(int k, int v) {
        return source[k] == v ? target[k] : source[k];
    }

    /** Where vertex v's edges start in {@link #adjacentEdge}; they end where v + 1's start. */
    int firstOf(int v) {
        return first[v];
    }

    /** The edge at position a of the vertices' edge lists. */
    int adjacentEdge(int a) {
        return adjacent[a];
    }
}
