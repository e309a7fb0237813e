package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.util.Numbers;

/**
 * GraphML (definitions section 7): every graph, node and edge attribute is declared with a {@code <key>}
 * of its type (int, long, double, boolean, string), so networkx, igraph and Gephi read typed
 * values. Written directly rather than with jgrapht-io's GraphMLExporter, which keys attributes by
 * name alone (a node {@code weight} and an edge {@code weight} collide) and writes no graph data.
 */
public final class GraphMlWriter implements GraphWriter {

    @Override
    public <V, E> void write(AttributedGraph<V, E> view, Writer out) throws IOException {
        Map<String, String> graphKeys = new LinkedHashMap<>();
        Map<String, String> nodeKeys = new LinkedHashMap<>();
        Map<String, String> edgeKeys = new LinkedHashMap<>();
        view.graphAttributes().forEach((k, v) -> graphKeys.putIfAbsent(k, typeOf(v)));
        Keys nodeTypes = new Keys(nodeKeys);
        for (V v : view.verticesForKeys()) {
            view.vertexAttributes(v, nodeTypes);
        }
        Keys edgeTypes = new Keys(edgeKeys);
        for (E e : view.edgesForKeys()) {
            view.edgeAttributes(e, edgeTypes);
        }

        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
        writeKeys(out, "graph", "g_", graphKeys);
        writeKeys(out, "node", "n_", nodeKeys);
        writeKeys(out, "edge", "e_", edgeKeys);
        out.write("  <graph id=\"G\" edgedefault=\"undirected\">\n");
        Text text = new Text(out);
        writeData(text, "    ", "g_", view.graphAttributes(), new HashMap<>());
        Data nodeData = new Data(text.b, "      ", "n_");
        // each vertex's escaped id, made once: an edge's ends are the graph's own vertex objects
        Map<V, String> ids = new IdentityHashMap<>(view.vertices().size() * 2);
        for (V v : view.vertices()) {
            String id = Escape.xml(view.vertexId(v));
            ids.put(v, id);
            text.b.append("    <node id=\"").append(id).append("\">\n");
            view.vertexAttributes(v, nodeData);
            text.spill();
            text.b.append("    </node>\n");
        }
        Data edgeData = new Data(text.b, "      ", "e_");
        int number = 0;
        for (E e : view.edges()) {
            text.b.append("    <edge id=\"e").append(number++).append("\" source=\"").append(id(view, ids, view.source(e)))
                    .append("\" target=\"").append(id(view, ids, view.target(e))).append("\">\n");
            view.edgeAttributes(e, edgeData);
            text.spill();
            text.b.append("    </edge>\n");
        }
        text.b.append("  </graph>\n</graphml>\n");
        text.flush();
    }

    /** The vertex's escaped id, from {@code ids} when the edge gives one of the vertices' own objects. */
    private static <V> String id(AttributedGraph<V, ?> view, Map<V, String> ids, V v) {
        String id = ids.get(v);
        return id != null ? id : Escape.xml(view.vertexId(v));
    }

    private static void writeKeys(Writer out, String domain, String prefix, Map<String, String> keys) throws IOException {
        for (Map.Entry<String, String> k : keys.entrySet()) {
            out.write("  <key id=\"" + Escape.xml(prefix + k.getKey()) + "\" for=\"" + domain + "\" attr.name=\""
                    + Escape.xml(k.getKey()) + "\" attr.type=\"" + k.getValue() + "\"/>\n");
        }
    }

    /**
     * The text of the graph's elements, gathered in one builder and handed to the writer in blocks: numbers are
     * appended as digits ({@link Numbers#append}), not made into a string each and copied through the writer (10^5
     * processes: 3.5 million data values, 212 MB).
     */
    private static final class Text {
        private static final int BLOCK = 1 << 15;
        final StringBuilder b = new StringBuilder(BLOCK + 4096);
        private final char[] chars = new char[BLOCK + 4096];
        private final Writer out;

