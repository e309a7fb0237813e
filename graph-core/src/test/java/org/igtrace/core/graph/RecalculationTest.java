package org.igtrace.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A 4-vertex graph worked out on paper. Edges: 0-1 (10), 1-2 (8), 2-3 (6), 0-2 (3), 0-3 (2), 1-3 (1).
 * Prim from 0: labels 1:[0,10] 2:[0,3] 3:[0,2]; 1 joins; 2 relabelled [1,8]; 2 joins; 3 relabelled
 * [2,6]; 3 joins. Tree: the path 0-1-2-3.
 */
class RecalculationTest {
    private Graph<Integer, DefaultWeightedEdge> g;
    private DefaultWeightedEdge e01, e12, e23;
    private Set<DefaultWeightedEdge> tree;

    private DefaultWeightedEdge edge(int a, int b, double w) {
        DefaultWeightedEdge e = g.addEdge(a, b);
        g.setEdgeWeight(e, w);
        return e;
    }

    @BeforeEach
    void build() {
        g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int i = 0; i < 4; i++) {
            g.addVertex(i);
        }
        e01 = edge(0, 1, 10);
        e12 = edge(1, 2, 8);
        e23 = edge(2, 3, 6);
        edge(0, 2, 3);
        edge(0, 3, 2);
        edge(1, 3, 1);
        tree = new PrimMaximumSpanningForest<>(g, List.of(0, 1, 2, 3)).getSpanningTree().getEdges();
    }

    @Test
    void primPicksThePath() {
        assertEquals(Set.of(e01, e12, e23), tree);
    }

    @Test
    void pathRoutesEveryRemovedEdgeAlongItsTreePath() {
        // 0-2 (3) uses 0-1,1-2; 0-3 (2) uses 0-1,1-2,2-3; 1-3 (1) uses 1-2,2-3.
        // 0-1: 10+3+2 = 15; 1-2: 8+3+2+1 = 14; 2-3: 6+2+1 = 9.
        Map<DefaultWeightedEdge, Double> w = new PathRecalculation<>(g, tree, List.of(0, 1, 2, 3)).route(g::getEdgeWeight);
        assertEquals(15, w.get(e01), 0);
        assertEquals(14, w.get(e12), 0);
        assertEquals(9, w.get(e23), 0);
        assertEquals(3, w.size());
    }

    @Test
    void paperFormulaTakesTheLargerSumOfEdgesNoHeavierThanTheTreeEdge() {
        // 0-1 (10): S_0 = 10+3+2 = 15, S_1 = 10+8+1 = 19 -> 19.
        // 1-2 (8):  S_1 = 8+1 = 9 (10 > 8 left out), S_2 = 8+6+3 = 17 -> 17.
        // 2-3 (6):  S_2 = 6+3 = 9, S_3 = 6+2+1 = 9 -> 9.
        Map<DefaultWeightedEdge, Double> w = new PaperRecalculation<>(g, tree).weights();
        assertEquals(19, w.get(e01), 0);
        assertEquals(17, w.get(e12), 0);
        assertEquals(9, w.get(e23), 0);
    }

    @Test
    void pathOnAForestRoutesWithinEachComponent() {
        // Add a second component 4-5 (7) and 5-6 (7) with 4-6 (1): tree 4-5, 5-6; 4-6 adds 1 to both.
        g.addVertex(4);
        g.addVertex(5);
        g.addVertex(6);
        DefaultWeightedEdge e45 = edge(4, 5, 7);
        DefaultWeightedEdge e56 = edge(5, 6, 7);
        edge(4, 6, 1);
        List<Integer> order = List.of(0, 1, 2, 3, 4, 5, 6);
        Set<DefaultWeightedEdge> forest = new PrimMaximumSpanningForest<>(g, order).getSpanningTree().getEdges();
        Map<DefaultWeightedEdge, Double> w = new PathRecalculation<>(g, forest, order).route(g::getEdgeWeight);
        assertEquals(8, w.get(e45), 0);
        assertEquals(8, w.get(e56), 0);
        assertEquals(15, w.get(e01), 0);
    }
}
