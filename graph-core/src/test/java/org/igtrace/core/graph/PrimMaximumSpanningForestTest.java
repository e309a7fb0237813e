package org.igtrace.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.spanning.KruskalMinimumSpanningTree;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.Test;

class PrimMaximumSpanningForestTest {

    private static Graph<Integer, DefaultWeightedEdge> graph(int n) {
        Graph<Integer, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int i = 0; i < n; i++) {
            g.addVertex(i);
        }
        return g;
    }

    private static DefaultWeightedEdge edge(Graph<Integer, DefaultWeightedEdge> g, int a, int b, double w) {
        DefaultWeightedEdge e = g.addEdge(a, b);
        g.setEdgeWeight(e, w);
        return e;
    }

    private static List<Integer> order(int n) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        return order;
    }

    @Test
    void totalWeightEqualsKruskalOnNegatedWeightsForRandomGraphs() {
        Random random = new Random(20261122);
        for (int round = 0; round < 300; round++) {
            int n = 1 + random.nextInt(40);
            double density = random.nextDouble();
            Graph<Integer, DefaultWeightedEdge> g = graph(n);
            Graph<Integer, DefaultWeightedEdge> negated = graph(n);
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (random.nextDouble() < density) {
                        // small integer weights make ties common, which is where tie rules could break totals
                        double w = random.nextInt(6) + (random.nextBoolean() ? 0.5 : 0);
                        edge(g, a, b, w);
                        edge(negated, a, b, -w);
                    }
                }
            }
            PrimMaximumSpanningForest<Integer, DefaultWeightedEdge> prim = new PrimMaximumSpanningForest<>(g, order(n));
            var tree = prim.getSpanningTree();
            double kruskal = -new KruskalMinimumSpanningTree<>(negated).getSpanningTree().getWeight();
            assertEquals(kruskal, tree.getWeight(), 1e-9, "round " + round);
            int components = new ConnectivityInspector<>(g).connectedSets().size();
            assertEquals(components, prim.componentCount(), "round " + round);
            assertEquals(n - components, tree.getEdges().size(), "a forest has n - components edges");
            double sum = tree.getEdges().stream().mapToDouble(g::getEdgeWeight).sum();
            assertEquals(tree.getWeight(), sum, 1e-9);
        }
    }

    @Test
    void tiesGoToTheLowestRankAndKeepTheEarlierTreeVertex() {
        // Triangle with equal weights. From 0: labels 1:[0,5], 2:[0,5]; 1 joins (lowest rank);
        // edge 1-2 has weight 5, not strictly larger, so 2 keeps [0,5]: tree {0-1, 0-2}.
        Graph<Integer, DefaultWeightedEdge> g = graph(3);
        DefaultWeightedEdge e01 = edge(g, 0, 1, 5);
        DefaultWeightedEdge e02 = edge(g, 0, 2, 5);
        edge(g, 1, 2, 5);
        var tree = new PrimMaximumSpanningForest<>(g, order(3)).getSpanningTree();
        assertEquals(Set.of(e01, e02), tree.getEdges());
    }

    @Test
    void picksTheHeaviestLabelNotTheFirstFound() {
        // From 0: labels 1:[0,1], 2:[0,9]; 2 joins first, then 1 is relabelled by 2-1 (4 > 1).
        Graph<Integer, DefaultWeightedEdge> g = graph(3);
        edge(g, 0, 1, 1);
        DefaultWeightedEdge e02 = edge(g, 0, 2, 9);
        DefaultWeightedEdge e21 = edge(g, 2, 1, 4);
        var tree = new PrimMaximumSpanningForest<>(g, order(3)).getSpanningTree();
        assertEquals(Set.of(e02, e21), tree.getEdges());
        assertEquals(13, tree.getWeight(), 0);
    }

    @Test
    void disconnectedGraphGivesAForestWithIsolatedVerticesAlone() {
        // Components {0,1}, {2,3,4}, {5}: three trees, 1 + 2 + 0 edges.
        Graph<Integer, DefaultWeightedEdge> g = graph(6);
        edge(g, 0, 1, 2);
        edge(g, 2, 3, 1);
        edge(g, 3, 4, 1);
        edge(g, 2, 4, 3);
        PrimMaximumSpanningForest<Integer, DefaultWeightedEdge> prim = new PrimMaximumSpanningForest<>(g, order(6));
        var tree = prim.getSpanningTree();
        assertEquals(3, prim.componentCount());
        assertEquals(3, tree.getEdges().size());
        assertEquals(2 + 3 + 1, tree.getWeight(), 0);
    }

    @Test
    void zeroWeightEdgesStillConnect() {
        Graph<Integer, DefaultWeightedEdge> g = graph(2);
        edge(g, 0, 1, 0);
        PrimMaximumSpanningForest<Integer, DefaultWeightedEdge> prim = new PrimMaximumSpanningForest<>(g, order(2));
        assertEquals(1, prim.getSpanningTree().getEdges().size());
        assertEquals(1, prim.componentCount());
        assertTrue(prim.getSpanningTree().getWeight() == 0);
    }
}
