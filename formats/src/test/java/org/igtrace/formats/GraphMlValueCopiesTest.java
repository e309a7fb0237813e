package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.util.Numbers;
import org.junit.jupiter.api.Test;

/**
 * A GraphML of 10^5 processes holds 3.5 million data values (212 MB; issue 41 item 6): each number
 * was made into a string (Double.toString, then its plain notation through a builder, substrings
 * and a concatenation: about 300 bytes a value), handed to the XML escaper and copied through the
 * writer. They are now appended as digits to one buffer the writer gets in blocks; the graph's own
 * attribute maps here are made once, so what the writing allocates is the writer's.
 */
class GraphMlValueCopiesTest {
    private static final int EDGES = 20_000;

    /** A path of {@code EDGES + 1} vertices whose edges carry the same attribute map (made once). */
    private static AttributedGraph<Integer, Integer> path(Map<String, Object> edgeValues) {
        List<Integer> vertices = new ArrayList<>();
        List<Integer> edges = new ArrayList<>();
        String[] ids = new String[EDGES + 1];
        for (int i = 0; i <= EDGES; i++) {
            vertices.add(i);
            ids[i] = "n" + i;
            if (i < EDGES) {
                edges.add(i);
            }
        }
        Map<String, Object> none = Map.of();
        return new AttributedGraph<>() {
            public List<Integer> vertices() {
                return vertices;
            }

            public List<Integer> edges() {
                return edges;
            }

            public Integer source(Integer e) {
                return vertices.get(e);
            }

            public Integer target(Integer e) {
                return vertices.get(e + 1);
            }

            public String vertexId(Integer v) {
                return ids[v];
            }

            public Map<String, Object> graphAttributes() {
                return none;
            }

            public Map<String, Object> vertexAttributes(Integer v) {
                return none;
            }

            public Map<String, Object> edgeAttributes(Integer e) {
                return edgeValues;
            }

            public String vertexLabel(Integer v) {
                return ids[v];
            }

            public String edgeLabel(Integer e) {
                return "";
            }

            public boolean emphasised(Integer e) {
                return false;
            }
        };
    }

    private static Map<String, Object> values() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("weight", 0.0123456789);
        a.put("bytes", 1_234_567L);
        a.put("messages", 42);
        a.put("avg", 29394.452380952382); // 17 digits: rounded to 15
        a.put("wait", 0.0125); // the JDK makes the digits of some values (0.00125, 1.25e-5) with big integers: not these
        a.put("tree", true);
        a.put("tree_weight", 1.5e20);
        a.put("load_bytes", -3.75);
        return a;
    }

    /** A writer that keeps nothing: the test counts the GraphML writer's allocations alone. */
    private static final class Discard extends Writer {
        long chars;

        @Override
        public void write(char[] c, int off, int len) {
            chars += len;
        }

        @Override
        public void write(String s, int off, int len) {
            chars += len;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void numbersAreNotMadeIntoStringsOneByOne() throws Exception {
        AttributedGraph<Integer, Integer> graph = path(values());
        GraphMlWriter writer = new GraphMlWriter();
        writer.write(graph, new Discard()); // classes loaded, tags made
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Discard out = new Discard();
        long before = threads.getCurrentThreadAllocatedBytes();
        writer.write(graph, out);
        long perValue = (threads.getCurrentThreadAllocatedBytes() - before) / (EDGES * (long) values().size());
        assertTrue(perValue < 24, perValue + " bytes allocated per data value");
        assertTrue(out.chars > EDGES * 300L, out.chars + " characters");
    }

    @Test
    void theValuesAreWrittenAsNumbersFormatsThem() throws Exception {
        StringWriter text = new StringWriter();
        new GraphMlWriter().write(path(values()), text);
        String edge = text.toString().substring(text.toString().indexOf("<edge id=\"e7\""));
        edge = edge.substring(0, edge.indexOf("</edge>"));
        // Numbers' rule, by hand: 15 significant digits half up, plain notation, whole numbers without a fraction
        assertEquals("<edge id=\"e7\" source=\"n7\" target=\"n8\">\n"
                + "      <data key=\"e_weight\">0.0123456789</data>\n"
                + "      <data key=\"e_bytes\">1234567</data>\n"
                + "      <data key=\"e_messages\">42</data>\n"
                + "      <data key=\"e_avg\">29394.4523809524</data>\n"
                + "      <data key=\"e_wait\">0.0125</data>\n"
                + "      <data key=\"e_tree\">true</data>\n"
                + "      <data key=\"e_tree_weight\">150000000000000000000</data>\n"
                + "      <data key=\"e_load_bytes\">-3.75</data>\n    ", edge);
        assertEquals("29394.4523809524", Numbers.format(29394.452380952382));
    }
}
