package org.igtrace.core.graph;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;

/**
 * The paper's formula 4 as printed (definitions section 6, {@code paper}): for a tree edge e = {a, b},
 * {@code S_v(e)} is the sum of the weights of all of v's edges in the full graph whose weight is
 * at most weight(e), and the recalculated weight is {@code max(S_a(e), S_b(e))}.
 */
public final class PaperRecalculation<V, E> {
    private final Graph<V, E> graph;
    private final Set<E> tree;

    public PaperRecalculation(Graph<V, E> graph, Set<E> tree) {
        this.graph = graph;
        this.tree = tree;
    }

    public Map<E, Double> weights() {
        Map<E, Double> result = new HashMap<>(tree.size() * 2);
        for (E e : tree) {
            double w = graph.getEdgeWeight(e);
            result.put(e, Math.max(sumUpTo(graph.getEdgeSource(e), w), sumUpTo(graph.getEdgeTarget(e), w)));
        }
        return result;
    }

    /** The same over a graph read into arrays: each tree edge's weight at its number (0 elsewhere). */
    static double[] weights(IndexedGraph<?, ?> graph, boolean[] inTree) {
        double[] result = new double[inTree.length];
        for (int k = 0; k < inTree.length; k++) {
            if (inTree[k]) {
                double w = graph.weight(k);
                result[k] = Math.max(sumUpTo(graph, graph.source(k), w), sumUpTo(graph, graph.target(k), w));
            }
        }
        return result;
    }

    /** Each vertex's edges in the order JGraphT's {@code edgesOf} gives them (the order added), as {@link #sumUpTo(Object, double)}. */
    private static double sumUpTo(IndexedGraph<?, ?> graph, int v, double limit) {
        double sum = 0;
        for (int a = graph.firstOf(v), end = graph.firstOf(v + 1); a < end; a++) {
            double w = graph.weight(graph.adjacentEdge(a));
            if (w <= limit) {
                sum += w;
            }
        }
        return sum;
    }

    private double sumUpTo(V v, double limit) {
        double sum = 0;
        for (E f : graph.edgesOf(v)) {
            double w = graph.getEdgeWeight(f);
            if (w <= limit) {
                sum += w;
            }
        }
        return sum;
    }
}
