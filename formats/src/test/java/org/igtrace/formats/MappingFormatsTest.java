package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals((1 << 30) / 1.2e9, IntegerWeights.scale(many, 1), 1e-12);
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
}
