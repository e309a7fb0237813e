package org.igtrace.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The heap-based Prim (issue 41, item 6) chooses exactly the edges, in the same order, with the same
 * total, as the paper's linear scan it replaced, kept here as {@link #scanReference} (the code of
 * PrimMaximumSpanningForest before the change). Weights are small integers and halves, so ties are
 * everywhere, among them 0.0 against -0.0; the vertex order is shuffled, so that "the earlier vertex"
 * is the order's and not the graph's.
 */
class PrimHeapAgainstScanTest {

    @Tag("slow")
    @Test
    void largeRandomSparseGraphsGiveTheScansTreeEdgeForEdge() {
        Random random = new Random(41_6);
        for (int round = 0; round < 6; round++) {
            int n = 2_000 + random.nextInt(18_000);
            int degree = 1 + random.nextInt(6);
            Graph<Integer, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                g.addVertex(i);
                order.add(i);
            }
            Collections.shuffle(order, random);
            for (int k = 0; k < n * degree / 2; k++) {
                int a = random.nextInt(n);
                int b = random.nextInt(n);
                if (a != b && !g.containsEdge(a, b)) {
                    double w = random.nextInt(4) * 0.5;
                    g.setEdgeWeight(g.addEdge(a, b), w == 0 && random.nextBoolean() ? -0.0 : w);
                }
            }
            PrimMaximumSpanningForest<Integer, DefaultWeightedEdge> prim = new PrimMaximumSpanningForest<>(g, order);
            var tree = prim.getSpanningTree();
            Reference reference = scanReference(g, order);
            assertEquals(reference.edges(), new ArrayList<>(tree.getEdges()), "round " + round + ", " + n + " vertices");
            assertEquals(reference.total(), tree.getWeight(), 0.0, "round " + round);
            assertEquals(reference.components(), prim.componentCount(), "round " + round);
        }
    }

    @Test
    void aRingWithEqualWeightsIsWalkedAsTheScanWalksIt() {
        // A ring 0-1-...-999-0 of equal weights: from 0 both neighbours get [0, 1]; the scan takes the
        // lower vertex (1), then 2 (label [1, 1]) against 999 (label [0, 1]): 2 is lower, and so on
        // round the ring; when 998 joins, 999 keeps its earlier label [0, 1] (998-999 is not
        // strictly larger), so the tree is 0-1, 1-2, ..., 997-998 and 999-0.
        int n = 1_000;
        Graph<Integer, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            g.addVertex(i);
            order.add(i);
        }
        for (int i = 0; i < n; i++) {
            g.setEdgeWeight(g.addEdge(i, (i + 1) % n), 1);
        }
        var tree = new PrimMaximumSpanningForest<>(g, order).getSpanningTree();
        List<DefaultWeightedEdge> expected = new ArrayList<>();
        for (int i = 0; i + 1 < n - 1; i++) {
            expected.add(g.getEdge(i, i + 1));
        }
        expected.add(g.getEdge(n - 1, 0));
        assertEquals(Set.copyOf(expected), tree.getEdges());
        assertEquals(scanReference(g, order).edges(), new ArrayList<>(tree.getEdges()));
    }

    record Reference(List<DefaultWeightedEdge> edges, double total, int components) {}

    /** PrimMaximumSpanningForest.getSpanningTree as it was before issue 41: the O(n^2) scan. */
    static <V> Reference scanReference(Graph<V, DefaultWeightedEdge> graph, List<V> order) {
        int n = order.size();
        Map<V, Integer> index = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            index.put(order.get(i), i);
        }
        boolean[] inTree = new boolean[n];
        boolean[] labelled = new boolean[n];
        double[] best = new double[n];
        List<DefaultWeightedEdge> bestEdge = new ArrayList<>(Collections.nCopies(n, null));
        Set<DefaultWeightedEdge> edges = new LinkedHashSet<>();
        double total = 0;
        int componentCount = 0;
        int nextRoot = 0;
        for (int joined = 0; joined < n; joined++) {
            int pick = -1;
            for (int j = 0; j < n; j++) {
                if (!inTree[j] && labelled[j] && (pick < 0 || best[j] > best[pick])) {
                    pick = j;
                }
            }
            if (pick < 0) {
                while (inTree[nextRoot]) {
                    nextRoot++;
                }
                pick = nextRoot;
                componentCount++;
            } else {
                edges.add(bestEdge.get(pick));
                total += best[pick];
            }
            inTree[pick] = true;
            V v = order.get(pick);
            for (DefaultWeightedEdge e : graph.edgesOf(v)) {
                int u = index.get(Graphs.getOppositeVertex(graph, e, v));
                if (inTree[u]) {
                    continue;
                }
                double w = graph.getEdgeWeight(e);
                if (!labelled[u] || w > best[u]) {
                    labelled[u] = true;
                    best[u] = w;
                    bestEdge.set(u, e);
                }
            }
        }
        return new Reference(new ArrayList<>(edges), total, componentCount);
    }
}