        Text(Writer out) {
            this.out = out;
        }

        /** Hands the text to the writer once a block is full. */
        void spill() throws IOException {
            if (b.length() >= BLOCK) {
                flush();
            }
        }

        void flush() throws IOException {
            int n = b.length();
            char[] c = n <= chars.length ? chars : new char[n];
            b.getChars(0, n, c, 0);
            out.write(c, 0, n);
            b.setLength(0);
        }
    }

    /**
     * The data elements of one graph, node or edge; {@code tags} keeps each key's opening tag, made
     * once per key rather than once per element (10^5 processes: 3.5 million edge data elements).
     */
    private static void writeData(Text text, String indent, String prefix, Map<String, Object> values, Map<String, String> tags)
            throws IOException {
        StringBuilder b = text.b;
        for (Map.Entry<String, Object> a : values.entrySet()) {
            String open = tags.get(a.getKey());
            if (open == null) {
                open = indent + "<data key=\"" + Escape.xml(prefix + a.getKey()) + "\">";
                tags.put(a.getKey(), open);
            }
            b.append(open);
            Object value = a.getValue();
            if (value instanceof Double d) {
                Numbers.append(b, d);
            } else if (value instanceof Integer i) {
                b.append(i.intValue());
            } else if (value instanceof Long l) {
                b.append(l.longValue());
            } else if (value instanceof Boolean bool) {
                b.append(bool.booleanValue());
            } else {
                b.append(Escape.xml(Values.text(value)));
            }
            b.append("</data>\n");
        }
        text.spill();
    }

    /** Each key's type, the first time it is met ({@link #typeOf}). */
    private record Keys(Map<String, String> types) implements AttributedGraph.Attributes {
        @Override
        public void putInt(String key, int value) {
            types.putIfAbsent(key, "int");
        }

        @Override
        public void putLong(String key, long value) {
            types.putIfAbsent(key, "long");
        }

        @Override
        public void putDouble(String key, double value) {
            types.putIfAbsent(key, "double");
        }

        @Override
        public void putBoolean(String key, boolean value) {
            types.putIfAbsent(key, "boolean");
        }

        @Override
        public void putValue(String key, Object value) {
            types.putIfAbsent(key, typeOf(value));
        }
    }

    /**
     * The data elements of the nodes or the edges, each value appended as {@link #writeData} does, taken typed from
     * the graph (no map or boxed value per element); each key's opening tag made once.
     */
    private static final class Data implements AttributedGraph.Attributes {
        private final StringBuilder b;
        private final String indent;
        private final String prefix;
        private final Map<String, String> tags = new HashMap<>();

        Data(StringBuilder b, String indent, String prefix) {
            this.b = b;
            this.indent = indent;
            this.prefix = prefix;
        }

        private StringBuilder open(String key) {
            String open = tags.get(key);
            if (open == null) {
                open = indent + "<data key=\"" + Escape.xml(prefix + key) + "\">";
                tags.put(key, open);
            }
            return b.append(open);
        }

        @Override
        public void putInt(String key, int value) {
            open(key).append(value).append("</data>\n");
        }

        @Override
        public void putLong(String key, long value) {
            open(key).append(value).append("</data>\n");
        }

        @Override
        public void putDouble(String key, double value) {
            Numbers.append(open(key), value);
            b.append("</data>\n");
        }

        @Override
        public void putBoolean(String key, boolean value) {
            open(key).append(value).append("</data>\n");
        }

        @Override
        public void putValue(String key, Object value) {
            open(key).append(Escape.xml(Values.text(value))).append("</data>\n");
        }
    }

    private static String typeOf(Object value) {
        if (value instanceof Integer) {
            return "int";
        } else if (value instanceof Long) {
            return "long";
        } else if (value instanceof Double || value instanceof Float) {
            return "double";
        } else if (value instanceof Boolean) {
            return "boolean";
        }
        return "string";
    }

}
