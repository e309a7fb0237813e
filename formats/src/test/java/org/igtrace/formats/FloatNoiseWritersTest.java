package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.junit.jupiter.api.Test;

/**
 * No float noise in the graph formats (issue 39 item 7): 0.000075 / 0.0001 is 0.7499999999999999 in
 * binary arithmetic (75 us useful of T = 100 us is an efficiency of 0.75), and 38.025710149999995 is
 * 38.02571015 plus the noise of a sum; every format writes them at 15 significant digits at most.
 */
class FloatNoiseWritersTest {
    private static final double THREE_QUARTERS = 0.000075 / 0.0001;

    /** Two vertices, one edge; the noisy values as a graph, vertex and edge attribute. */
    private static AttributedGraph<Integer, Integer> graph() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("efficiency", THREE_QUARTERS);
        values.put("time", 38.025710149999995);
        return new AttributedGraph<>() {
            public List<Integer> vertices() {
                return List.of(0, 1);
            }

            public List<Integer> edges() {
                return List.of(0);
            }

            public Integer source(Integer edge) {
                return 0;
            }

            public Integer target(Integer edge) {
                return 1;
            }

            public String vertexId(Integer vertex) {
                return String.valueOf(vertex);
            }

            public Map<String, Object> graphAttributes() {
                return values;
            }

            public Map<String, Object> vertexAttributes(Integer vertex) {
                return values;
            }

            public Map<String, Object> edgeAttributes(Integer edge) {
                return values;
            }

            public String vertexLabel(Integer vertex) {
                return "v";
            }

            public String edgeLabel(Integer edge) {
                return "e";
            }

            public boolean emphasised(Integer edge) {
                return false;
            }
        };
    }

    private static void check(GraphWriter writer) throws Exception {
        assertTrue(THREE_QUARTERS != 0.75, "the arithmetic makes noise");
        StringWriter text = new StringWriter();
        writer.write(graph(), text);
        String out = text.toString();
        assertTrue(out.contains("0.75"), out);
        assertTrue(out.contains("38.02571015"), out);
        assertFalse(out.contains("0.7499999999999999"), out);
        assertFalse(out.contains("38.025710149999995"), out);
    }

    @Test
    void dot() throws Exception {
        check(new DotWriter());
    }

    @Test
    void graphMl() throws Exception {
        check(new GraphMlWriter());
    }

    @Test
    void csv() throws Exception {
        check(new CsvWriter());
    }
}
