package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wait states in the outputs, on delays-4 (testdata/programs/delays.c traced by EZTrace): its
 * header table says who waits how long; GraphML is read back by networkx, DOT by Graphviz.
 */
class WaitOutputTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String TRACE = TESTDATA.resolve("otf2/delays-4").toString();

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String command(String input, String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (input != null) {
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /**
     * networkx reads every wait attribute back: rank 1's late sender wait is the program's 50 ms
     * (within the [-1, +5] ms tolerance DelaysTraceTest justifies), rank 2's early reduce 100 ms,
     * each vertex's wait is the sum of its patterns, and the edge {0,1} carries 220 ms (late
     * sender 50 + N x N 80 + broadcast 90).
     */
    @Tag("slow")
    @Test
    void graphmlCarriesWaitAttributesNetworkxReads() throws Exception {
        Path graphml = dir.resolve("d.graphml");
        assertEquals(0, igtrace(TRACE, "-q", "-o", graphml.toString()).code);
        String out = command(null, "/usr/bin/python3", "-c", String.join("\n",
                "import sys, networkx as nx",
                "g = nx.read_graphml(sys.argv[1])",
                "pats = ['wait_late_sender', 'wait_late_receiver', 'wait_barrier', 'wait_nxn', 'wait_late_broadcast', 'wait_early_reduce']",
                "assert all(abs(sum(d[p] for p in pats) - d['wait']) < 1e-9 for _, d in g.nodes(data=True))",
                "print(g.nodes['n1']['wait_late_sender'], g.nodes['n2']['wait_early_reduce'], g.edges['n0', 'n1']['wait'],",
                "      g.graph['clock_conflicts'], g.graph['clock_conflicts_after'], g.graph['clock_drift'], g.nodes['n0']['clock_offset'] > 0.01)"),
                graphml.toString());
        String[] f = out.strip().split(" ");
        assertWithin(50, Double.parseDouble(f[0]));
        assertWithin(100, Double.parseDouble(f[1]));
        assertTrue(Double.parseDouble(f[2]) > 0.217 && Double.parseDouble(f[2]) < 0.235, out);
        assertEquals("0 0 False True", f[3] + " " + f[4] + " " + f[5] + " " + f[6]);
    }

    private static void assertWithin(double ms, double seconds) {
        assertTrue(seconds >= (ms - 1) / 1000 && seconds <= (ms + 5) / 1000, ms + " ms expected, got " + seconds);
    }

    /**
     * --weight wait builds the tree on waiting: of the pair waits worked out in DelaysTraceTest,
     * {0,1} (220 ms) and {0,3} (160 ms) are the heaviest and join 0, 1, 3; rank 2 joins by its
     * heaviest pair. Graphviz draws the DOT without a complaint, and the DOT carries the same attributes.
     */
    @Tag("slow")
    @Test
    void weightWaitInGraphmlAndDot() throws Exception {
        Run dot = igtrace(TRACE, "--weight", "wait", "--graph", "tree", "--format", "dot", "-q");
        assertEquals(0, dot.code, dot.err);
        List<String> edges = dot.out.lines().filter(l -> l.contains(" -- ")).toList();
        assertEquals(3, edges.size(), dot.out);
        assertTrue(edges.stream().anyMatch(l -> l.startsWith("  n0 -- n1 ")), dot.out);
        assertTrue(edges.stream().anyMatch(l -> l.startsWith("  n0 -- n3 ")), dot.out);
        assertTrue(dot.out.contains("\"edge_weight\"=\"wait\";"), dot.out);
        assertTrue(dot.out.contains(" wait_late_sender=\""), dot.out);
        assertTrue(command(dot.out, "dot", "-Tsvg").contains("<svg"));

        Run full = igtrace(TRACE, "--weight", "wait", "--format", "dot", "-q");
        // every pair of the 4 ranks waited for each other in some collective: 6 edges, 2 of them with traffic
        assertEquals(6, full.out.lines().filter(l -> l.contains(" -- ")).count(), full.out);
        double to2 = 0;
        for (String l : full.out.lines().filter(l -> l.contains(" -- ") && l.contains("n2")).toList()) {
            to2 = Math.max(to2, attribute(l, "wait"));
        }
        String treeEdgeTo2 = edges.stream().filter(l -> l.contains("n2")).findFirst().orElseThrow();
        assertEquals(to2, attribute(treeEdgeTo2, "wait"), 1e-12);

        Path graphml = dir.resolve("w.graphml");
        assertEquals(0, igtrace(TRACE, "--weight", "wait", "--graph", "tree", "-q", "-o", graphml.toString()).code);
        String out = command(null, "/usr/bin/python3", "-c", String.join("\n",
                "import sys, networkx as nx",
                "g = nx.read_graphml(sys.argv[1])",
                "print(g.number_of_edges(), all(abs(d['weight'] - d['wait']) < 1e-12 or d['weight'] > d['wait'] for _, _, d in g.edges(data=True)))"),
                graphml.toString());
        assertEquals("3 True", out.strip(), "tree weights are waits, recalculated upwards along the tree");
    }

    private static double attribute(String line, String name) {
        Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(line);
        assertTrue(m.find(), line);
        return Double.parseDouble(m.group(1));
    }

    /** The --stats table: one row per pattern in the program's order of delays, and the total. */
    @Test
    void statsTablePerPattern() {
        Run r = igtrace(TRACE, "--stats", "-o", dir.resolve("s.graphml").toString());
        assertEquals(0, r.code, r.err);
        List<String> lines = r.err.lines().toList();
        assertTrue(lines.get(0).contains("; waiting ") && lines.get(0).contains("clocks corrected by offsets up to"), lines.get(0));
        // the summary may take more than one line (long notes get their own); the table follows it
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("igtrace: pattern ")).findFirst().orElseThrow());
        assertTrue(lines.get(header).matches("igtrace: pattern +waiting +of time +most \\(rank\\)"), lines.get(header));
        // a sum over processes is said to be one (issue 39, item 5: "waiting 80.0 s (13.2% of the run)" on a 38 s run)
        assertEquals("igtrace: waiting per pattern, summed over 4 processes (of time: of their times T_i added up)", lines.get(header - 1));
        assertTrue(lines.get(0).contains("waiting 931 ms summed over 4 processes (49.1% of their time)"), lines.get(0));
        String[] labels = {"late sender", "late receiver", "wait at barrier", "wait at N x N", "late broadcast", "early reduce", "all"};
        // total waiting by the table: 50 + 60 + 3 x 70 + 3 x 80 + 3 x 90 + 100 = 930 ms
        double[] ms = {50, 60, 210, 240, 270, 100, 930};
        for (int i = 0; i < labels.length; i++) {
            String row = lines.get(header + 1 + i);
            assertTrue(row.startsWith("igtrace: " + labels[i] + " "), row);
            Matcher m = Pattern.compile(" ([0-9.]+) (ms|s) ").matcher(row.substring(9 + labels[i].length()));
            assertTrue(m.find(), row);
            double v = Double.parseDouble(m.group(1)) * (m.group(2).equals("s") ? 1000 : 1);
            int instances = i == 6 ? 10 : (i >= 2 && i <= 4 ? 3 : 1);
            assertTrue(v >= ms[i] - instances && v <= ms[i] + 5 * instances, row);
        }
    }

    @Test
    void noWaitsLeavesThemOutAndConflictsWithWaitOptions() throws Exception {
        Run r = igtrace(TRACE, "--no-waits", "--format", "dot", "-q");
        assertEquals(0, r.code);
        assertFalse(r.out.replace(TRACE, "").contains("wait"), r.out); // the trace's path may hold the word (a checkout in .../waits)
        assertFalse(r.out.contains("clock_offset"), r.out);
        assertEquals(2, igtrace(TRACE, "--no-waits", "--weight", "wait").code);
        assertEquals(2, igtrace(TRACE, "--no-waits", "--stats").code);
        Run bad = igtrace(TRACE, "--clock-correction", "ntp");
        assertEquals(2, bad.code);
        assertTrue(bad.err.contains("'ntp': expected one of offsets, none"), bad.err);
        Run none = igtrace(TRACE, "--clock-correction", "none", "-o", dir.resolve("n.graphml").toString());
        assertEquals(0, none.code);
        // the summary line ends here or goes on with short notes (long ones have lines of their own)
        assertTrue(Pattern.compile("(?m)clocks not corrected, 0 clock conflicts(;|$)").matcher(none.err).find(), none.err);
        assertTrue(Files.readString(dir.resolve("n.graphml")).contains("<data key=\"g_clock_correction\">none</data>"));
    }
}
