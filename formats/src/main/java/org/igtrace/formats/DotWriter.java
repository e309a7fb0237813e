package org.igtrace.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.output.AttributeNames;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultUndirectedGraph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.AttributeType;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.ExportException;
import org.jgrapht.nio.dot.DOTExporter;

/**
 * Graphviz DOT (definitions section 7) through jgrapht-io: an undirected {@code graph}, vertices labelled
 * with their label text, edges with theirs, emphasised edges (tree edges of a full graph) drawn
 * {@code style=bold, penwidth=3}. The view's data attributes follow (wait states, clock offsets,
 * traffic), under their own names, which Graphviz keeps without drawing anything; except
 * {@code weight}, which Graphviz reads as an integer layout weight: ours is written as {@code w}.
 */
public final class DotWriter implements GraphWriter {

    @Override
    public <V, E> void write(AttributedGraph<V, E> view, Writer out) throws IOException {
        DOTExporter<V, E> exporter = new DOTExporter<>(view::vertexId);
        exporter.setGraphIdProvider(() -> "igtrace");
        exporter.setGraphAttributeProvider(() -> {
            // jgrapht-io writes graph attributes unquoted: quote them here (names too: "graph" is a DOT keyword).
            Map<String, Attribute> a = new LinkedHashMap<>();
            view.graphAttributes().forEach((name, value) ->
                    a.put("\"" + name + "\"", quoted(Values.text(value))));
            return a;
        });
        exporter.setVertexAttributeProvider(v -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            a.put("label", quoted(view.vertexLabel(v)));
            data(view.vertexAttributes(v), a);
            return a;
        });
        exporter.setEdgeAttributeProvider(e -> {
            Map<String, Attribute> a = new LinkedHashMap<>();
            a.put("label", quoted(view.edgeLabel(e)));
            if (view.emphasised(e)) {
                a.put("style", DefaultAttribute.createAttribute("bold"));
                a.put("penwidth", DefaultAttribute.createAttribute(3));
            }
            data(view.edgeAttributes(e), a);
            return a;
        });
        Graph<V, E> graph = new DefaultUndirectedGraph<>(null, null, false);
        view.vertices().forEach(graph::addVertex);
        view.edges().forEach(e -> graph.addEdge(view.source(e), view.target(e), e));
        try {
            exporter.exportGraph(graph, out);
        } catch (ExportException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new UncheckedIOException(new IOException(e.getMessage(), e));
        }
    }

    /**
     * Adds the data attributes, {@code weight} renamed {@code w} and {@code label} (a process's name)
     * {@code process_name} (pydot refuses an attribute {@code name}): DOT's
     * {@code weight} and {@code label} are the drawing's.
     */
    private static void data(Map<String, Object> attributes, Map<String, Attribute> into) {
        attributes.forEach((name, value) -> {
            String key = id(name.equals(AttributeNames.WEIGHT) ? "w" : name.equals(AttributeNames.LABEL) ? "process_name" : name);
            into.put(key, value instanceof Number || value instanceof Boolean
                    ? DefaultAttribute.createAttribute(Values.text(value))
                    : quoted(String.valueOf(value)));
        });
    }

    /**
     * An attribute name as DOT reads it: kept when it is a plain ID (letters, digits, underscores,
     * not starting with a digit) and not one of DOT's keywords, which are case-insensitive
     * ({@code node}, {@code edge}, {@code graph}, {@code digraph}, {@code subgraph}, {@code strict});
     * otherwise quoted.
     */
    static String id(String name) {
        boolean plain = name.matches("[A-Za-z_][A-Za-z_0-9]*")
                && !java.util.Set.of("node", "edge", "graph", "digraph", "subgraph", "strict").contains(name.toLowerCase(java.util.Locale.ROOT));
        return plain ? name : Escape.dotQuoted(name);
    }

    /**
     * A DOT quoted string, written as it is: jgrapht-io would escape the double quotes of a plain
     * string attribute once more, after {@link Escape#dot} did (a name's {@code "} became {@code \\"},
     * which ends the string in Graphviz).
     */
    private static Attribute quoted(String text) {
        return new DefaultAttribute<>(Escape.dotQuoted(text), AttributeType.IDENTIFIER);
    }
}
