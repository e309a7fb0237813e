package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.formats.predict.SweepPlot;
import org.junit.jupiter.api.Test;

/**
 * Pictures that show the run (issue 39, item 8), on testdata/late-region (made by
 * testdata/make-late-region.py; its times are the script's plan): MPI_Init takes 14.0 of the
 * 14.6 s, then eight 10 ms regions init_0..init_7 and the 420 ms region timestep, the compute
 * region with the most time, met ninth.
 */
class TimelinePicturesTest {
    static final String LATE = TimelineCommandTest.TESTDATA.resolve("late-region").toString();

    /** The exact states drawn, in order: {data-t0, the class attribute, data-t1}. */
    static List<String[]> states(String svg) {
        List<String[]> states = new ArrayList<>();
        Matcher m = Pattern.compile("<rect class=\"(state [^\"]+)\" data-t0=\"([0-9.]+)\" data-t1=\"([0-9.]+)\"").matcher(svg);
        while (m.find()) {
            states.add(new String[] {m.group(2), m.group(1), m.group(3)});
        }
        return states;
    }

    /** The class of rank 0's state at {@code seconds}. */
    static String at(String svg, double seconds) {
        return states(svg).stream().filter(s -> Double.parseDouble(s[0]) <= seconds && seconds < Double.parseDouble(s[2]))
                .map(s -> s[1]).findFirst().orElse("nothing");
    }

    static List<String> ticks(String svg) {
        List<String> ticks = new ArrayList<>();
        Matcher m = Pattern.compile("<line class=\"tick\"[^>]*/><text [^>]*>([^<]+)</text>").matcher(svg);
        while (m.find()) {
            ticks.add(m.group(1));
        }
        return ticks;
    }

    static String svg(String... args) {
        List<String> all = new ArrayList<>(List.of("timeline", LATE, "-q"));
        all.addAll(List.of(args));
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace(all.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    /**
     * The region with the most compute time gets the first colour (region-0) and the legend's first
     * region entry; before, the colours went to the first 7 names met (main, init_0..init_5) and
     * timestep, met ninth, was drawn in the shared colour of "other regions" (region-7).
     */
    @Test
    void theRegionWithTheMostTimeGetsTheFirstColour() {
        String svg = svg();
        assertEquals("state compute region-0", at(svg, 14.3), svg); // timestep [14.08, 14.5]
        // no tick lies outside main: the legend names no "compute (no user region)" (it did, drawn nowhere)
        assertFalse(svg.contains(">compute (no user region)</text>"), svg);
        assertTrue(svg.contains("\"#81c784\"/><text x=\"24\" y=\"134\">compute in timestep</text>"), svg);
        // by time: timestep 420 ms, main 51 ms, init_0..init_7 10 ms each (in the order met): init_0..init_4 get colours 2-6,
        // init_5..init_7 share the last
        assertEquals("state compute region-2", at(svg, 14.005), svg);
        assertEquals("state compute region-6", at(svg, 14.045), svg);
        assertEquals("state compute region-7", at(svg, 14.075), svg);
    }

    /**
     * A name that lost its colour comes back with its colour when its time grows to twice that of the name holding the
     * colour with the least (definitions section 12): make-late-long-region.py's G (11 us, put out by H) runs again
     * [291, 891] us, 611 us in all, the legend's first colour; that block was drawn in the shared colour of "other
     * regions" (region-7) all the same (review). H, I and G's first 11 us stay in the shared colour.
     */
    @Test
    void aNameWhoseTimeComesLateGetsItsColourBack() {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.TESTDATA.resolve("late-long-region/after").toString(), "-q");
        assertEquals(0, r.code(), r.err());
        String svg = r.out();
        assertTrue(Pattern.compile("\"#81c784\"/><text x=\"\\d+\" y=\"\\d+\">compute in G</text>").matcher(svg).find(), svg);
        assertEquals("state compute region-0", at(svg, 300e-6), svg);
        assertEquals("state compute region-0", at(svg, 890e-6), svg);
        assertEquals("state compute region-7", at(svg, 260e-6), svg); // G's first 11 us, then H and I
        assertEquals("state compute region-7", at(svg, 285e-6), svg);
        assertEquals("state compute region-1", at(svg, 50e-6), svg); // A, 100 us: the second colour
        // main taking a colour back while G's block was about to start took G's: that block was drawn in main's (review)
        TimelineCommandTest.Run inside = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.TESTDATA.resolve("late-long-region/inside").toString(), "-q");
        assertEquals(0, inside.code(), inside.err());
        assertTrue(Pattern.compile("\"#ffd54f\"/><text x=\"\\d+\" y=\"\\d+\">compute in G</text>").matcher(inside.out()).find(), inside.out());
        assertEquals("state compute region-1", at(inside.out(), 1000e-6), inside.out()); // G [700, 1700]
        assertEquals("state compute region-0", at(inside.out(), 2000e-6), inside.out()); // main [1700, 3700]
    }

