package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.graph.AttributedGraph;

/**
 * One edge per line, comma-separated (RFC 4180): a header {@code source,target,} and every edge
 * attribute name that occurs, then per edge its vertices ({@link AttributedGraph#vertexNumber}: world ranks in an
 * information graph, node numbers 0..n-1 in a topology) and attribute values; empty where an edge lacks
 * one (tree-only attributes on other edges).
 */
final class CsvWriter implements GraphWriter {
    @Override
    public <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException {
        Map<V, Integer> index = IntegerWeights.indices(graph);
        List<E> edges = graph.edges();
        Set<String> columns = new LinkedHashSet<>();
        for (E e : graph.edgesForKeys()) {
            columns.addAll(graph.edgeAttributes(e).keySet());
        }
        if (edges.isEmpty()) {
            columns.addAll(graph.edgeKeysWithoutEdges()); // the header a script reads its columns by, as with edges
        }
        StringBuilder line = new StringBuilder("source,target");
        for (String c : columns) {
            line.append(',').append(field(c));
        }
        out.write(line.append('\n').toString());
        for (E e : edges) {
            Map<String, Object> a = graph.edgeAttributes(e);
            line.setLength(0);
            V source = graph.source(e), target = graph.target(e);
            line.append(graph.vertexNumber(source, index.get(source))).append(',').append(graph.vertexNumber(target, index.get(target)));
            for (String c : columns) {
                Object v = a.get(c);
                line.append(',').append(v == null ? "" : field(Values.text(v)));
            }
            out.write(line.append('\n').toString());
        }
    }

    private static String field(String s) {
        return Escape.csv(s);
    }
}
