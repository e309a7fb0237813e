package org.igtrace.core.graph;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.interfaces.SpanningTreeAlgorithm;

/**
 * Prim's maximum-weight spanning tree as the paper describes it (section 3, steps 1-3; the definitions (docs/definitions.md)
 * section 5), a spanning forest on a disconnected graph.
 *
 * <ul>
 *   <li>Each component starts at its first vertex in the given order (the lowest rank).</li>
 *   <li>Every vertex outside the tree keeps a label [a_j, b_j]: the best tree vertex and that
 *       edge's weight. A label changes only on a strictly larger weight, so ties keep the earlier
 *       tree vertex.</li>
 *   <li>The labelled outside vertex with the largest b_j joins next; ties go to the earlier vertex
 *       in the order.</li>
 * </ul>
 * The labelled outside vertices wait in a binary heap ordered by b_j, then by the order (the paper
 * scans them all: O(n^2); the heap picks the same vertex), O(m log n) time with O(n + m) memory.
 * The graph is read once into arrays ({@link IndexedGraph}).
 */
public final class PrimMaximumSpanningForest<V, E> implements SpanningTreeAlgorithm<E> {
    private final IndexedGraph<V, E> graph;
    private int components = -1;

    /**
     * @param graph an undirected graph whose edge weights are to be maximised
     * @param order all vertices of the graph, lowest rank first
     */
    public PrimMaximumSpanningForest(Graph<V, E> graph, List<V> order) {
        this(checked(graph, order));
    }

    /** Over a graph already read into arrays, its vertices numbered lowest rank first. */
    PrimMaximumSpanningForest(IndexedGraph<V, E> graph) {
        this.graph = graph;
    }

    private static <V, E> IndexedGraph<V, E> checked(Graph<V, E> graph, List<V> order) {
        if (order.size() != graph.vertexSet().size()) {
            throw new IllegalArgumentException("the order must list every vertex once");
        }
        return new IndexedGraph<>(graph, order);
    }

    @Override
    public SpanningTree<E> getSpanningTree() {
        int[] joined = treeEdgeNumbers();
        Set<E> edges = new LinkedHashSet<>();
        double total = 0;
        for (int k : joined) {
            edges.add(graph.edge(k));
            total += graph.weight(k);
        }
        return new SpanningTreeImpl<>(edges, total);
    }

    /** Whether each edge (by number) is in the forest. */
    boolean[] inTree() {
        boolean[] in = new boolean[graph.edgeCount()];
        for (int k : treeEdgeNumbers()) {
            in[k] = true;
        }
        return in;
    }

    /** The forest's edges by number, in the order they joined it. */
    private int[] treeEdgeNumbers() {
        int n = graph.vertexCount();
        boolean[] inTree = new boolean[n];
        VertexHeap labelled = new VertexHeap(n);
        double[] best = new double[n];
        int[] bestEdge = new int[n];
        int[] joinedEdges = new int[Math.max(0, n - 1)];
        int treeSize = 0;
        int componentCount = 0;
        int nextRoot = 0;
        for (int joined = 0; joined < n; joined++) {
            int pick;
            if (labelled.isEmpty()) {
                while (inTree[nextRoot]) {
                    nextRoot++;
                }
                pick = nextRoot;
                componentCount++;
            } else {
                pick = labelled.poll();
                joinedEdges[treeSize++] = bestEdge[pick];
            }
            inTree[pick] = true;
            for (int a = graph.firstOf(pick), end = graph.firstOf(pick + 1); a < end; a++) {
                int k = graph.adjacentEdge(a);
                int u = graph.opposite(k, pick);
                if (inTree[u]) {
                    continue;
                }
                double w = graph.weight(k);
                if (!labelled.contains(u) || w > best[u]) {
                    best[u] = w;
                    bestEdge[u] = k;
                    labelled.offer(u, w);
                }
            }
        }
        this.components = componentCount;
        return java.util.Arrays.copyOf(joinedEdges, treeSize);
    }

    /** The number of connected components, known after {@link #getSpanningTree()}. */
    public int componentCount() {
        if (components < 0) {
            getSpanningTree();
        }
        return components;
    }
}