    /**
     * Arrows dense enough to cover the rows they cross are drawn faint: scorep-jacobi-2nodes draws over a thousand
     * arrows between its two processes' first rows in about 1100 columns, across rank 0's three thread rows, which
     * read as a black band where stats gives each thread 1.45 s of useful time (review); delays-4's few arrows stay
     * as they were, without an opacity.
     */
    @Test
    void denseArrowsLetTheRowsTheyCrossShow() {
        TimelineCommandTest.Run dense = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.TESTDATA.resolve("otf2/scorep-jacobi-2nodes").toString(), "-q");
        assertEquals(0, dense.code(), dense.err());
        Matcher m = Pattern.compile("<line class=\"msg\"[^>]*>").matcher(dense.out());
        int arrows = 0;
        while (m.find()) {
            arrows++;
            Matcher o = Pattern.compile(" opacity=\"([0-9.]+)\"").matcher(m.group());
            assertTrue(o.find(), m.group());
            double opacity = Double.parseDouble(o.group(1));
            assertTrue(opacity >= 0.15 && opacity < 0.5, m.group());
        }
        assertTrue(arrows > 1000, "arrows " + arrows);
        TimelineCommandTest.Run sparse = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.DELAYS, "-q");
        assertEquals(0, sparse.code(), sparse.err());
        assertTrue(sparse.out().contains("<line class=\"msg\"") && !sparse.out().contains(" opacity=\""), sparse.out());
    }

    /**
     * MPI_Init and MPI_Finalize named with white space around (make-spaced-names.py's " MPI_Init" [0, 100] and
     * "MPI_Finalize " [900, 1000] us) still bound the measured part: the picture draws [100, 900] us, as stats' T of
     * 800 us (it drew [0, 1000], both calls as "MPI other", once names kept their white space: review).
     */
    @Test
    void paddedInitAndFinalizeBoundTheView() {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("timeline", TimelineCommandTest.TESTDATA.resolve("spaced-names/mpi").toString(), "-q");
        assertEquals(0, r.code(), r.err());
        List<String[]> states = states(r.out());
        assertEquals("0.000100", states.get(0)[0], r.out());
        assertEquals("0.000900", states.get(states.size() - 1)[2], r.out());
        assertFalse(r.out().contains("mpi-other"), r.out());
    }

    /**
     * The default view starts where MPI_Init is left (14.0 s) and ends where MPI_Finalize is entered
     * (14.5 s); before, it drew 0 to 14.6 s, 96 % of it MPI_Init. --span whole draws it all.
     */
    @Test
    void theDefaultViewIsTheMeasuredPart() {
        String svg = svg();
        List<String[]> states = states(svg);
        assertEquals("14.000000", states.get(0)[0], svg);
        assertFalse(svg.contains("mpi-other"), "MPI_Init and MPI_Finalize lie outside the view: " + svg);
        List<String> ticks = ticks(svg);
        assertEquals("14.0 s", ticks.get(0), svg);
        assertEquals("14.5 s", ticks.get(ticks.size() - 1), svg);
        assertTrue(svg.contains("Drawn from the end of MPI_Init to the start of MPI_Finalize (500 ms of the 14.6 s"
                + " from the trace's start to its end); --span whole draws it all."), svg);

        String whole = svg("--span", "whole");
        assertEquals("0.000000", states(whole).get(0)[0], whole);
        assertEquals("0 s", ticks(whole).get(0), whole);
        assertFalse(whole.contains("Drawn from the end of MPI_Init"), whole);
        // under --region its span is the selection's events' (make-late-region.py: timestep's from 14.02 s on), not the
        // trace's 14.6 s from its start to its end, which the note named
        String region = svg("--region", "timestep");
        assertTrue(region.contains("(420 ms of the 14.5 s the selection's events span); --span whole draws it all."), region);
    }

    /** Under --window 14s:14.5s the axis reads the run's time, 14.0 ... 14.5 s (before: 0 ms ... 500 ms). */
    @Test
    void aWindowsAxisReadsTheRunsTime() {
        String svg = svg("--window", "14s:14.5s");
        assertEquals(List.of("14.0 s", "14.1 s", "14.2 s", "14.3 s", "14.4 s", "14.5 s"), ticks(svg), svg);
        assertEquals("14.000000", states(svg).get(0)[0], svg);
    }

    /**
     * The sweep plot's names of its lines stand apart from the lines: no text is anchored inside
     * the plot area (before, "measured" sat on the dashed line at its right end and "bandwidth inf:
     * ..." on the dotted line at its left).
     */
    @Test
    void theSweepPlotsLabelsDoNotSitOnItsLines() {
        String svg = new SweepPlot("bandwidth", new double[] {1e8, 1e9, Double.POSITIVE_INFINITY}, new double[] {2.0, 1.2, 1.1}, 1.15,
                "t").svg();
        Matcher frame = Pattern.compile("<rect x=\"(\\d+)\" y=\"(\\d+)\" width=\"(\\d+)\" height=\"(\\d+)\" fill=\"none\"").matcher(svg);
        assertTrue(frame.find(), svg);
        double left = Double.parseDouble(frame.group(1)), top = Double.parseDouble(frame.group(2));
        double right = left + Double.parseDouble(frame.group(3)), bottom = top + Double.parseDouble(frame.group(4));
        Matcher text = Pattern.compile("<text[^>]* x=\"([0-9.]+)\" y=\"([0-9.]+)\"[^>]*>([^<]*)</text>").matcher(svg);
        int texts = 0;
        while (text.find()) {
            texts++;
            double x = Double.parseDouble(text.group(1)), y = Double.parseDouble(text.group(2));
            assertFalse(x > left && x < right && y > top && y < bottom + 1, "'" + text.group(3) + "' inside the plot: " + svg);
        }
        assertTrue(texts >= 8, svg);
        assertTrue(svg.contains(">measured 1.15 s<") || svg.contains(">measured "), svg);
        assertTrue(svg.contains(">bandwidth inf: "), svg);
    }

    /**
     * TraceR's stencil records no MPI_Finalize (otf2-print shows no event of it): the measured span runs from MPI_Init's end to the
     * last event, and the note says so (it said "to the start of MPI_Finalize").
     */
    @Test
    void aRunWithoutMpiFinalizeIsDrawnToItsLastEvent() throws Exception {
        Path trace = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().resolve("otf2/scorep-tracer-stencil4d-64");
        assertFalse(TimelineCommandTest.command("otf2-print", trace.resolve("traces.otf2").toString()).contains("Region: \"MPI_Finalize\""));
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("timeline", trace.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Drawn from the end of MPI_Init to the last event ("), r.out());
    }
}
