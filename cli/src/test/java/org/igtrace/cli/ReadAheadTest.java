package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read made before the command line is parsed (start-up): which command lines start one, that
 * a command takes it only when it asks for exactly that read, and that what the command prints
 * (output, summary, errors, exit code) is the same as without it.
 */
class ReadAheadTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    private static Run run(ProfileReader reader, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), reader, args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String otf2(String name) {
        return TESTDATA.resolve("otf2").resolve(name).resolve("eztrace_log.otf2").toString();
    }

    @Test
    void onlyATraceWithOutputOptionsIsReadAhead() {
        assertEquals(Path.of("t.otf2"), ReadAhead.onlyTrace(new String[] {"t.otf2"}));
        assertEquals(Path.of("t.otf2"), ReadAhead.onlyTrace(new String[] {"graph", "t.otf2", "-o", "g.dot"}));
        assertEquals(Path.of("t.otf2"), ReadAhead.onlyTrace(new String[] {"stats", "-q", "t.otf2"}));
        assertEquals(Path.of("t.otf2"), ReadAhead.onlyTrace(new String[] {"--output=g.graphml", "t.otf2", "--quiet"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"t.otf2", "--no-waits"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"t.otf2", "-j", "1"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"t.otf2", "--format", "dot"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"predict", "t.otf2"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"t.otf2", "u.otf2"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"t.otf2", "-o"}));
        assertNull(ReadAhead.onlyTrace(new String[] {"-o", "g.dot"}));
        assertNull(ReadAhead.onlyTrace(new String[0]));
    }

    @Test
    void theCommandTakesTheReadMadeAheadAndPrintsTheSame() {
        for (String trace : new String[] {otf2("patterns-4"), TESTDATA.resolve("otf1/synth-plain/synth.otf").toString()}) {
            for (String[] args : new String[][] {{trace}, {"stats", trace}}) {
                ReadAhead ahead = ReadAhead.start(args);
                assertNotNull(ahead, trace);
                Run with = run(ahead.reader(ProfileReader.HERE), args);
                Run without = run(ProfileReader.HERE, args);
                assertTrue(ahead.claimed(), String.join(" ", args));
                assertEquals(0, with.code, with.err);
                assertEquals(without.out, with.out);
                assertEquals(without.err, with.err);
            }
        }
    }

    @Test
    void aCommandAskingForAnotherReadReadsAnew() {
        String trace = otf2("pi-4");
        ReadAhead ahead = ReadAhead.start(new String[] {trace});
        assertNotNull(ahead);
        for (String[] args : new String[][] {{trace, "--no-waits"}, {trace, "-j", "1", "--clock-correction", "none"}}) {
            Run with = run(ahead.reader(ProfileReader.HERE), args);
            Run without = run(ProfileReader.HERE, args);
            assertEquals(0, with.code, with.err);
            assertEquals(without.out, with.out);
            assertEquals(without.err, with.err);
        }
        assertFalse(ahead.claimed());
    }

    @Test
    void aDamagedTraceReadAheadFailsAsItWouldWithout() throws IOException {
        Path copy = Files.createDirectories(dir.resolve("synth"));
        try (Stream<Path> files = Files.list(TESTDATA.resolve("otf1/synth-z"))) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try (RandomAccessFile events = new RandomAccessFile(copy.resolve("synth.1.events.z").toFile(), "rw")) {
            events.setLength(events.length() / 2); // compressed data cut in the middle of a block
        }
        String[] args = {copy.resolve("synth.otf").toString()};
        ReadAhead ahead = ReadAhead.start(args);
        assertNotNull(ahead);
        Run with = run(ahead.reader(ProfileReader.HERE), args);
        Run without = run(ProfileReader.HERE, args);
        assertTrue(ahead.claimed());
        assertEquals(1, without.code, without.err);
        assertEquals(without.code, with.code);
        assertEquals(without.err, with.err);
        assertTrue(with.err.contains("synth.1.events.z: truncated"), with.err);
        assertEquals("", with.out);
    }

    @Test
    void onlySmallTracesAreReadAhead() throws IOException {
        Path anchor = Files.writeString(dir.resolve("t.otf2"), "anchor");
        Files.writeString(dir.resolve("t.def"), "definitions");
        Path folder = Files.createDirectories(dir.resolve("t"));
        Files.writeString(dir.resolve("other.bin"), "not part of t");
        assertTrue(ReadAhead.small(anchor));
        try (RandomAccessFile events = new RandomAccessFile(folder.resolve("0.evt").toFile(), "rw")) {
            events.setLength(ReadAhead.SMALL_BYTES); // sparse: no disk used
        }
        assertFalse(ReadAhead.small(anchor));
    }

    @Test
    void aTraceThatIsNotThereIsNotReadAhead() {
        assertNull(ReadAhead.start(new String[] {dir.resolve("missing.otf2").toString()}));
        assertNull(ReadAhead.start(new String[] {otf2("pi-4"), "--no-waits"}));
    }
}
