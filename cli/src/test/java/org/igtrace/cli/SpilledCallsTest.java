package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * {@code igtrace predict} and {@code igtrace timeline --format perfetto} with their recorded calls
 * spilled to a temporary file in --temp-dir ({@code -Digtrace.activities.memory=0}: every block
 * goes there) write exactly what they write with the calls in memory, and leave no file and no
 * open descriptor behind, after a run and after a failure.
 */
class SpilledCallsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    private static final String BUDGET = "igtrace.activities.memory";

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Runs with a memory budget of 0 for the calls. */
    private static Result spilling(String... args) {
        String before = System.getProperty(BUDGET);
        System.setProperty(BUDGET, "0");
        try {
            return run(args);
        } finally {
            if (before == null) {
                System.clearProperty(BUDGET);
            } else {
                System.setProperty(BUDGET, before);
            }
        }
    }

    private List<String> leftIn(Path d) throws IOException {
        List<String> left = new ArrayList<>();
        try (Stream<Path> files = Files.list(d)) {
            files.forEach(f -> left.add(f.toString()));
        }
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(d.toString())) {
                        left.add("open: " + target);
                    }
                } catch (IOException gone) {
                    // the listing's own descriptor
                }
            }
        }
        return left;
    }

    @Test
    void predictSpilledGivesTheSameNumbersAndLeavesNothing() throws IOException {
        String trace = TESTDATA.resolve("otf2/patterns-8").toString();
        String[] args = {"predict", trace, "--sweep", "latency=1us,1ms", "--eager-limit", "1KiB", "--format", "json", "-j", "2", "--timing"};
        Result memory = run(args);
        assertEquals(0, memory.code, memory.err);
        List<String> spilled = new ArrayList<>(List.of(args));
        spilled.addAll(List.of("--temp-dir", dir.toString()));
        Result file = spilling(spilled.toArray(String[]::new));
        assertEquals(0, file.code, file.err);
        assertEquals(memory.out, file.out);
        assertTrue(file.err.contains(" bytes in a temporary file"), file.err);
        assertEquals(List.of(), leftIn(dir));
        // /proc is a directory where no file can be made (not even by root): the calls do go to --temp-dir
        Path unwritable = Path.of("/proc");
        Result c = spilling("predict", trace, "--temp-dir", unwritable.toString());
        assertEquals(1, c.code, c.err);
        assertTrue(c.err.startsWith("igtrace: " + unwritable) && c.err.contains("cannot write replay activities"), c.err);
        assertEquals(1, c.err.lines().count(), c.err);
        Result missing = spilling("predict", trace, "--temp-dir", dir.resolve("no-such-dir").toString());
        assertEquals(2, missing.code, missing.err); // checked before reading
        assertTrue(missing.err.contains("no such directory"), missing.err);
    }

    /**
     * An I/O error on a named file reaches the one handler (map and predict have no catch of their own): exit 1, one
     * line naming the directory, never "internal error" (the handler said "igtrace: internal error:
     * java.io.UncheckedIOException: ..." before it knew the exception).
     */
    @Test
    void mapSpillingIntoAnUnwritableDirectoryIsOneLineNamingIt() {
        Path unwritable = Path.of("/proc");
        Result r = spilling("map", TESTDATA.resolve("otf2/patterns-8").toString(), "--topology", "ring", "--temp-dir", unwritable.toString());
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.startsWith("igtrace: " + unwritable) && r.err.contains("cannot write replay activities"), r.err);
        assertTrue(!r.err.contains("internal error"), r.err);
        assertEquals(1, r.err.lines().count(), r.err);
    }

    /**
     * The same with an OTF trace, whose reader said it inside its own words, naming a Java class: "igtrace: reading the
     * events failed (java.io.UncheckedIOException: /proc: cannot write ...)". Now the line is the store's, as for OTF2.
     */
    @Test
    void anOtfTraceSpillingIntoAnUnwritableDirectoryIsTheSameLine() {
        String trace = TESTDATA.resolve("otf1/synth-plain/synth.otf").toString();
        for (Result r : List.of(spilling("map", trace, "--topology", "ring", "--temp-dir", "/proc"), spilling("why", trace, "--temp-dir", "/proc"))) {
            assertEquals(1, r.code, r.err);
            assertTrue(r.err.startsWith("igtrace: /proc: cannot write "), r.err);
            assertEquals(1, r.err.lines().count(), r.err);
        }
    }

    /**
     * The one handler says an I/O error of a file (made a Failure where it arose) in one line naming the file, exit 1:
     * it said "igtrace: internal error: java.io.UncheckedIOException: ...".
     */
    @Test
    void theHandlerSaysAnIoErrorInOneLineNamingTheFile() {
        StringWriter err = new StringWriter();
        int code = IgtraceCommand.exitCode(Failure.of(new java.io.UncheckedIOException(new java.nio.file.NoSuchFileException("/x/p.json"))),
                new PrintWriter(err, true), IgtraceCommand.commandLine());
        assertEquals(1, code, err.toString());
        assertEquals("igtrace: /x/p.json: no such file or directory" + System.lineSeparator(), err.toString());
    }

    /** An UncheckedIOException of a file with no message of its own: the file and what went wrong, from its cause. */
    @Test
    void anIoErrorWithoutMessageNamesTheFileOfItsCause() {
        java.io.UncheckedIOException missing = new java.io.UncheckedIOException(new java.nio.file.NoSuchFileException("/x/y.json"));
        assertEquals("/x/y.json: no such file or directory", IoFailure.line(missing));
        java.io.UncheckedIOException denied = new java.io.UncheckedIOException(new java.nio.file.AccessDeniedException("/x"));
        assertEquals("/x: permission denied", IoFailure.line(denied));
        java.io.UncheckedIOException said = new java.io.UncheckedIOException("/t: cannot write calls", new IOException("disk full"));
        assertEquals("/t: cannot write calls", IoFailure.line(said));
    }

    /** A placement file that is not there is found after the read and the calibration: exit 1, nothing left. */
    @Test
    void predictFailingAfterSpillingLeavesNothing() throws IOException {
        String trace = TESTDATA.resolve("otf2/patterns-8").toString();
        Result r = spilling("predict", trace, "--topology", "ring:8", "--placement", dir.resolve("no-such-map.txt").toString(),
                "--temp-dir", dir.toString());
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.startsWith("igtrace: ") && r.err.contains("no-such-map.txt"), r.err);
        assertEquals(List.of(), leftIn(dir));
    }

    /** The Perfetto export's calls, kept until the clock offsets are known, spilled: the same trace, byte for byte. */
    @Test
    void perfettoSpilledWritesTheSameCalls() throws IOException {
        String trace = TESTDATA.resolve("otf1/vt-md-mpi-cuda").toString();
        Path inMemory = dir.resolve("memory.pftrace"), spilled = dir.resolve("spilled.pftrace");
        Path temp = Files.createDirectory(dir.resolve("temp"));
        Result a = run("timeline", trace, "--format", "perfetto", "-o", inMemory.toString(), "-q");
        assertEquals(0, a.code, a.err);
        Result b = spilling("timeline", trace, "--format", "perfetto", "-o", spilled.toString(), "--temp-dir", temp.toString());
        assertEquals(0, b.code, b.err);
        assertTrue(b.err.contains("waited for the clock offsets in a temporary file of "), b.err);
        assertTrue(b.err.matches("(?s)igtrace: [0-9,]{4,} calls.*"), "vt-md-mpi-cuda has thousands of calls: " + b.err);
        assertTrue(java.util.Arrays.equals(Files.readAllBytes(inMemory), Files.readAllBytes(spilled)));
        assertEquals(List.of(), leftIn(temp));
        Path unwritable = Path.of("/proc");
        Result c = spilling("timeline", trace, "--format", "chrome-json", "-o", dir.resolve("c.json").toString(), "--temp-dir", unwritable.toString());
        assertEquals(1, c.code, "the calls do go to --temp-dir: " + c.err);
        assertTrue(c.err.contains(unwritable.toString()) && c.err.contains("--temp-dir"), c.err);
        assertTrue(!Files.exists(dir.resolve("c.json")), "no partial output");
        Result d = spilling("timeline", trace, "--format", "perfetto", "-o", dir.resolve("d.pftrace").toString(), "--temp-dir", unwritable.toString());
        assertEquals(1, d.code, d.err);
        assertTrue(!Files.exists(dir.resolve("d.pftrace")), "no partial output");
    }
}
