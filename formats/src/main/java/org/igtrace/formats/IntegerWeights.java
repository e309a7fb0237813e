package org.igtrace.formats;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.igtrace.core.graph.AttributedGraph;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.output.AttributeNames;

/**
 * Integer loads for the mapping tools' formats, which take whole numbers only.
 * <ul>
 * <li>Vertex load: the compute fraction {@code w_i} (vertex attribute {@code weight}) x 1000,
 * rounded, at least 1: 1..1000.
 * <li>Edge load: the edge's {@code weight} (the chosen weight; in a tree view the recalculated
 * one) x s, rounded, at least 1, where s = 1 (10^6 for {@code --weight wait}, {@code critical} and
 * {@code delay}, whose weights are seconds: loads in microseconds) unless the largest weight x s exceeds 10^6 or the sum over both
 * arc directions exceeds 2^30 (32-bit tools add them up); then s is the largest factor keeping
 * both limits. With s = 1, waits of milliseconds all rounded to 0 and so became load 1: the mapper
 * got an unweighted graph.
 * </ul>
 * {@link #RULE} says this in one line for comments and {@code --help}.
 */
final class IntegerWeights {
    static final String RULE = "vertex load = round(w x 1000) in 1..1000; edge load = round(weight x s), at least 1, "
            + "s = 1 (10^6 for --weight wait, critical or delay: microseconds) unless the largest load would be over 10^6 or the loads over both "
            + "arc directions sum over 2^30, then the largest s keeping both";
    /** The factor before the limits for weights in seconds (waiting, critical path, delay): loads in microseconds. */
    static final double WAIT_UNIT = 1e6;
    static final double MAX_EDGE = 1e6;
    static final double MAX_ARC_SUM = 1 << 30;

    private IntegerWeights() {
    }

    /** The scale factor s for these edge weights (the graph's {@code weight} attributes, see {@link #edgeWeights}). */
    static <V, E> double scale(AttributedGraph<V, E> graph, double[] weights) {
        Object chosen = graph.graphAttributes().get(AttributeNames.EDGE_WEIGHT);
        boolean seconds = Arrays.stream(EdgeWeight.values()).anyMatch(w -> w.seconds() && w.label().equals(chosen));
        return scale(weights, seconds ? WAIT_UNIT : 1);
    }

    /** The scale factor s for these edge weights, {@code base} unless a limit asks for less. */
    static double scale(double[] weights, double base) {
        double max = 0, sum = 0;
        for (double w : weights) {
            max = Math.max(max, w);
            sum += w;
        }
        double s = base;
        if (max * s > MAX_EDGE) {
            s = MAX_EDGE / max;
        }
        if (2 * sum * s > MAX_ARC_SUM) {
            s = Math.min(s, MAX_ARC_SUM / (2 * sum));
        }
        // the loads are rounded (half up) and at least 1, so they can pass the bound where the weights do not: 48 ranks all to
        // all at 1 MB a message summed to 2^30 + 28, 1,000 edges of 536,870.5 to 2^30 + 176 at s = 1
        for (int i = 0; i < 60 && 2.0 * loadSum(weights, s) > MAX_ARC_SUM; i++) {
            s = Math.nextDown(s * MAX_ARC_SUM / (2.0 * loadSum(weights, s)));
        }
        return s;
    }

    /** The edges' loads at scale {@code s}, summed (one arc direction). */
    private static long loadSum(double[] weights, double s) {
        long sum = 0;
        for (double w : weights) {
            sum += edgeLoad(w, s);
        }
        return sum;
    }

    static long edgeLoad(double weight, double scale) {
        return Math.max(1, Math.round(weight * scale));
    }

    /**
     * round(w x 1000) half up, of the product's decimal form to 12 digits: w = 1 - 30.02 ms / 40 ms is 0.2495, whose
     * product 249.49999999999997 rounded to 249.
     */
    static int vertexLoad(double computeFraction) {
        return (int) Math.max(1, Math.min(1000, Math.round(org.igtrace.core.util.Labels.rounded(computeFraction * 1000, 12))));
    }

    /** The edges' {@code weight} attribute (0 when missing), in edge order. */
    static <V, E> double[] edgeWeights(AttributedGraph<V, E> graph) {
        List<E> edges = graph.edges();
        double[] w = new double[edges.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = number(graph.edgeAttributes(edges.get(i)).get(AttributeNames.WEIGHT));
        }
        return w;
    }

    /** The vertices' integer loads from their {@code weight} attribute (compute fraction; 1 when missing). */
    static <V, E> int[] vertexLoads(AttributedGraph<V, E> graph) {
        List<V> vertices = graph.vertices();
        int[] loads = new int[vertices.size()];
        for (int i = 0; i < loads.length; i++) {
            Object w = graph.vertexAttributes(vertices.get(i)).get(AttributeNames.WEIGHT);
            loads[i] = w == null ? 1 : vertexLoad(number(w));
        }
        return loads;
    }

    /** Vertex positions: the index of each vertex in {@link AttributedGraph#vertices()}. */
    static <V, E> Map<V, Integer> indices(AttributedGraph<V, E> graph) {
        Map<V, Integer> index = new HashMap<>();
        for (V v : graph.vertices()) {
            index.put(v, index.size());
        }
        return index;
    }

    static String describeScale(double s) {
        return s == 1 ? "s = 1" : String.format(Locale.ROOT, "s = %.6g", s);
    }

    private static double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : 0;
    }
}
