package org.igtrace.formats.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

/** The summary's wording on hand-made profiles. */
class SummaryTest {
    private static WaitReport waits(double offset, long conflicts) {
        return new WaitReport(true, true, new long[] {Math.round(offset * 1e9)}, new boolean[1], conflicts, 0, 0, 0,
                new long[WaitPattern.values().length][1], 1e9,
                List.of(), List.of(), 0, 0, List.of());
    }

    private static List<String> summary(WaitReport w, List<Diagnostic> diagnostics) {
        TraceProfile p = new TraceProfile(List.of(new ProcessProfile(0, "P0", null, 2.0, 0.5)), List.of(), 1, diagnostics, w);
        return Summary.of(InformationGraph.build(p, EdgeWeight.AVG, Recalculation.PATH), GraphView.FULL);
    }

    @Test
    void aDurationRoundedUpToTheNextUnitIsWrittenInThatUnit() {
        // 0.9999996 s rounds to 1.00 s: not "1.00e+03 ms" (the skewed ping-pong's offsets up to 1 s printed so)
        assertEquals("1.00 s", Labels.seconds3(0.9999996));
        assertEquals("999 ms", Labels.seconds3(0.999));
        assertEquals("1.00 ms", Labels.seconds3(0.0009999996));
        assertEquals("1 s", Labels.seconds(0.9999996));
        assertEquals("1 s", org.igtrace.core.util.Labels.seconds(0.9999996));
        assertEquals("1 MB", org.igtrace.core.util.Labels.bytes(999_999));
        assertEquals("999 KB", org.igtrace.core.util.Labels.bytes(999_000));
        // halfway: 0.0009995 s reads 1.00 ms (half up on the decimal value), in every formatter
        assertEquals("1.00 ms", Labels.seconds3(0.0009995));
        assertEquals("1 ms", Labels.seconds(0.0009995));
        assertEquals("1 ms", org.igtrace.core.util.Labels.seconds(0.0009995));
        assertEquals("34.8 ms", Labels.seconds3(0.034794279));
    }

    @Test
    void computeFractionsKeepThreeDecimals() {
        // a node label w=0.98 beside w=0.918 read as less precise: every w has 3 decimals, as the tables print efficiencies
        assertEquals("0.980", org.igtrace.core.util.Labels.fraction(0.98));
        assertEquals("0.918", org.igtrace.core.util.Labels.fraction(0.9176));
        assertEquals("1.000", org.igtrace.core.util.Labels.fraction(0.99951));
        assertEquals("0.000", org.igtrace.core.util.Labels.fraction(0));
        assertEquals("0.001", org.igtrace.core.util.Labels.fraction(0.0005)); // half up on the decimal value
    }

    @Test
    void oneOfEachIsSingular() {
        assertEquals(List.of("igtrace: 1 process, 0 edges (0 in the tree), 1 message, 1 component; waiting 0 s summed over 1 process (0.0% of their time), "
                + "clocks needed no correction, 1 clock conflict -> 0"), summary(waits(0, 1), List.of()));
    }

    @Test
    void correctedClocksGiveTheLargestOffset() {
        assertEquals("igtrace: 1 process, 0 edges (0 in the tree), 1 message, 1 component; waiting 0 s summed over 1 process (0.0% of their time), "
                + "clocks corrected by offsets up to 2.50 ms, 0 clock conflicts", summary(waits(0.0025, 0), List.of()).get(0));
    }

    /** Offsets that drift can leave conflicts where the raw clocks had none: the line says so, not "0 clock conflicts". */
    @Test
    void conflictsLeftWhereTheRawClocksHadNoneAreShown() {
        WaitReport drift = new WaitReport(true, false, new long[] {0}, new boolean[1], 0, 60, 0, 0,
                new long[WaitPattern.values().length][1], 1e9, List.of(), List.of(), 0, 0, List.of());
        assertEquals(true, summary(drift, List.of()).get(0).endsWith(", 0 clock conflicts -> 60"), summary(drift, List.of()).toString());
    }

    @Test
    void shortNotesStayOnTheLineLongOnesGetTheirOwn() {
        String longNote = "x".repeat(Summary.INLINE_NOTE + 1);
        List<String> lines = summary(null, List.of(Diagnostic.note("short"), Diagnostic.note(longNote)));
        assertEquals(List.of("igtrace: 1 process, 0 edges (0 in the tree), 1 message, 1 component; short", "igtrace:   " + longNote), lines);
    }
}
