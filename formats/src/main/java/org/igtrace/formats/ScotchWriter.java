package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.igtrace.core.graph.AttributedGraph;

/**
 * Scotch's source graph format ({@code .grf}, version 0): a line {@code 0}, then
 * {@code vertices arcs} (arcs = 2 x edges, each edge in both directions), then {@code 0 011}
 * (base 0; edge loads and vertex loads, no labels), then per vertex its load, its degree and
 * {@code edge-load neighbour} pairs. Loads are integers ({@link IntegerWeights}); the format has no
 * comments, so the rule is stated in {@code --help} and docs/graph.md.
 */
final class ScotchWriter implements GraphWriter {
    @Override
    public <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException {
        Adjacency adjacency = new Adjacency(graph);
        int[] loads = adjacency.loads;
        out.write("0\n" + loads.length + " " + 2L * adjacency.weights.length + "\n0 011\n");
        StringBuilder line = new StringBuilder();
        for (int v = 0; v < loads.length; v++) {
            List<int[]> arcs = adjacency.arcs.get(v);
            line.setLength(0);
            line.append(loads[v]).append(' ').append(arcs.size());
            for (int[] arc : arcs) {
                line.append(' ').append(adjacency.edgeLoad(arc)).append(' ').append(arc[0]);
            }
            out.write(line.append('\n').toString());
        }
    }
}
