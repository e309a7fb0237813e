package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.TrafficEdge;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.profile.ProcessProfile;
import org.junit.jupiter.api.Test;

/**
 * GraphML declares every key before the nodes and edges: it asked each edge's and each vertex's attributes twice,
 * 587,000 maps of up to 15 entries and 200,000 of up to 26 at 10^5 processes (issue 41 item 6). The keys now come
 * from {@link AttributedGraph#edgesForKeys()} and {@link AttributedGraph#verticesForKeys()}, one element of each
 * kind, and must be those that all elements give, in the same order, with the same types.
 */
class EdgeKeysTest {
    private static Map<String, String> keys(AttributedGraph<ProcessProfile, TrafficEdge> g, List<TrafficEdge> edges) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (TrafficEdge e : edges) {
            g.edgeAttributes(e).forEach((k, v) -> keys.putIfAbsent(k, v.getClass().getSimpleName()));
        }
        return keys;
    }

    private static Map<String, String> vertexKeys(AttributedGraph<ProcessProfile, TrafficEdge> g, List<ProcessProfile> vertices) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (ProcessProfile p : vertices) {
            g.vertexAttributes(p).forEach((k, v) -> keys.putIfAbsent(k, v.getClass().getSimpleName()));
        }
        return keys;
    }

    private static List<InformationGraphAttributes> views() {
        double[] perProcess = {0.1, 0.2, 0.3, 0.4};
        return List.of(InformationGraphAttributes.of(GraphFixtures.small(), GraphView.FULL, "t.otf2"),
                InformationGraphAttributes.of(GraphFixtures.small(), GraphView.TREE, "t.otf2"),
                InformationGraphAttributes.of(GraphFixtures.small(), GraphView.FULL, "t.otf2")
                        .withPath(perProcess, perProcess, (a, b) -> a + b, (a, b) -> a * b));
    }

    @Test
    void oneEdgeOfEachKindGivesEveryKeyInOrder() {
        for (InformationGraphAttributes g : views()) {
            assertEquals(keys(g, g.edges()), keys(g, g.edgesForKeys()));
        }
        // the full graph's first edge {0,1} is in the tree, {0,2} is the first that is not (GraphFixtures)
        assertEquals(2, views().get(0).edgesForKeys().size());
        assertEquals(1, views().get(1).edgesForKeys().size());
    }

    @Test
    void oneVertexOfEachKindGivesEveryKeyInOrder() {
        for (InformationGraphAttributes g : views()) {
            assertEquals(vertexKeys(g, g.vertices()), vertexKeys(g, g.verticesForKeys()));
        }
        // processes 0 and 1 have a host, 2 and 3 none (GraphFixtures); with the path's numbers the same two kinds
        assertEquals(2, views().get(0).verticesForKeys().size());
        assertEquals(2, views().get(2).verticesForKeys().size());
    }

    @Test
    void graphMlAsksEachElementsAttributesOnceAndTwoOfEachForTheKeys() throws Exception {
        InformationGraphAttributes g = views().get(0);
        int[] asked = new int[1];
        int[] askedVertices = new int[1];
        AttributedGraph<ProcessProfile, TrafficEdge> counting = new AttributedGraph<>() {
            public List<ProcessProfile> vertices() { return g.vertices(); }
            public List<TrafficEdge> edges() { return g.edges(); }
            public ProcessProfile source(TrafficEdge e) { return g.source(e); }
            public ProcessProfile target(TrafficEdge e) { return g.target(e); }
            public String vertexId(ProcessProfile v) { return g.vertexId(v); }
            public Map<String, Object> graphAttributes() { return g.graphAttributes(); }
            public Map<String, Object> vertexAttributes(ProcessProfile v) { askedVertices[0]++; return g.vertexAttributes(v); }
            public List<ProcessProfile> verticesForKeys() { return g.verticesForKeys(); }
            public Map<String, Object> edgeAttributes(TrafficEdge e) { asked[0]++; return g.edgeAttributes(e); }
            public List<TrafficEdge> edgesForKeys() { return g.edgesForKeys(); }
            public String vertexLabel(ProcessProfile v) { return g.vertexLabel(v); }
            public String edgeLabel(TrafficEdge e) { return g.edgeLabel(e); }
            public boolean emphasised(TrafficEdge e) { return g.emphasised(e); }
        };
        StringWriter plain = new StringWriter();
        new GraphMlWriter().write(g, plain);
        StringWriter counted = new StringWriter();
        new GraphMlWriter().write(counting, counted);
        assertEquals(plain.toString(), counted.toString());
        assertEquals(4 + 2, asked[0]); // 4 edges written, 2 looked at for the keys (was 4 + 4)
        assertEquals(4 + 2, askedVertices[0]); // 4 vertices written, 2 looked at for the keys (was 4 + 4)
    }
}
