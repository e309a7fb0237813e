package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The graph command's usual command lines bound without picocli ({@link GraphArguments}) against picocli's parse of
 * them with the run model ({@link GraphRunModel}, itself checked against the annotations): the same fields set, and
 * every command line it cannot bind exactly left to picocli.
 */
class GraphArgumentsTest {
    private static String bound(String... args) throws IllegalAccessException {
        GraphCommand g = GraphArguments.bind(new IgtraceCommand(), args);
        return g == null ? null : GraphRunModelTest.fields(g, 0);
    }

    @Test
    void usualCommandLinesAreBoundAsPicocliBindsThem() throws Exception {
        String[][] lines = {
            {"graph", "t.otf2"},
            {"graph", "dir/traces.otf2", "-o", "g.dot"},
            {"graph", "t.otf2", "-q", "-o", "out.csv", "--format", "csv"},
            {"graph", "-o", "g.dot", "--format", "DOT", "--graph", "tree", "--weight", "wait", "--recalc", "paper", "t.otf2"},
            {"graph", "t.otf2", "--format", "GraphML", "--graph", "TREE", "--weight", "Bytes", "--recalc", "NONE"},
            {"graph", "t.otf2", "--collectives", "--no-waits", "--stats", "--timing", "--clock-correction", "none"},
            {"graph", "t.otf2", "--skip-missing", "--skip-damaged", "-j", "3", "--temp-dir", "/tmp", "--window", "1s:2s",
                "--ranks", "0-3", "--region", "main"},
            {"graph", "t.otf2", "--output=o.graphml", "--threads=2", "--weight=critical", "--window=:5ms"},
            {"graph", "t.otf2", "--quiet", "--threads", "0", "--clock-correction=OFFSETS"},
            {"graph", "t.otf2", "--region", "MPI_Send", "--ranks", "1,3", "-o", "out.mtx"},
            {"graph", "a b/c d.otf2", "-o", "x y.dot"},
        };
        for (String[] line : lines) {
            String fast = bound(line);
            assertNotNull(fast, String.join(" ", line) + " is bound without picocli");
            assertEquals(GraphRunModelTest.parse(GraphRunModelTest.built(), line), fast, String.join(" ", line));
        }
    }

    @Test
    void whatPicocliMayReadOtherwiseIsLeftToIt() throws Exception {
        String[][] lines = {
            {"graph"},
            {"graph", "-o", "g.dot"},
            {"graph", "t.otf2", "second"},
            {"graph", "t.otf2", "-qo", "x.csv"},
            {"graph", "t.otf2", "-ox.csv"},
            {"graph", "t.otf2", "-j3"},
            {"graph", "t.otf2", "-j"},
            {"graph", "t.otf2", "-j", "x"},
            {"graph", "t.otf2", "-j", "010"},
            {"graph", "t.otf2", "-j", "+2"},
            {"graph", "t.otf2", "-j", "-1"},
            {"graph", "t.otf2", "-j", "99999999999"},
            {"graph", "t.otf2", "--weight", "wat"},
            {"graph", "t.otf2", "--frmat", "dot"},
            {"graph", "t.otf2", "--out", "g.dot"},
            {"graph", "t.otf2", "--collectives=false"},
            {"graph", "t.otf2", "--quiet", "-q"},
            {"graph", "t.otf2", "-o", "a.dot", "--output", "b.dot"},
            {"graph", "t.otf2", "--", "-o"},
            {"graph", "t.otf2", "-"},
            {"graph", "t.otf2", "-o", "-"},
            {"graph", ""},
            {"graph", "t.otf2", "-o", ""},
            {"graph", "t.otf2", "--output="},
            {"graph", "t.otf2", "-o", "--stats"},
            {"graph", "t.otf2", "--window", "-5ms:"},
            {"graph", "t.otf2", "--topology", "star"},
            {"graph", "t.otf2", "--placement", "p.map"},
            {"graph", "t.otf2", "--centre", "1"},
            {"graph", "t\0.otf2"},
            {"graph", "t.otf2", "-o", "g\0.dot"},
            {"graph", "t.otf2", "-h"},
            {"graph", "t.otf2", "--help"},
            {"graph", "t.otf2", "-V"},
            {"stats", "t.otf2"},
        };
        for (String[] line : lines) {
            assertNull(bound(line), String.join(" ", line));
        }
        System.setProperty("picocli.trimQuotes", "true"); // picocli would take the quotes off: it parses
        try {
            assertNull(bound("graph", "\"t.otf2\""));
        } finally {
            System.clearProperty("picocli.trimQuotes");
        }
        assertNotNull(bound("graph", "\"t.otf2\""));
    }

    /** A usage error the command itself finds names the command as picocli's handler did. */
    @Test
    void aUsageErrorOfABoundCommandLineNamesTheCommand() {
        SubcommandsTest.Run usage = SubcommandsTest.igtrace("graph", "t.otf2", "-j", "300");
        assertEquals(2, usage.code());
        assertEquals(List.of("igtrace: --threads 300 is out of range: give 1 to 256 threads, or leave the option out for one per core",
                "Try 'igtrace graph --help' for more information."), usage.err().lines().toList());
    }
}
