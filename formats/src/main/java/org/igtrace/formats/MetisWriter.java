package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.output.AttributeNames;

/**
 * The METIS graph format (also read by KaHIP and Chaco): {@code %} comment lines stating the
 * source and the integer scaling, a header {@code vertices edges 011} (vertex weights and edge
 * weights), then per vertex its weight and {@code neighbour edge-weight} pairs, vertices numbered
 * from 1.
 */
final class MetisWriter implements GraphWriter {
    @Override
    public <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException {
        Adjacency adjacency = new Adjacency(graph);
        int[] loads = adjacency.loads;
        out.write("% igtrace information graph of " + oneLine(graph.graphAttributes().get(AttributeNames.SOURCE)) + "\n");
        out.write("% edge weight: " + oneLine(graph.graphAttributes().get(AttributeNames.EDGE_WEIGHT)) + "; "
                + IntegerWeights.RULE + "; here " + IntegerWeights.describeScale(adjacency.scale) + "\n");
        out.write(loads.length + " " + adjacency.weights.length + " 011\n");
        StringBuilder line = new StringBuilder();
        for (int v = 0; v < loads.length; v++) {
            List<int[]> arcs = adjacency.arcs.get(v);
            line.setLength(0);
            line.append(loads[v]);
            for (int[] arc : arcs) {
                line.append(' ').append(arc[0] + 1).append(' ').append(adjacency.edgeLoad(arc));
            }
            out.write(line.append('\n').toString());
        }
    }

    /** A comment's value on one line, its control characters shown ({@link Escape#terminal}: a path may hold any byte). */
    static String oneLine(Object value) {
        return Escape.terminal(String.valueOf(value));
    }
}
