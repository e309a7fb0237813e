package org.igtrace.core.graph;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.jgrapht.Graph;

/**
 * Routes the traffic of removed edges over the tree (SPEC section 6, {@code path}): in a tree
 * there is one path between two vertices, so every non-tree edge {i, j} adds its value to each
 * tree edge on the path i..j. A tree edge's result is its own value plus what was routed over it.
 */
public final class PathRecalculation<V, E> {
    private final Graph<V, E> graph;
    private final Set<E> tree;
    private final TreePaths<V, E> paths;

    public PathRecalculation(Graph<V, E> graph, Set<E> tree, List<V> order) {
        this.graph = graph;
        this.tree = tree;
        this.paths = new TreePaths<>(graph, tree, order);
    }

    /** The routed totals of {@code value} for every tree edge. */
    public Map<E, Double> route(ToDoubleFunction<E> value) {
        Map<E, Double> load = new HashMap<>(tree.size() * 2);
        for (E e : tree) {
            load.put(e, value.applyAsDouble(e));
        }
        for (E e : graph.edgeSet()) {
            if (tree.contains(e)) {
                continue;
            }
            double v = value.applyAsDouble(e);
            paths.forEachEdgeOnPath(graph.getEdgeSource(e), graph.getEdgeTarget(e),
                    t -> load.merge(t, v, Double::sum));
        }
        return load;
    }
}
