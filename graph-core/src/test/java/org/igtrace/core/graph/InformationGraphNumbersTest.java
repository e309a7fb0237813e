package org.igtrace.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.jgrapht.Graph;
import org.junit.jupiter.api.Test;

/**
 * The information graph is held as numbers (edge k the profile's k-th pair), not as a JGraphT graph: its tree is a
 * set that iterates in the edges' order (a {@code Set.copyOf} before, in an order that changed from run to run),
 * membership is by the edge's number, and a JGraphT graph is made on request with the same vertices, edges and weights.
 */
class InformationGraphNumbersTest {
    /**
     * Five processes: {0,1} 100 B, {0,2} 900 B, {1,2} 50 B, {2,3} 400 B, {3,4} 10 B (weight bytes). The maximum
     * spanning tree from 0 takes {0,2} (900), then {2,3} (400), then {0,1} (100), then {3,4} (10); {1,2} stays out.
     */
    private static TraceProfile profile() {
        List<ProcessProfile> processes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            processes.add(new ProcessProfile(i, "p" + i, null, 1.0, 0.5));
        }
        return new TraceProfile(processes, List.of(new PairTraffic(0, 1, 100, 1), new PairTraffic(0, 2, 900, 1),
                new PairTraffic(1, 2, 50, 1), new PairTraffic(2, 3, 400, 1), new PairTraffic(3, 4, 10, 1)), 5, List.of());
    }

    @Test
    void theTreeIteratesInTheEdgesOrder() {
        InformationGraph g = InformationGraph.build(profile(), EdgeWeight.BYTES, Recalculation.NONE);
        List<TrafficEdge> edges = g.edgesInOrder();
        assertEquals(List.of(edges.get(0), edges.get(1), edges.get(3), edges.get(4)), new ArrayList<>(g.tree()));
        assertEquals(4, g.tree().size());
        assertFalse(g.tree().contains(edges.get(2)));
        assertFalse(g.inTree(edges.get(2)));
        // an edge of another graph over the same pair is not this graph's
        TrafficEdge other = InformationGraph.build(profile(), EdgeWeight.BYTES, Recalculation.NONE).edgesInOrder().get(0);
        assertFalse(g.tree().contains(other));
        assertThrows(IllegalArgumentException.class, () -> g.weightOf(other));
        assertThrows(IllegalArgumentException.class, () -> g.weightOf(new TrafficEdge(new PairTraffic(0, 1, 100, 1))));
        assertThrows(UnsupportedOperationException.class, () -> g.tree().add(edges.get(2)));
    }

    @Test
    void theNumbersAreTheEdgesOwn() {
        InformationGraph g = InformationGraph.build(profile(), EdgeWeight.BYTES, Recalculation.NONE);
        List<TrafficEdge> edges = g.edgesInOrder();
        assertEquals(900.0, g.weightOf(edges.get(1)));
        assertEquals(50.0, g.weightOf(edges.get(2)));
        assertEquals(400.0, g.treeWeightOf(edges.get(3))); // none: the edge's own weight
        // {1,2}'s 50 B are routed 1-0-2: over {0,1} and {0,2}
        assertEquals(150.0, g.loadBytesOf(edges.get(0)));
        assertEquals(950.0, g.loadBytesOf(edges.get(1)));
        assertEquals(400.0, g.loadBytesOf(edges.get(3)));
        assertEquals(2.0, g.loadMessagesOf(edges.get(0)));
        assertThrows(IllegalArgumentException.class, () -> g.treeWeightOf(edges.get(2)));
    }

    @Test
    void aJGraphTGraphIsMadeOnRequestWithTheSameEdgesAndWeights() {
        InformationGraph g = InformationGraph.build(profile(), EdgeWeight.BYTES, Recalculation.NONE);
        Graph<ProcessProfile, TrafficEdge> jg = g.graph();
        assertEquals(5, jg.vertexSet().size());
        assertEquals(g.edgesInOrder(), new ArrayList<>(jg.edgeSet()));
        for (TrafficEdge e : g.edgesInOrder()) {
            assertEquals(g.weightOf(e), jg.getEdgeWeight(e));
            assertEquals(e.traffic().a(), jg.getEdgeSource(e).rank());
            assertEquals(e.traffic().b(), jg.getEdgeTarget(e).rank());
        }
        assertTrue(jg == g.graph());
    }

    @Test
    void aPairGivenTwiceIsRefused() {
        TraceProfile p = profile();
        List<PairTraffic> twice = new ArrayList<>(p.pairs());
        twice.add(new PairTraffic(0, 2, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> InformationGraph.build(
                new TraceProfile(p.processes(), twice, 6, List.of()), EdgeWeight.BYTES, Recalculation.NONE));
    }
}
