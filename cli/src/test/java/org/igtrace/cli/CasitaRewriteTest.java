package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CASITA's output for a Score-P run (testdata/otf2/casita-mpi-tags-10, from its own test data) holds the run's events as
 * Score-P wrote them (scorep-mpi-tags-10) with 1,149 metric events added ("Blame", "Waiting Time", "Critical Path") and
 * no local definition files: every number igtrace derives from it is the original run's, and only a note tells the two
 * apart.
 */
class CasitaRewriteTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The output without its list of notes (JSON's "diagnostics", which names the missing local definitions). */
    private static String numbers(String out) {
        int notes = out.indexOf("\"diagnostics\"");
        return notes < 0 ? out : out.substring(0, notes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "graph", "why"})
    void theRewriteGivesTheOriginalRunsNumbers(String command) {
        String csv = command.equals("graph") ? "--format=csv" : "--format=json";
        Run original = igtrace(command, TESTDATA.resolve("otf2/scorep-mpi-tags-10").toString(), csv);
        Run rewrite = igtrace(command, TESTDATA.resolve("otf2/casita-mpi-tags-10").toString(), csv);
        assertEquals(0, original.code(), original.err());
        assertEquals(0, rewrite.code(), rewrite.err());
        assertEquals(numbers(original.out()).replace("scorep-mpi-tags-10/traces.otf2", "X"),
                numbers(rewrite.out()).replace("casita-mpi-tags-10/casita.otf2", "X"));
        assertTrue(rewrite.out().length() > 300, rewrite.out());
        assertTrue(rewrite.err().contains("no local definition files (casita/*.def)"), rewrite.err());
    }
}
