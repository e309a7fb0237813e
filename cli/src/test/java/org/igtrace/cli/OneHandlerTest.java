package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Errors by picocli's model: the commands throw, the one handler in {@link IgtraceCommand} says the line and picks
 * the exit code. Before, why and diff said a selection's usage error in words of their own ("igtrace why: ...",
 * or the bare message without "igtrace:" and without the hint to --help when the trace refuted --ranks).
 */
class OneHandlerTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    /** pi-4: 4 processes, ranks 0-3. */
    private static final String PI4 = TESTDATA.resolve("otf2/pi-4").toString();
    private static final String PI8 = TESTDATA.resolve("otf2/pi-8").toString();
    private static final List<String> COMMANDS = List.of("graph", "stats", "timeline", "report", "why", "diff");

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The command with its trace (diff: the trace twice) and further arguments. */
    private static String[] line(String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, PI4));
        if (command.equals("diff")) {
            args.add(PI4);
        }
        args.addAll(List.of(more));
        args.add("-q");
        return args.toArray(new String[0]);
    }

    @Test
    void aRankTheTraceDoesNotHaveIsTheSameUsageErrorInEveryCommand() {
        for (String command : COMMANDS) {
            Run r = igtrace(line(command, "--ranks", "9"));
            assertEquals(2, r.code, command + ": " + r.err);
            assertEquals(List.of("igtrace: --ranks: rank 9 is not in the trace, which has 4 processes (ranks 0-3)",
                    "Try 'igtrace " + command + " --help' for more information."), r.err.lines().toList(), command);
        }
    }

    @Test
    void aWindowThatDoesNotParseIsTheSameUsageErrorInEveryCommand() {
        for (String command : COMMANDS) {
            Run r = igtrace(line(command, "--window", "9:1"));
            assertEquals(2, r.code, command + ": " + r.err);
            assertEquals(List.of("igtrace: --window '9:1': '9' needs a unit (s, ms, us or ns)",
                    "Try 'igtrace " + command + " --help' for more information."), r.err.lines().toList(), command);
        }
    }

    /** Two runs of different numbers of processes: one line naming both files, exit 1 (no usage hint). */
    @Test
    void diffOfRunsOfDifferentSizesIsOneLine() {
        Run r = igtrace("diff", PI4, PI8, "-q");
        assertEquals(1, r.code, r.err);
        List<String> lines = r.err.lines().toList();
        assertEquals(1, lines.size(), r.err);
        assertEquals("igtrace: ", lines.get(0).substring(0, "igtrace: ".length()), r.err);
        assertEquals(true, lines.get(0).contains("pi-4") && lines.get(0).contains("pi-8") && lines.get(0).contains("has 4 processes"),
                r.err);
    }

    /** A temporary file that could not be read back (an UncheckedIOException out of any command): its one line, exit 1. */
    @Test
    void anUncheckedIoErrorIsOneLineNotAnInternalError() {
        StringWriter err = new StringWriter();
        int code = IgtraceCommand.exitCode(new UncheckedIOException("/tmp/t: cannot read the region slices back from the temporary file (gone)",
                new IOException("gone")), new PrintWriter(err, true), IgtraceCommand.commandLine());
        assertEquals(1, code);
        assertEquals(List.of("igtrace: /tmp/t: cannot read the region slices back from the temporary file (gone)"), err.toString().lines().toList());
    }
}
