package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.ArrayList;
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
 * GraphML takes each vertex's and edge's attributes typed, one by one ({@link AttributedGraph.Attributes}), not as a
 * map of boxed values: the same keys, in the same order, with the same types and values as the maps the other
 * formats read, so the same file.
 */
class TypedAttributesTest {
    /** The graph's attributes as maps only: the writer reads them through the interface's default, from the maps. */
    private static <V, E> AttributedGraph<V, E> mapsOnly(AttributedGraph<V, E> g) {
        return new AttributedGraph<>() {
            public List<V> vertices() { return g.vertices(); }
            public List<E> edges() { return g.edges(); }
            public V source(E e) { return g.source(e); }
            public V target(E e) { return g.target(e); }
            public String vertexId(V v) { return g.vertexId(v); }
            public Map<String, Object> graphAttributes() { return g.graphAttributes(); }
            public Map<String, Object> vertexAttributes(V v) { return g.vertexAttributes(v); }
            public Map<String, Object> edgeAttributes(E e) { return g.edgeAttributes(e); }
            public String vertexLabel(V v) { return g.vertexLabel(v); }
            public String edgeLabel(E e) { return g.edgeLabel(e); }
            public boolean emphasised(E e) { return g.emphasised(e); }
        };
    }

    private static List<InformationGraphAttributes> views() {
        double[] perProcess = {0.1, 0.2, 0.3, 0.4};
        return List.of(InformationGraphAttributes.of(GraphFixtures.small(), GraphView.FULL, "t.otf2"),
                InformationGraphAttributes.of(GraphFixtures.small(), GraphView.TREE, "t.otf2"),
                InformationGraphAttributes.of(GraphFixtures.small(), GraphView.FULL, "t.otf2")
                        .withPath(perProcess, perProcess, (a, b) -> a + b, (a, b) -> a * b));
    }

    private static String graphMl(AttributedGraph<ProcessProfile, TrafficEdge> g) throws Exception {
        StringWriter out = new StringWriter();
        new GraphMlWriter().write(g, out);
        return out.toString();
    }

    /** The typed values as a map, each boxed as its put says. */
    private static Map<String, Object> typed(java.util.function.Consumer<AttributedGraph.Attributes> put) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        put.accept(new AttributedGraph.Attributes() {
            public void putInt(String k, int v) { keys.add(k); m.put(k, v); }
            public void putLong(String k, long v) { keys.add(k); m.put(k, v); }
            public void putDouble(String k, double v) { keys.add(k); m.put(k, v); }
            public void putBoolean(String k, boolean v) { keys.add(k); m.put(k, v); }
            public void putValue(String k, Object v) { keys.add(k); m.put(k, v); }
        });
        assertEquals(new ArrayList<>(m.keySet()), keys, "each key once");
        return m;
    }

    @Test
    void theTypedValuesAreTheMaps() {
        for (InformationGraphAttributes g : views()) {
            for (ProcessProfile v : g.vertices()) {
                Map<String, Object> t = typed(a -> g.vertexAttributes(v, a));
                assertEquals(g.vertexAttributes(v), t);
                assertEquals(new ArrayList<>(g.vertexAttributes(v).keySet()), new ArrayList<>(t.keySet()));
                t.forEach((k, x) -> assertEquals(g.vertexAttributes(v).get(k).getClass(), x.getClass(), k));
            }
            for (TrafficEdge e : g.edges()) {
                Map<String, Object> t = typed(a -> g.edgeAttributes(e, a));
                assertEquals(new ArrayList<>(g.edgeAttributes(e).entrySet()), new ArrayList<>(t.entrySet()));
                t.forEach((k, x) -> assertEquals(g.edgeAttributes(e).get(k).getClass(), x.getClass(), k));
            }
        }
    }

    @Test
    void graphMlFromTheTypedValuesIsGraphMlFromTheMaps() throws Exception {
        for (InformationGraphAttributes g : views()) {
            assertEquals(graphMl(mapsOnly(g)), graphMl(g));
        }
    }
}
