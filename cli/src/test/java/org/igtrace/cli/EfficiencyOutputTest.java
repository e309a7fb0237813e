package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * definitions section 10's efficiency and lost time in the outputs of {@code igtrace graph} (GraphML, DOT) and
 * {@code igtrace stats} (text, CSV, JSON), on delays-4 (testdata/programs/delays.c traced by
 * EZTrace). The checks are definitions section 10's identities, read back by networkx and Python's json and csv:
 * per process useful + lost_idle + lost_wait + lost_transfer = runtime, useful = time - comm_time,
 * lost_wait = the process's waiting, runtime = max time.
 */
class EfficiencyOutputTest {
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

    @Tag("slow")
    @Test
    void graphmlCarriesEfficiencyThatAddsUp() throws Exception {
        Path graphml = dir.resolve("e.graphml");
        Run r = igtrace(TRACE, "-q", "-o", graphml.toString());
        assertEquals(0, r.code, r.err);
        String out = SubcommandsTest.python(String.join("\n",
                "import sys, networkx as nx",
                "g = nx.read_graphml(sys.argv[1])",
                "T = g.graph['runtime']",
                "ds = [d for _, d in g.nodes(data=True)]",
                "assert len(ds) == 4",
                "assert abs(T - max(d['time'] for d in ds)) < 1e-12, 'T = max T_i'",
                "for d in ds:",
                "    assert abs(d['useful'] + d['lost_idle'] + d['lost_wait'] + d['lost_transfer'] - T) < 1e-9, d",
                "    assert abs(d['useful'] - (d['time'] - d['comm_time'])) < 1e-9, d",
                "    assert abs(d['efficiency'] - d['useful'] / T) < 1e-12, d",
                "    assert abs(d['lost_wait'] - d['wait']) < 1e-12, d",
                "u = [d['useful'] for d in ds]",
                "assert abs(g.graph['load_balance'] - sum(u) / 4 / max(u)) < 1e-12",
                "assert abs(g.graph['communication_efficiency'] - max(u) / T) < 1e-12",
                "assert abs(g.graph['parallel_efficiency'] - sum(u) / 4 / T) < 1e-12",
                "assert 'ideal_runtime' not in g.graph, 'no replay, no T_ideal'",
                "print(g.nodes['n1']['lost_wait'] >= 0.05)"), graphml.toString());
        assertEquals("True", out, "rank 1 waits at least its 50 ms late sender (delays.c)");
    }

    /** DOT carries the same numbers as data attributes; the drawn labels stay rank and w. */
    @Test
    void dotCarriesEfficiencyAsDataNotLabels() {
        Run r = igtrace(TRACE, "--format", "dot", "-q");
        assertEquals(0, r.code, r.err);
        for (String name : List.of("runtime", "load_balance", "communication_efficiency", "parallel_efficiency")) {
            assertTrue(r.out.contains("\n  \"" + name + "\"=\""), name + ": " + r.out);
        }
        List<String> nodes = r.out.lines().filter(l -> l.matches("  n\\d \\[.*")).toList();
        assertEquals(4, nodes.size(), r.out);
        for (String node : nodes) {
            for (String name : List.of("useful", "efficiency", "lost_idle", "lost_wait", "lost_transfer")) {
                assertTrue(node.contains(" " + name + "=\""), name + ": " + node);
            }
            assertTrue(node.matches("  n\\d \\[ label=\"\\d\\\\nw=[0-9.e-]+\" .*"), node);
        }
    }

    /** Without the wait analysis there is no lost_wait, so no efficiency attribute at all. */
    @Test
    void noWaitsNoEfficiency() {
        Run r = igtrace(TRACE, "--format", "dot", "--no-waits", "-q");
        assertEquals(0, r.code, r.err);
        assertFalse(r.out.contains("useful=") || r.out.contains("\"runtime\""), r.out);
    }

    /** stats JSON: the efficiency object and per-process fields obey the same identities; CSV has the columns; text the POP line. */
    @Test
    void statsCarriesEfficiencyThatAddsUp() throws Exception {
        Path json = dir.resolve("s.json");
        Run r = igtrace("stats", TRACE, "-q", "-o", json.toString());
        assertEquals(0, r.code, r.err);
        String out = SubcommandsTest.python(String.join("\n",
                "import sys, json",
                "d = json.load(open(sys.argv[1]))",
                "e, ps = d['efficiency'], d['processes']",
                "T = e['runtime']",
                "assert len(ps) == 4 and abs(T - max(p['time'] for p in ps)) < 1e-12",
                "for p in ps:",
                "    assert abs(p['useful'] + p['lost_idle'] + p['lost_wait'] + p['lost_transfer'] - T) < 1e-9, p",
                "    assert abs(p['useful'] - (p['time'] - p['comm_time'])) < 1e-9, p",
                "    assert abs(p['efficiency'] - p['useful'] / T) < 1e-12, p",
                "    assert abs(p['lost_wait'] - p['wait']) < 1e-12, p",
                "u = [p['useful'] for p in ps]",
                "assert abs(e['load_balance'] - sum(u) / 4 / max(u)) < 1e-12",
                "assert abs(e['communication_efficiency'] - max(u) / T) < 1e-12",
                "assert abs(e['parallel_efficiency'] - sum(u) / 4 / T) < 1e-12",
                "print(sorted(e))"), json.toString());
        assertEquals("['communication_efficiency', 'load_balance', 'parallel_efficiency', 'runtime']", out);

        Path csv = dir.resolve("s.csv");
        assertEquals(0, igtrace("stats", TRACE, "-q", "-o", csv.toString()).code);
        String rows = SubcommandsTest.python(String.join("\n",
                "import sys, csv",
                "rows = list(csv.DictReader(open(sys.argv[1])))",
                "T = max(float(r['time']) for r in rows)",
                "print(len(rows), all(abs(sum(float(r[k]) for k in ('useful', 'lost_idle', 'lost_wait', 'lost_transfer')) - T) < 1e-9"
                        + " for r in rows))"), csv.toString());
        assertEquals("4 True", rows);

        Run text = igtrace("stats", TRACE);
        assertEquals(0, text.code, text.err);
        List<String> lines = text.out.lines().toList();
        int pop = lines.indexOf(lines.stream().filter(l -> l.startsWith("POP: run time T ")).findFirst().orElseThrow());
        assertTrue(lines.get(pop).matches("POP: run time T [0-9.]+ ms, load balance 0\\.\\d{3}, communication efficiency 0\\.\\d{3}, "
                + "parallel efficiency 0\\.\\d{3}"), lines.get(pop));
        assertTrue(lines.get(pop + 1).matches("rank +useful +efficiency +lost idle +lost wait +lost transfer"), lines.get(pop + 1));
        assertEquals(pop + 6, lines.size(), "one row per rank: " + text.out);
    }
}
