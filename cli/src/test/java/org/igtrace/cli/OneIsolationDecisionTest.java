package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a read runs (this JVM, or the whole command again in a child JVM) is decided in one place,
 * the front door {@link TraceSession} (issue 35, "Reading: one front door"). Before, it was decided
 * there, in {@code SelectedReading.profileOf} (a selection read without analyses) and in
 * {@code DiffCommand} (once for its two traces, naming the first OTF2 trace whichever crashed).
 */
class OneIsolationDecisionTest {
    private static final Path MAIN = Path.of("src/main/java/org/igtrace/cli");
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    /** Every place in cli's main sources that asks whether to isolate, or runs the command isolated. */
    @Test
    void theIsolationIsDecidedAndRunInTraceSessionAlone() throws IOException {
        List<String> places = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String code = lines.get(i).strip();
                    if (code.startsWith("*") || code.startsWith("//")) {
                        continue;
                    }
                    if (code.contains("IsolatedCommand.needed(") || code.contains("IsolatedCommand.run(")) {
                        places.add(MAIN.relativize(f) + ": " + code);
                    }
                }
            }
        }
        assertEquals(2, places.size(), String.join("\n", places));
        for (String p : places) {
            assertEquals("TraceSession.java", p.substring(0, p.indexOf(':')), String.join("\n", places));
        }
    }

    /**
     * diff on two OTF2 traces read in-process with isolation on runs whole in a child JVM, and a child
     * that dies while reading the second trace (as a JVM crashing in libotf2 leaves: halted, exit
     * status 1, no exit note) is one line naming that trace, exit code 1, nothing on standard output.
     * Before: the child was not told which trace it read, and a death with status 1 passed as an
     * ordinary exit 1 with nothing said (and the line named the first trace whichever crashed).
     */
    @Test
    void diffIsolatesBothTracesAndACrashNamesTheTraceBeingRead(@TempDir Path dir) throws Exception {
        Path a = TESTDATA.resolve("otf2/pi-4");
        Path b = copy(a, dir.resolve("b"));
        Path anchor = b.resolve("eztrace_log.otf2");
        String isolate = System.getProperty("igtrace.isolate");
        System.setProperty("igtrace.isolate", "true");
        System.setProperty("igtrace.test.haltReading", anchor.toString());
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code;
        try {
            code = IgtraceCommand.run(out, new PrintWriter(err, true), "diff", a.toString(), b.toString(), "-q");
        } finally {
            System.clearProperty("igtrace.test.haltReading");
            if (isolate == null) {
                System.clearProperty("igtrace.isolate");
            } else {
                System.setProperty("igtrace.isolate", isolate);
            }
        }
        assertEquals(1, code, err.toString());
        assertEquals(List.of("igtrace: " + anchor + ": libotf2 crashed while reading the archive (the reader process died); the archive is damaged"),
                err.toString().lines().toList());
        assertEquals("", out.toString());
        assertFalse(ReaderCrashTest.hsErrFilesIn(Path.of("").toAbsolutePath()), "no hs_err file in the working directory");
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
        return to;
    }
}
