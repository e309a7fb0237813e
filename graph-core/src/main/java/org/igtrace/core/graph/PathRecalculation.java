package org.igtrace.core.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.jgrapht.Graph;

/**
 * Routes the traffic of removed edges over the tree (definitions section 6, {@code path}): in a tree
 * there is one path between two vertices, so every non-tree edge {i, j} adds its value to each
 * tree edge on the path i..j. A tree edge's result is its own value plus what was routed over it,
 * added in the graph's edge order.
 */
public final class PathRecalculation<V, E> {
    private final Graph<V, E> graph;
    private final Set<E> tree;
    private final TreePaths<V, E> paths;
    private final int[] sources;
    private final int[] targets;

    public PathRecalculation(Graph<V, E> graph, Set<E> tree, List<V> order) {
        this.graph = graph;
        this.tree = tree;
        this.paths = new TreePaths<>(graph, tree, order);
        this.sources = new int[graph.edgeSet().size()];
        this.targets = new int[sources.length];
        int k = 0;
        for (E e : graph.edgeSet()) {
            sources[k] = paths.vertex(graph.getEdgeSource(e));
            targets[k] = paths.vertex(graph.getEdgeTarget(e));
            k++;
        }
    }

    /** The routed totals of {@code value} for every tree edge. */
    public Map<E, Double> route(ToDoubleFunction<E> value) {
        double[] load = new double[paths.edgeCount()];
        for (int t = 0; t < load.length; t++) {
            load[t] = value.applyAsDouble(paths.edge(t));
        }
        int k = 0;
        for (E e : graph.edgeSet()) {
            if (!tree.contains(e)) {
                paths.addAlongPath(sources[k], targets[k], value.applyAsDouble(e), load);
            }
            k++;
        }
        Map<E, Double> result = new HashMap<>(tree.size() * 2);
        for (E e : tree) {
            int t = paths.numberOf(e);
            result.put(e, t >= 0 ? load[t] : value.applyAsDouble(e));
        }
        return result;
    }
}
