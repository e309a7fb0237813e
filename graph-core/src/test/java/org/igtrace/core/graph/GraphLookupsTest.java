package org.igtrace.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.Test;

/**
 * Prim and the path recalculation read the graph once (issue 41, item 6): each edge's source,
 * target and weight one time each, no {@code edgesOf}, whatever the size; JGraphT answers each of
 * those with a hash map look-up (the vertex's hash: for igtrace's vertices a record's, over all
 * its fields), which was most of a 10^5-process graph's time. Before: Prim asked for every edge's
 * weight and far end from both ends, the tree's walk for every vertex's edges again.
 */
class GraphLookupsTest {
    /** A graph that counts the questions asked of it. */
    private static final class Counting extends SimpleWeightedGraph<Integer, DefaultWeightedEdge> {
        long sources, targets, weights, edgesOf;

        Counting() {
            super(DefaultWeightedEdge.class);
        }

        @Override
        public Integer getEdgeSource(DefaultWeightedEdge e) {
            sources++;
            return super.getEdgeSource(e);
        }

        @Override
        public Integer getEdgeTarget(DefaultWeightedEdge e) {
            targets++;
            return super.getEdgeTarget(e);
        }

        @Override
        public double getEdgeWeight(DefaultWeightedEdge e) {
            weights++;
            return super.getEdgeWeight(e);
        }

        @Override
        public Set<DefaultWeightedEdge> edgesOf(Integer v) {
            edgesOf++;
            return super.edgesOf(v);
        }
    }

    /** A 30 x 30 grid (a 2-D stencil), weights 1-4: 900 vertices, 2 x 30 x 29 = 1,740 edges. */
    private static Counting grid(int side, List<Integer> order) {
        Counting g = new Counting();
        int n = side * side;
        for (int i = 0; i < n; i++) {
            g.addVertex(i);
            order.add(i);
        }
        for (int i = 0; i < n; i++) {
            if (i % side + 1 < side) {
                g.setEdgeWeight(g.addEdge(i, i + 1), 1 + (i * 7) % 4);
            }
            if (i + side < n) {
                g.setEdgeWeight(g.addEdge(i, i + side), 1 + (i * 5) % 4);
            }
        }
        assertEquals(2 * side * (side - 1), g.edgeSet().size());
        g.sources = g.targets = g.weights = g.edgesOf = 0;
        return g;
    }

    /** Through the public constructors each reads the graph once: 2 x 1,740 of each question (before: edgesOf 1,800 times, more). */
    @Test
    void primAndThePathRecalculationReadEachEdgeOnce() {
        List<Integer> order = new ArrayList<>();
        Counting g = grid(30, order);
        int m = g.edgeSet().size();
        Set<DefaultWeightedEdge> tree = new PrimMaximumSpanningForest<>(g, order).getSpanningTree().getEdges();
        assertEquals(900 - 1, tree.size());
        Map<DefaultWeightedEdge, Double> routed = new PathRecalculation<>(g, tree, order).route(e -> 1.0);
        assertEquals(900 - 1, routed.size());
        assertEquals(0, g.edgesOf, "edgesOf asked");
        assertEquals(2 * m, g.sources, "edge sources asked");
        assertEquals(2 * m, g.targets, "edge targets asked");
        assertEquals(2 * m, g.weights, "edge weights asked");
        // each removed edge routes its 1 over at least one tree edge
        assertTrue(routed.values().stream().mapToDouble(Double::doubleValue).sum() >= m);
    }

    /** The information graph's builder reads the graph once for both, and routes weights, bytes and messages in one walk. */
    @Test
    void sharedArraysReadEachEdgeOnceForBoth() {
        List<Integer> order = new ArrayList<>();
        Counting g = grid(30, order);
        int m = g.edgeSet().size();
        IndexedGraph<Integer, DefaultWeightedEdge> indexed = new IndexedGraph<>(g, order);
        Set<DefaultWeightedEdge> tree = new PrimMaximumSpanningForest<>(indexed).getSpanningTree().getEdges();
        PathRecalculation<Integer, DefaultWeightedEdge> routing = new PathRecalculation<>(indexed, tree);
        List<Map<DefaultWeightedEdge, Double>> routed = routing.routeAll(java.util.Arrays.asList(null, e -> 1.0));
        assertEquals(m, g.sources);
        assertEquals(m, g.targets);
        assertEquals(m, g.weights);
        assertEquals(0, g.edgesOf);
        // the same totals as routed alone
        assertEquals(routing.route(g::getEdgeWeight), routed.get(0));
        assertEquals(routing.route(e -> 1.0), routed.get(1));
    }
}
