package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;

/**
 * A dense N x N communication matrix, as TreeMatch and hwloc/netloc read it: one row per vertex,
 * space-separated non-negative integers, no header; entry (i, j) is the integer edge load between
 * vertices i and j ({@link IntegerWeights}), 0 where they do not communicate and on the diagonal.
 */
final class MatrixWriter implements GraphWriter {
    @Override
    public <V, E> void write(AttributedGraph<V, E> graph, Writer out) throws IOException {
        double[] weights = IntegerWeights.edgeWeights(graph);
        double scale = IntegerWeights.scale(graph, weights);
        Map<V, Integer> index = IntegerWeights.indices(graph);
        int n = index.size();
        long[][] matrix = new long[n][n];
        List<E> edges = graph.edges();
        for (int k = 0; k < edges.size(); k++) {
            int a = index.get(graph.source(edges.get(k))), b = index.get(graph.target(edges.get(k)));
            long load = IntegerWeights.edgeLoad(weights[k], scale);
            matrix[a][b] = load;
            matrix[b][a] = load;
        }
        StringBuilder line = new StringBuilder();
        for (long[] row : matrix) {
            line.setLength(0);
            for (int j = 0; j < n; j++) {
                line.append(j == 0 ? "" : " ").append(row[j]);
            }
            out.write(line.append('\n').toString());
        }
    }
}
