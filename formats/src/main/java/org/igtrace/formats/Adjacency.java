package org.igtrace.formats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;

/**
 * Each vertex's neighbours (by vertex position) with the edge's position, in edge order: the arcs of a graph file;
 * and the integer loads of the mapping tools' formats ({@link IntegerWeights}).
 */
final class Adjacency {
    final List<List<int[]>> arcs = new ArrayList<>();
    /** The edges' weights in edge order, the scale s of their integer loads and the vertices' integer loads. */
    final double[] weights;
    final double scale;
    final int[] loads;

    /**
     * @param graph the graph whose arcs and integer loads are wanted
     */
    <V, E> Adjacency(AttributedGraph<V, E> graph) {
        weights = IntegerWeights.edgeWeights(graph);
        scale = IntegerWeights.scale(graph, weights);
        loads = IntegerWeights.vertexLoads(graph);
        Map<V, Integer> index = IntegerWeights.indices(graph);
        for (int i = 0; i < graph.vertices().size(); i++) {
            arcs.add(new ArrayList<>());
        }
        List<E> edges = graph.edges();
        for (int k = 0; k < edges.size(); k++) {
            int a = index.get(graph.source(edges.get(k))), b = index.get(graph.target(edges.get(k)));
            arcs.get(a).add(new int[] {b, k});
            arcs.get(b).add(new int[] {a, k});
        }
    }

    /**
     * @param arc an arc of {@link #arcs}
     * @return the integer load of the arc's edge
     */
    long edgeLoad(int[] arc) {
        return IntegerWeights.edgeLoad(weights[arc[1]], scale);
    }
}
