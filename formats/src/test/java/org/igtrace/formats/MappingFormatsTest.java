package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.Arrays;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.output.InformationGraphAttributes;
import org.junit.jupiter.api.Test;

/**
 * The mapping-tool formats of the hand-worked graph in {@link GraphFixtures}: w = 1 - Tcomm/T gives
 * vertex loads 750, 500, 750 and 1000 (T = 0); edges in order {0,1} 1000, {0,2} 500, {1,2} 4000,
 * {2,3} 25 (average bytes). The consumers' view of these formats is tested in the cli module.
 */
class MappingFormatsTest {
    private static String write(OutputFormat format) throws Exception {
        StringWriter out = new StringWriter();
        format.writer().write(InformationGraphAttributes.of(GraphFixtures.small(), GraphView.FULL, "t.otf2"), out);
        return out.toString();
    }

    @Test
    void scotchListsEachEdgeFromBothEnds() throws Exception {
        assertEquals("0\n4 8\n0 011\n"
                + "750 2 1000 1 500 2\n"
                + "500 2 1000 0 4000 2\n"
                + "750 3 500 0 4000 1 25 3\n"
                + "1000 1 25 2\n", write(OutputFormat.SCOTCH));
    }

    @Test
    void metisNumbersFromOne() throws Exception {
        String[] lines = write(OutputFormat.METIS).split("\n");
        assertEquals("% igtrace information graph of t.otf2", lines[0]);
        assertEquals("4 4 011", lines[2]);
        assertEquals(Arrays.asList("750 2 1000 3 500", "500 1 1000 3 4000", "750 1 500 2 4000 4 25", "1000 3 25"),
                Arrays.asList(lines).subList(3, 7));
    }

    @Test
    void matrixIsDenseAndSymmetric() throws Exception {
        assertEquals("0 1000 500 0\n1000 0 4000 0\n500 4000 0 25\n0 0 25 0\n", write(OutputFormat.MATRIX));
    }

    @Test
    void matrixMarketKeepsTheLowerTriangle() throws Exception {
        assertEquals("4 4 4\n2 1 1000\n3 1 500\n3 2 4000\n4 3 25\n",
                write(OutputFormat.MTX).lines().filter(l -> !l.startsWith("%")).map(l -> l + "\n").reduce("", String::concat));
    }

    /** s = 1 up to 10^6 per edge and 2^30 over all arcs; beyond, the largest s that keeps both. */
    @Test
    void integerScaleKeepsLoadsWithinThirtyTwoBits() {
        assertEquals(1.0, IntegerWeights.scale(new double[] {1e6, 3}, 1));
        assertEquals(0.5, IntegerWeights.scale(new double[] {2e6, 1}, 1));
        double[] many = new double[600];
        Arrays.fill(many, 1e6);
        // 2^30 / 1.2e9 = 0.894784853 would load each 894785 (rounded), 1,073,742,000 over both directions' 1,200 arcs, over
        // 2^30 = 1,073,741,824: each load is the largest that keeps it, floor(2^30 / 1200) = 894784
        double s = IntegerWeights.scale(many, 1);
        assertEquals(894784, IntegerWeights.edgeLoad(1e6, s));
        // waits (seconds) in microseconds: 24.9 ms and 57.5 us are 24900 and 58, not 1 and 1 as with s = 1
        double wait = IntegerWeights.scale(new double[] {0.0249, 0.0000575}, IntegerWeights.WAIT_UNIT);
        assertEquals(1e6, wait);
        assertEquals(24900, IntegerWeights.edgeLoad(0.0249, wait));
        assertEquals(58, IntegerWeights.edgeLoad(0.0000575, wait));
        // waits of minutes: the largest load stays 10^6
        assertEquals(1e6 / 120, IntegerWeights.scale(new double[] {120, 3}, IntegerWeights.WAIT_UNIT), 1e-9);
        assertEquals(1, IntegerWeights.edgeLoad(0.2, 1));
        assertEquals(1, IntegerWeights.vertexLoad(0.0));
        assertEquals(1000, IntegerWeights.vertexLoad(1.0));
    }

    /**
     * The loads as written, rounded half up and at least 1, keep the 2^30 bound too: 48 ranks each sending one message of
     * 10^6 + r x j bytes to every other (1,128 pairs, avg weights 10^6 + r x j) were scaled to a sum of arcs 28 over it.
     */
    @Test
    void theRoundedLoadsKeepTheArcSumBound() {
        double[] weights = new double[48 * 47 / 2];
        int k = 0;
        for (int r = 0; r < 48; r++) {
            for (int j = r + 1; j < 48; j++) {
                weights[k++] = 1e6 + r * j; // both directions' messages of the pair: (2e6 + 2rj) bytes / 2 messages
            }
        }
        double s = IntegerWeights.scale(weights, 1);
        long sum = 0;
        for (double w : weights) {
            sum += IntegerWeights.edgeLoad(w, s);
        }
        assertTrue(2 * sum <= 1L << 30, 2 * sum + " over 2^30 at s = " + s);
        assertTrue(2 * sum > (1L << 30) - 2 * weights.length, "s the largest within rounding: " + 2 * sum);
    }

    /** Weights within the bound whose loads, rounded up at their halves, are not: 1,000 edges of 536,870.5 (2 x 536,871,000). */
    @Test
    void loadsRoundedUpPastTheBoundAreScaledToo() {
        double[] halves = new double[1000];
        Arrays.fill(halves, 536870.5);
        double s = IntegerWeights.scale(halves, 1);
        assertTrue(2L * 1000 * IntegerWeights.edgeLoad(536870.5, s) <= 1L << 30, "s = " + s);
    }

    /** round(w x 1000) half up as w reads: 1 - 30.02 / 40 = 0.2495 (its product 249.49999999999997 in doubles) is 250. */
    @Test
    void aVertexLoadAtAHalfRoundsUp() {
        assertEquals(250, IntegerWeights.vertexLoad(1 - 30.02 / 40));
        assertEquals(249, IntegerWeights.vertexLoad(0.2494999));
    }
}
