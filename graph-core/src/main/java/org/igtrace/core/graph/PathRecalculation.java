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
 * added in the graph's edge order. The graph is read once into arrays ({@link IndexedGraph}).
 */
public final class PathRecalculation<V, E> {
    private final IndexedGraph<V, E> graph;
    private final boolean[] inTree;
    private final TreePaths paths;

    public PathRecalculation(Graph<V, E> graph, Set<E> tree, List<V> order) {
        this(new IndexedGraph<>(graph, order), tree);
    }

    /** Over a graph already read into arrays. */
    PathRecalculation(IndexedGraph<V, E> graph, Set<E> tree) {
        this(graph, inTree(graph, tree));
    }

    /** Over a graph already read into arrays, with whether each edge (by number) is a tree edge. */
    PathRecalculation(IndexedGraph<V, E> graph, boolean[] inTree) {
        this.graph = graph;
        this.inTree = inTree;
        this.paths = new TreePaths(graph, inTree);
    }

    private static <V, E> boolean[] inTree(IndexedGraph<V, E> graph, Set<E> tree) {
        boolean[] inTree = new boolean[graph.edgeCount()];
        for (int k = 0; k < inTree.length; k++) {
            inTree[k] = tree.contains(graph.edge(k));
        }
        return inTree;
    }

    /** The routed totals of {@code value} for every tree edge. */
    public Map<E, Double> route(ToDoubleFunction<E> value) {
        return routeAll(List.of(value)).get(0);
    }

    /**
     * {@link #route} of several values in one walk of each removed edge's path (each total added
     * in the same order as alone); {@code null} stands for the graph's edge weight.
     */
    List<Map<E, Double>> routeAll(List<ToDoubleFunction<E>> values) {
        double[][] numbered = routeNumbered(values);
        List<Map<E, Double>> results = new java.util.ArrayList<>(values.size());
        for (double[] totals : numbered) {
            Map<E, Double> result = new HashMap<>(paths.edgeCount() * 2);
            for (int k = 0; k < inTree.length; k++) {
                if (inTree[k]) {
                    result.put(graph.edge(k), totals[k]);
                }
            }
            results.add(result);
        }
        return results;
    }

    /** {@link #routeAll} by edge number: for each value, every tree edge's total at its number (0 elsewhere). */
    double[][] routeNumbered(List<ToDoubleFunction<E>> values) {
        int v = values.size();
        double[][] loads = new double[v][paths.edgeCount()];
        for (int t = 0; t < paths.edgeCount(); t++) {
            for (int j = 0; j < v; j++) {
                loads[j][t] = value(values.get(j), paths.graphEdge(t));
            }
        }
        double[] routed = new double[v];
        for (int k = 0; k < inTree.length; k++) {
            if (!inTree[k]) {
                for (int j = 0; j < v; j++) {
                    routed[j] = value(values.get(j), k);
                }
                paths.addAlongPath(graph.source(k), graph.target(k), routed, loads);
            }
        }
        double[][] results = new double[v][inTree.length];
        for (int j = 0; j < v; j++) {
            for (int k = 0; k < inTree.length; k++) {
                if (inTree[k]) {
                    int t = paths.numberOf(k);
                    results[j][k] = t >= 0 ? loads[j][t] : value(values.get(j), k);
                }
            }
        }
        return results;
    }

    /** {@code value} of edge number k; a null value is the edge's weight in the graph. */
    private double value(ToDoubleFunction<E> value, int k) {
        return value == null ? graph.weight(k) : value.applyAsDouble(graph.edge(k));
    }
}
