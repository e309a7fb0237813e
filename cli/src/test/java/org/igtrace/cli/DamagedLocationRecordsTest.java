package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One damaged byte in a location record of TraceR's 32-rank stencil (testdata/otf2/scorep-tracer-stencil4d-32, its
 * traces.def) dropped a rank with exit 0: the ranks after it renumbered (rank 0's row held rank 1's numbers), 31 processes,
 * the waiting 2.78 ms where the run's is 10.7 ms. A definition file that defines fewer locations than the anchor announces
 * is refused (otf2-print -G lists 31 of the 32); a metric location among MPI_COMM_WORLD's is read as the rank's thread.
 */
class DamagedLocationRecordsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** A copy of the stencil with bits {@code mask} of byte {@code at} of traces.def flipped. */
    private Path flipped(int at, int mask) throws Exception {
        Path from = TESTDATA.resolve("otf2/scorep-tracer-stencil4d-32"), copy = dir.resolve("flip-" + at + "-" + mask);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        byte[] b = Files.readAllBytes(copy.resolve("traces.def"));
        b[at] ^= (byte) mask;
        Files.write(copy.resolve("traces.def"), b);
        return copy;
    }

    private static Process otf2PrintDefinitions(Path trace) throws Exception {
        return otf2Print("-G", trace.resolve("traces.otf2").toString());
    }

    private static Process otf2Print(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("otf2-print"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Location 0's record unreadable (otf2-print -G: 31 LOCATION records, an UNKNOWN paradigm in their place): refused. */
    @Test
    void aLostLocationRecordIsRefused() throws Exception {
        Path trace = flipped(2607, 8);
        Process print = otf2PrintDefinitions(trace);
        List<String> lines = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        print.waitFor();
        assertEquals(31, lines.stream().filter(l -> l.startsWith("LOCATION ")).count(), "otf2-print's locations");
        Run r = igtrace("stats", trace.toString());
        assertEquals(1, r.code(), r.out());
        assertEquals("igtrace: " + trace.resolve("traces.def") + ": damaged (the anchor announces 32 locations, the definitions define 31)",
                r.err().strip());
        Run info = igtrace("info", trace.toString()); // what the trace holds, damage said
        assertEquals(0, info.code(), info.err());
        assertTrue(info.out().contains("\nnote           the anchor announces 32 locations, the definitions define 31: traces.def is damaged,"
                + " and the ranks listed may not be the run's\n"), info.out());
    }

    /** Location 4's id made 0, a second location 0, which libotf2's otf2-print refuses ("Can't add ClockOffset definition"). */
    @Test
    void aLocationIdMadeAnothersIsRefused() throws Exception {
        Path trace = flipped(2652, 4);
        Process print = otf2Print(trace.resolve("traces.otf2").toString());
        print.getInputStream().readAllBytes();
        assertNotEquals(0, print.waitFor(), "otf2-print refuses it");
        Run r = igtrace("graph", trace.toString(), "-o", dir.resolve("g.graphml").toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("traces.def: damaged (the anchor announces 32 locations, the definitions define 31)"), r.err());
        assertTrue(!Files.exists(dir.resolve("g.graphml")));
    }

    /**
     * A location record written twice as it was (testdata/repeated-location, make-repeated-location.py): libotf2 counts
     * both among the anchor's 3 locations and otf2-print reads it; so does igtrace, with a note: 2 processes, the message
     * matched, its late sender's 10 - 5 = 5 us (it was refused as damaged, "the definitions define 2").
     */
    @Test
    void aLocationRecordRepeatedAsItWasIsRead() throws Exception {
        Path trace = TESTDATA.resolve("repeated-location");
        Process print = otf2Print("-A", trace.resolve("traces.otf2").toString());
        String anchor = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        print.waitFor();
        assertTrue(anchor.lines().anyMatch(l -> l.matches("Number of locations +3")), anchor);
        Run r = igtrace("stats", trace.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"processes\": 2,") && r.out().contains("\"wait\": 0.000005,"), r.out());
        assertTrue(r.out().contains("1 definition repeats an id already defined: the first definition kept"), r.out());
    }

    /** Location 0's type made METRIC (otf2-print reads it): rank 0 is still read, every number as the intact run's, with a note. */
    @Test
    void aMetricLocationOfTheWorldIsReadAsItsRank() throws Exception {
        Path trace = flipped(2612, 2);
        Process print = otf2PrintDefinitions(trace);
        String defs = new String(print.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, print.waitFor());
        assertTrue(defs.lines().anyMatch(l -> l.matches("LOCATION +0 .*Type: METRIC,.*")), defs);
        Run damaged = igtrace("stats", trace.toString(), "--format", "json");
        Run intact = igtrace("stats", TESTDATA.resolve("otf2/scorep-tracer-stencil4d-32").toString(), "--format", "json");
        assertEquals(0, damaged.code(), damaged.err());
        String numbers = intact.out().substring(intact.out().indexOf("\"summary\""), intact.out().indexOf("\"diagnostics\""));
        assertEquals(numbers, damaged.out().substring(damaged.out().indexOf("\"summary\""), damaged.out().indexOf("\"diagnostics\"")));
        assertTrue(damaged.out().contains("1 metric location in MPI_COMM_WORLD read as a CPU thread (an MPI rank runs"
                + " on one: the definitions may be damaged)"), damaged.out());
    }
}
