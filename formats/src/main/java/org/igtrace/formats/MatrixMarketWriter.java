package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.output.AttributeNames;
import org.igtrace.core.util.Numbers;

/**
 * Matrix Market coordinate format ({@code .mtx}), real symmetric: the adjacency matrix with the
 * edge weights as they are (no integer scaling), lower triangle only, indices from 1.
 */
final class MatrixMarketWriter implements GraphWriter {
    @Override
    public <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException {
        double[] weights = IntegerWeights.edgeWeights(graph);
        Map<V, Integer> index = IntegerWeights.indices(graph);
        List<E> edges = graph.edges();
        out.write("%%MatrixMarket matrix coordinate real symmetric\n");
        out.write("% igtrace information graph of " + MetisWriter.oneLine(graph.graphAttributes().get(AttributeNames.SOURCE)) + "\n");
        out.write("% entry (i, j): edge weight " + MetisWriter.oneLine(graph.graphAttributes().get(AttributeNames.EDGE_WEIGHT))
                + " between vertices i-1 and j-1, unscaled\n");
        out.write(index.size() + " " + index.size() + " " + edges.size() + "\n");
        for (int k = 0; k < edges.size(); k++) {
            int a = index.get(graph.source(edges.get(k))), b = index.get(graph.target(edges.get(k)));
            out.write((Math.max(a, b) + 1) + " " + (Math.min(a, b) + 1) + " " + Numbers.format(weights[k]) + "\n");
        }
    }
}
