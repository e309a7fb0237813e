package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Where igtrace why's critical path and delays go besides why (issue 37): drawn over the report's timeline, the loads of
 * the mapping formats under graph --weight critical|delay, and map --weight. Expected values from the generators
 * (testdata/make-why.py chain, testdata/make-weights.py).
 */
class CriticalPathUsesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final String CHAIN = TESTDATA.resolve("why/chain/traces.otf2").toString();
    private static final String WEIGHTS = TESTDATA.resolve("weights/traces.otf2").toString();

    private static String run(String... args) {
        SubcommandsTest.Run r = SubcommandsTest.igtrace(args);
        assertEquals(0, r.code(), r.err());
        return r.out();
    }

    private static double attribute(String element, String name) {
        Matcher m = Pattern.compile(" " + name + "=\"([-0-9.]+)\"").matcher(element);
        assertTrue(m.find(), name + " in " + element);
        return Double.parseDouble(m.group(1));
    }

    /**
     * The chain (make-why.py): rank 2 works 10-510 us and sends to rank 3 at 510; rank 3 works 513-613 and sends to
     * rank 4 at 613; rank 4 ends MPI_Recv at 616 and MPI_Finalize 616-626. The critical path walks back from rank 4's end
     * to rank 3 at 613 (the send that ended its wait), to rank 2 at 510: rank 2 up to 510 us, rank 3 510-613, rank 4
     * from 613. The timeline is drawn from the end of MPI_Init (10 us) to the start of the last MPI_Finalize (616 us),
     * so the line goes along rank 2's row from x(10) to x(510), down to rank 3's row, along it to x(613), down to rank 4's,
     * to x(616): the middles of the rows drawn for those ranks, x as the timeline's axis places the times (a hop at the
     * border of the pixel column where the row changes, within a pixel of its time).
     */
    @Test
    void theReportDrawsTheCriticalPathOverTheTimelinesRows() {
        String html = run("report", CHAIN, "-q");
        String timeline = html.substring(html.indexOf("<section id=\"timeline\">"), html.indexOf("</section>", html.indexOf("<section id=\"timeline\">")));
        double[] middle = new double[5];
        double left = 0, width = 0;
        for (int rank = 0; rank < 5; rank++) {
            Matcher row = Pattern.compile("<g class=\"row\" data-rank=\"" + rank + "\">\\n<text[^\\n]*\\n(<rect [^>]*>)").matcher(timeline);
            assertTrue(row.find(), "rank " + rank + "'s row: " + timeline);
            middle[rank] = attribute(row.group(1), "y") + attribute(row.group(1), "height") / 2;
            left = attribute(row.group(1), "x");
            width = attribute(row.group(1), "width");
        }
        double x0 = left, w = width;
        java.util.function.DoubleUnaryOperator x = us -> x0 + (us - 10) / (616 - 10) * w;
        double[][] expected = {{x.applyAsDouble(10), middle[2]}, {x.applyAsDouble(510), middle[2]}, {x.applyAsDouble(510), middle[3]},
            {x.applyAsDouble(613), middle[3]}, {x.applyAsDouble(613), middle[4]}, {x.applyAsDouble(616), middle[4]}};
        Matcher path = Pattern.compile("<path class=\"path\" d=\"([^\"]*)\"").matcher(timeline);
        assertTrue(path.find(), "no critical path drawn over the timeline: " + timeline);
        List<double[]> points = new ArrayList<>();
        Matcher point = Pattern.compile("[ML]([-0-9.]+) ([-0-9.]+)").matcher(path.group(1));
        while (point.find()) {
            points.add(new double[] {Double.parseDouble(point.group(1)), Double.parseDouble(point.group(2))});
        }
        assertEquals(expected.length, points.size(), path.group(1));
        for (int i = 0; i < expected.length; i++) {
            // the ends where the path starts and ends; a hop at the border of the pixel column where the row changes
            double within = i == 0 || i == expected.length - 1 ? 0.11 : 1;
            assertEquals(expected[i][0], points.get(i)[0], within, "x of point " + i + ": " + path.group(1));
            assertEquals(expected[i][1], points.get(i)[1], 0.11, "y of point " + i + ": " + path.group(1));
        }
        assertTrue(timeline.contains(">critical path</text>"), "the legend names the line");
        // the why section points to it instead of drawing a strip of its own
        String why = html.substring(html.indexOf("<section id=\"why\">"));
        assertTrue(why.contains("the violet line over the rows of the timeline above"), why);
        assertTrue(!why.contains("<svg"), why);
    }

    /**
     * METIS and Scotch loads under --weight delay and critical are microseconds, as under wait (10^6 x seconds; the
     * chain's clock counts microseconds): delay 2-3 = rank 3's wait 510 - 110 = 400 us, 3-4 = rank 4's 613 - 210 = 403 us;
     * critical = each jump's time after the waiting ended, send enter to receive leave: 513 - 510 = 3 us and
     * 616 - 613 = 3 us. Before, these weights were scaled by 1: every load rounded to 0 and written as 1.
     * METIS vertex lines (1-based): "load neighbour edge-load ..."; Scotch: "load degree edge-load neighbour ...".
     */
    @Test
    void mappingFormatsLoadCriticalAndDelayInMicroseconds() {
        for (String[] weight : new String[][] {{"delay", "400", "403"}, {"critical", "3", "3"}}) {
            String metis = run("graph", CHAIN, "--weight", weight[0], "--format", "metis", "-q");
            List<String> rows = metis.lines().filter(l -> !l.startsWith("%")).toList();
            assertTrue(rows.get(3).endsWith(" 4 " + weight[1]), weight[0] + ": " + metis);
            assertTrue(rows.get(4).endsWith(" 3 " + weight[1] + " 5 " + weight[2]), weight[0] + ": " + metis);
            assertTrue(rows.get(5).endsWith(" 4 " + weight[2]), weight[0] + ": " + metis);
            List<String> scotch = run("graph", CHAIN, "--weight", weight[0], "--format", "scotch", "-q").lines().toList();
            assertTrue(scotch.get(5).endsWith(" 1 " + weight[1] + " 3"), weight[0] + ": " + scotch);
            assertTrue(scotch.get(6).endsWith(" 2 " + weight[1] + " 2 " + weight[2] + " 4"), weight[0] + ": " + scotch);
        }
    }

    private static List<Integer> placement(String json) {
        Matcher m = Pattern.compile("\"placement\": \\[([^\\]]*)\\]").matcher(json);
        assertTrue(m.find(), json);
        return java.util.Arrays.stream(m.group(1).split(",")).map(String::strip).map(Integer::parseInt).toList();
    }

    private static double proposedHopBytes(String json) {
        Matcher m = Pattern.compile("\"proposed\": \\{\\s*\"hop_bytes\": ([0-9.]+)").matcher(json);
        assertTrue(m.find(), json);
        return Double.parseDouble(m.group(1));
    }

    /**
     * make-weights.py: pairs 0-1 and 2-3 exchange 1048576 bytes and never wait; pairs 0-2 and 1-3 exchange 8 bytes and
     * wait 500 us and 400 us. On ring:2 with 2 slots a node, by bytes the proposal keeps 0 with 1 (rank order: hop-bytes
     * 8 + 8 = 16); by delay it keeps 0 with 2 and 1 with 3 (delay x hops 0, hop-bytes 2 x 1048576 = 2097152).
     */
    @Tag("slow")
    @Test
    void mapPlacesByTheChosenWeight() {
        String[] common = {"map", WEIGHTS, "--topology", "ring:2", "--slots", "2", "--format", "json", "-q"};
        String bytes = run(common);
        List<Integer> byBytes = placement(bytes);
        assertEquals(byBytes.get(0), byBytes.get(1), bytes);
        assertEquals(byBytes.get(2), byBytes.get(3), bytes);
        assertEquals(16, proposedHopBytes(bytes), bytes);
        List<String> args = new ArrayList<>(List.of(common));
        args.addAll(List.of("--weight", "delay"));
        String delay = run(args.toArray(new String[0]));
        List<Integer> byDelay = placement(delay);
        assertEquals(byDelay.get(0), byDelay.get(2), delay);
        assertEquals(byDelay.get(1), byDelay.get(3), delay);
        assertTrue(!byDelay.get(0).equals(byDelay.get(1)), delay);
        assertEquals(2097152, proposedHopBytes(delay), delay);
    }

    /** A run without waiting has a path of one segment, and why says so in the singular (testdata/diff/balanced). */
    @Test
    void oneSegmentInTheSingular() {
        String text = run("why", TESTDATA.resolve("diff/balanced/traces.otf2").toString(), "-q");
        assertTrue(text.contains(" MPI; 1 segment\n"), text);
    }

    /**
     * graph --weight critical has an edge for each pair the path jumps between, one with neither a message nor a wait too:
     * testdata/late-reduce/a (make-late-reduce.py) jumps from the reduce's root, rank 0, to its last member, rank 2, with
     * 10 us of the call after it, where only {0, 1} (the early-reduce wait) had an edge.
     */
    @Test
    void aJumpThroughAReduceIsAnEdgeOfTheCriticalWeight() {
        String dot = run("graph", TESTDATA.resolve("late-reduce/a").toString(), "--weight", "critical", "--format", "dot", "--graph", "full", "-q");
        Matcher edge = Pattern.compile("n0 -- n2 \\[[^\\]]*").matcher(dot);
        assertTrue(edge.find(), dot);
        assertEquals(1e-5, attribute(edge.group(), "critical"), 1e-12);
        assertEquals(1e-5, attribute(edge.group(), "w"), 1e-12);
    }

    /**
     * The critical and delay weights are read over every rank (as why reads them): under --ranks 0,2 of delays-4 the graph
     * had the whole run's 6 edges, among them 0-1 and 2-3 with ranks 1 and 3 left out, and its 931 ms of waiting, with exit
     * 0 (--weight avg: no edge, 0 ms). Refused now as a usage error, no file written.
     */
    @Test
    void criticalAndDelayWeightsRefuseRanks(@org.junit.jupiter.api.io.TempDir Path dir) {
        for (String weight : new String[] {"critical", "delay"}) {
            Path out = dir.resolve(weight + ".csv");
            SubcommandsTest.Run r = SubcommandsTest.igtrace(TESTDATA.resolve("otf2/delays-4").toString(), "--ranks", "0,2", "--weight", weight,
                    "-o", out.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("igtrace: --weight " + weight + " is measured over every rank"), r.err());
            assertTrue(!java.nio.file.Files.exists(out), out.toString());
        }
    }
}
