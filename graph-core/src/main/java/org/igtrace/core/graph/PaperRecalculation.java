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
