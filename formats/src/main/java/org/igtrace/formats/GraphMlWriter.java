package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;

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
        for (V v : view.verticesForKeys()) {
            view.vertexAttributes(v).forEach((k, value) -> nodeKeys.putIfAbsent(k, typeOf(value)));
        }
        for (E e : view.edgesForKeys()) {
            view.edgeAttributes(e).forEach((k, value) -> edgeKeys.putIfAbsent(k, typeOf(value)));
        }

        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
        writeKeys(out, "graph", "g_", graphKeys);
        writeKeys(out, "node", "n_", nodeKeys);
        writeKeys(out, "edge", "e_", edgeKeys);
        out.write("  <graph id=\"G\" edgedefault=\"undirected\">\n");
        writeData(out, "    ", "g_", view.graphAttributes(), new HashMap<>());
        Map<String, String> nodeTags = new HashMap<>();
        Map<String, String> edgeTags = new HashMap<>();
        for (V v : view.vertices()) {
            out.write("    <node id=\"" + Escape.xml(view.vertexId(v)) + "\">\n");
            writeData(out, "      ", "n_", view.vertexAttributes(v), nodeTags);
            out.write("    </node>\n");
        }
        int number = 0;
        for (E e : view.edges()) {
            out.write("    <edge id=\"e" + number++ + "\" source=\"" + Escape.xml(view.vertexId(view.source(e)))
                    + "\" target=\"" + Escape.xml(view.vertexId(view.target(e))) + "\">\n");
            writeData(out, "      ", "e_", view.edgeAttributes(e), edgeTags);
            out.write("    </edge>\n");
        }
        out.write("  </graph>\n</graphml>\n");
    }

    private static void writeKeys(Writer out, String domain, String prefix, Map<String, String> keys) throws IOException {
        for (Map.Entry<String, String> k : keys.entrySet()) {
            out.write("  <key id=\"" + Escape.xml(prefix + k.getKey()) + "\" for=\"" + domain + "\" attr.name=\""
                    + Escape.xml(k.getKey()) + "\" attr.type=\"" + k.getValue() + "\"/>\n");
        }
    }

    /**
     * The data elements of one graph, node or edge; {@code tags} keeps each key's opening tag, made
     * once per key rather than once per element (10^5 processes: 3.5 million edge data elements).
     */
    private static void writeData(Writer out, String indent, String prefix, Map<String, Object> values, Map<String, String> tags)
            throws IOException {
        for (Map.Entry<String, Object> a : values.entrySet()) {
            String open = tags.get(a.getKey());
            if (open == null) {
                open = indent + "<data key=\"" + Escape.xml(prefix + a.getKey()) + "\">";
                tags.put(a.getKey(), open);
            }
            out.write(open);
            out.write(Escape.xml(Values.text(a.getValue())));
            out.write("</data>\n");
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
