package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/** The progress bar, --timing and --threads, as a user sees them. */
class ProgressAndTimingTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @Test
    void barTextShowsShareAndAmounts() {
        assertEquals("reading [###############...............]  50%  50.8 M of 101.6 M events",
                ProgressBar.line(50_803_264, 101_606_528, "events"));
        assertEquals("reading [..............................]   0%  0 of 1.5 k bytes", ProgressBar.line(0, 1500, "bytes"));
        assertEquals("reading [##############################] 100%  2.0 G of 2.0 G events",
                ProgressBar.line(2_000_000_000L, 2_000_000_000L, "events"));
        // more read than announced (EZTrace 2.0 announces 2 events per location): a count only
        assertEquals("reading 1.9 k events", ProgressBar.line(1904, 8, "events"));
    }

    /**
     * Under a terminal (util-linux's script gives igtrace a pseudo-terminal) the bar is drawn and
     * then erased; with --quiet, or when standard error is not a terminal, it is not drawn. The
     * one-second delay is lowered to 0 so that a small trace shows it. Three igtrace processes, each
     * with its reader process: tag slow (-Pfull); barTextShowsShareAndAmounts runs by default.
     */
    @Tag("slow")
    @Test
    void barIsDrawnOnlyOnATerminalAndNotWhenQuiet(@TempDir Path dir) throws Exception {
        String trace = TESTDATA.resolve("otf2/jacobi-8").toString();
        String terminal = underTerminal(dir, trace);
        assertTrue(terminal.contains("\rreading "), terminal);
        assertTrue(terminal.contains("\r\u001b[Kigtrace: 8 processes"), "the bar is erased before the summary: " + terminal);
        assertFalse(underTerminal(dir, trace, "--quiet").contains("reading"), "--quiet draws no bar");

        Process p = java(dir, trace).redirectErrorStream(false).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertFalse(err.contains("reading"), "standard error is a pipe here: " + err);
    }

    private static String underTerminal(Path dir, String trace, String... more) throws Exception {
        return underTerminal(dir, java(dir, trace, more).command());
    }

    /**
     * What a terminal shows of {@code command} run under util-linux's script (a pseudo-terminal), which must exit 0:
     * standard output and error as they reach it, with the carriage returns and escapes that draw and erase lines.
     */
    static String underTerminal(Path dir, List<String> command) throws Exception {
        StringBuilder quoted = new StringBuilder();
        for (String a : command) {
            quoted.append('\'').append(a.replace("'", "'\\''")).append("' ");
        }
        Path typescript = dir.resolve("typescript");
        Process p = new ProcessBuilder("script", "-q", "-e", "-c", quoted.toString(), typescript.toString())
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        return Files.readString(typescript);
    }

    private static ProcessBuilder java(Path dir, String trace, String... more) {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Digtrace.progress.delay=0", "-Digtrace.otf2.batch=16",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), trace, "-o", dir.resolve("g.graphml").toString()));
        command.addAll(List.of(more));
        return new ProcessBuilder(command);
    }

    /**
     * jacobi-8 by otf2-print: 4408 events in the 8 ranks' locations (the reader test checks that count),
     * read once whatever the wait analysis does (issue 15: the profile and the match records come
     * out of the same read; the records are joined afterwards, the events not read again).
     */
    @ParameterizedTest
    @CsvSource({"offsets,1 pass", "none,1 pass", "no-waits,1 pass"})
    void timingLineGivesPhasesAndTheEventsRead(String correction, String passes) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        String[] waits = correction.equals("no-waits") ? new String[] {"--no-waits"} : new String[] {"--clock-correction", correction};
        List<String> args = new java.util.ArrayList<>(List.of(TESTDATA.resolve("otf2/jacobi-8").toString(), "--timing", "-j", "2"));
        args.addAll(List.of(waits));
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args.toArray(new String[0]));
        assertEquals(0, code, err.toString());
        Matcher m = Pattern.compile("igtrace: timing: read (\\d+\\.\\d\\d) s \\(4\\.4 k events, " + passes + ", [0-9.]+ [kMG]?/s; "
                + "before the first event \\d+\\.\\d\\d s, after the last event \\d+\\.\\d\\d s\\), "
                + "graph \\d+\\.\\d\\d s, output \\d+\\.\\d\\d s").matcher(err.toString());
        assertTrue(m.find(), err.toString());
    }

    /**
     * predict's --timing line ends with this JVM's CPU time by phase: the read, the calibration (with the replays made
     * in its pass), the rest, and their total, each at most the total (the parts are rounded each on its own).
     */
    @Test
    void predictsTimingLineGivesTheCpuTimeByPhase() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "predict", TESTDATA.resolve("otf2/jacobi-8").toString(), "--timing", "-q");
        assertEquals(0, code, err.toString());
        Matcher m = Pattern.compile("igtrace: timing: read \\d+\\.\\d\\d s, .*, total \\d+\\.\\d\\d s; CPU read (\\d+\\.\\d\\d) s, "
                + "calibration (\\d+\\.\\d\\d) s, rest (\\d+\\.\\d\\d) s, total (\\d+\\.\\d\\d) s\\R").matcher(err.toString());
        assertTrue(m.find(), err.toString());
        double total = Double.parseDouble(m.group(4));
        assertTrue(total > 0, err.toString());
        for (int g = 1; g <= 3; g++) {
            assertTrue(Double.parseDouble(m.group(g)) <= total, err.toString());
        }
    }

    /**
     * "before the first event" counts from the start of the process the user started: under {@code java -jar}
     * (here: Main with isolation on) the supervising JVM, not the child JVM that reads: more than 0 and at most the
     * time this test saw from before starting that process to its end (plus /proc's 0.02 s). Two JVMs (the
     * supervising one and the reader); tag slow (-Pfull).
     */
    @Tag("slow")
    @Test
    void beforeTheFirstEventCountsFromTheCommandsStart(@TempDir Path dir) throws Exception {
        long before = System.nanoTime();
        Process p = java(dir, TESTDATA.resolve("otf2/jacobi-8").toString(), "--timing").redirectErrorStream(false).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        double wall = (System.nanoTime() - before) / 1e9;
        assertEquals(0, p.exitValue(), err);
        Matcher m = Pattern.compile("before the first event (\\d+\\.\\d\\d) s, after the last event (\\d+\\.\\d\\d) s").matcher(err);
        assertTrue(m.find(), err);
        double first = Double.parseDouble(m.group(1));
        assertTrue(first > 0 && first <= wall + 0.02, first + " s before the first event in a run of " + wall + " s: " + err);
    }

    @Test
    void threadsMustBeANumber() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), TESTDATA.resolve("otf2/pi-4").toString(), "--threads", "many");
        assertEquals(2, code);
        assertTrue(err.toString().startsWith("igtrace: Invalid value for option '--threads'"), err.toString());
    }
}
