package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * Every DOT igtrace makes must be read by Graphviz without a word (issue 13 item 8: a topology's
 * {@code node} attribute is a DOT keyword): each combination of --graph, --weight, --topology
 * kind and --collectives on a VampirTrace-format synthetic trace (read in this JVM), and the wait
 * weight on an EZTrace trace with every wait pattern, goes through {@code dot -Tsvg}; exit 0 and an empty standard error.
 */
class DotThroughGraphvizTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @Tag("slow")
    @Test
    void graphvizReadsEveryDot() throws Exception {
        List<List<String>> runs = new ArrayList<>();
        String trace = TESTDATA.resolve("otf1/synth-z").toString(), delays = TESTDATA.resolve("otf2/delays-4").toString();
        {
            for (String collectives : new String[] {"", "--collectives"}) {
                for (String graph : new String[] {"full", "tree"}) {
                    for (String weight : new String[] {"avg", "bytes", "messages", "wait"}) {
                        runs.add(args(trace, collectives, "--graph", graph, "--weight", weight));
                    }
                }
                for (String topology : new String[] {"ring", "star", "bus", "mesh:2x2", "torus:2x2x1", "tree"}) {
                    runs.add(args(trace, collectives, "--topology", topology));
                }
            }
        }
        // the OTF2 reader runs in a child JVM: on the trace with real waits, only the wait-specific cases
        runs.add(args(delays, "", "--graph", "full", "--weight", "wait"));
        runs.add(args(delays, "--collectives", "--graph", "tree", "--weight", "wait"));
        runs.add(args(delays, "--collectives", "--topology", "ring", "--weight", "wait"));
        for (List<String> run : runs) {
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = IgtraceCommand.run(out, new PrintWriter(err, true), run.toArray(String[]::new));
            assertEquals(0, code, run + ": " + err);
            Process dot = new ProcessBuilder("dot", "-Tsvg").start();
            dot.getOutputStream().write(out.toString().getBytes(StandardCharsets.UTF_8));
            dot.getOutputStream().close();
            byte[] svg = dot.getInputStream().readAllBytes();
            String complaints = new String(dot.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(dot.waitFor(60, TimeUnit.SECONDS));
            assertEquals("", complaints, run.toString());
            assertEquals(0, dot.exitValue(), run.toString());
            assertTrue(new String(svg, StandardCharsets.UTF_8).contains("<svg"), run.toString());
        }
        assertEquals(2 * (2 * 4 + 6) + 3, runs.size());
    }

    /**
     * networkx reads DOT through pydot, which refuses a node attribute called {@code name} ("Node.__init__() got multiple
     * values for argument 'name'"): the process's name travels as process_name, and every data attribute arrives. The
     * synthetic run (testdata/SOURCES.md): 4 processes named "Process 0" to "Process 3" in its definitions.
     */
    @Test
    void networkxReadsTheDotThroughPydot() throws Exception {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), TESTDATA.resolve("otf1/synth-z").toString(), "--format", "dot",
                "-q"), err.toString());
        String read = SubcommandsTest.python(String.join("\n", "import io, sys, networkx",
                "g = networkx.nx_pydot.read_dot(io.StringIO(sys.argv[1]))",
                // pydot 1.4.2 adds a node "\\n" of no attribute (a line break it reads as a node): the processes' are n0-n3
                "print(sorted((n, d['process_name'].strip('\"'), d['w'].strip('\"')) for n, d in g.nodes(data=True) if n.startswith('n')))"),
                out.toString());
        assertTrue(read.startsWith("[('n0', 'Process 0', "), read);
        assertTrue(read.contains("('n3', 'Process 3', "), read);
    }

    /**
     * Graphviz refuses a quoted string over 16,384 bytes ("syntax error ... longer than 16384?"): a trace's host name of
     * 16,400 bytes made igtrace's whole DOT file unreadable. A long name goes in quoted parts joined with DOT's +, which
     * Graphviz reads back as the one name, every character of it (here 20,000: "h" and "\u00e9" in turn, 30,000 bytes,
     * and a double quote and a backslash at a part's border).
     */
    @Test
    void aNameLongerThanGraphvizsStringLimitIsReadWhole() throws Exception {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            name.append(i == 999 ? '"' : i == 1000 ? '\\' : i % 2 == 0 ? 'h' : '\u00e9');
        }
        String dot = "graph g {\n  a [host=" + org.igtrace.formats.Escape.dotQuoted(name.toString()) + "];\n}\n";
        Process canon = new ProcessBuilder("dot", "-Tcanon").start();
        canon.getOutputStream().write(dot.getBytes(StandardCharsets.UTF_8));
        canon.getOutputStream().close();
        String out = new String(canon.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String complaints = new String(canon.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(canon.waitFor(60, TimeUnit.SECONDS));
        assertEquals("", complaints);
        assertEquals(0, canon.exitValue());
        // -Tcanon writes the value back as one quoted string, escaped as DOT escapes it
        String expected = "host=\"" + org.igtrace.formats.Escape.dot(name.toString()) + "\"";
        assertTrue(out.contains(expected), out.length() + " characters: " + out.substring(0, Math.min(200, out.length())));
    }

    private static List<String> args(String trace, String collectives, String... more) {
        List<String> a = new ArrayList<>(List.of(trace, "--format", "dot", "-q"));
        if (!collectives.isEmpty()) {
            a.add(collectives);
        }
        a.addAll(List.of(more));
        return a;
    }
}
