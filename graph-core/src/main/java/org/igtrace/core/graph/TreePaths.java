package org.igtrace.core.graph;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;

/** A spanning forest rooted at each component's first vertex, for walking the path between two vertices. */
final class TreePaths<V, E> {
    private final Map<V, V> parent = new HashMap<>();
    private final Map<V, E> parentEdge = new HashMap<>();
    private final Map<V, Integer> depth = new HashMap<>();

    TreePaths(Graph<V, E> graph, Set<E> tree, List<V> order) {
        for (V root : order) {
            if (depth.containsKey(root)) {
                continue;
            }
            depth.put(root, 0);
            ArrayDeque<V> queue = new ArrayDeque<>();
            queue.add(root);
            while (!queue.isEmpty()) {
                V v = queue.poll();
                for (E e : graph.edgesOf(v)) {
                    if (!tree.contains(e)) {
                        continue;
                    }
                    V u = Graphs.getOppositeVertex(graph, e, v);
                    if (!depth.containsKey(u)) {
                        depth.put(u, depth.get(v) + 1);
                        parent.put(u, v);
                        parentEdge.put(u, e);
                        queue.add(u);
                    }
                }
            }
        }
    }

    /** Calls {@code onEdge} for each tree edge on the path between {@code a} and {@code b}; false if none exists. */
    boolean forEachEdgeOnPath(V a, V b, Consumer<E> onEdge) {
        V x = a, y = b;
        while (depth.get(x) > depth.get(y)) {
            onEdge.accept(parentEdge.get(x));
            x = parent.get(x);
        }
        while (depth.get(y) > depth.get(x)) {
            onEdge.accept(parentEdge.get(y));
            y = parent.get(y);
        }
        while (!x.equals(y)) {
            if (!parent.containsKey(x) || !parent.containsKey(y)) {
                return false;
            }
            onEdge.accept(parentEdge.get(x));
            onEdge.accept(parentEdge.get(y));
            x = parent.get(x);
            y = parent.get(y);
        }
        return true;
    }
}
