package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Global definitions that do not hold as many records as the anchor file announces are damage, as libotf2's own
 * otf2-print says ("Number of global definitions read and defined in anchor file do not match"): one damaged length
 * byte made libotf2 read jacobi-4's clock as 1 tick per second (a run of 2.92e7 s, exit 0), one record cut out left a
 * process out with only notes. igtrace refuses both in one line naming the file, exit 1. Likewise a location whose
 * event file holds fewer events than the definitions announce for it: libotf2 reads a block of zeros inside a chunk as
 * the chunk's end and goes on without a word (otf2-print too: it printed 9260 of two-chunks' 24000 events, exit 0).
 */
class AnnouncedCountsTest {
    private static final Path JACOBI = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2/jacobi-4");

    @TempDir
    Path dir;

    private Path copy(String name) throws Exception {
        Path to = dir.resolve(name);
        DamagedTraceFuzzTest.copyTree(JACOBI, to);
        return to;
    }

    private static void refused(Path trace) throws Exception {
        Process print = new ProcessBuilder("otf2-print", trace.resolve("eztrace_log.otf2").toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertNotEquals(0, print.waitFor(), "otf2-print refuses the copy");
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString());
        assertEquals(1, code, err.toString());
        assertEquals("", out.toString());
        String[] lines = err.toString().strip().split("\n");
        assertEquals(1, lines.length, err.toString());
        assertTrue(lines[0].contains(trace.resolve("eztrace_log.def") + ": damaged: ")
                && lines[0].contains("global definition records where the anchor file announces"), lines[0]);
    }

    @Test
    void aDamagedRecordLengthIsRefused() throws Exception {
        Path trace = copy("flipped");
        Path def = trace.resolve("eztrace_log.def");
        byte[] b = Files.readAllBytes(def);
        b[346] ^= (byte) 0xff; // a string record's length byte
        Files.write(def, b);
        refused(trace);
    }

    @Test
    void aRecordCutOutIsRefused() throws Exception {
        Path trace = copy("cut");
        Path def = trace.resolve("eztrace_log.def");
        byte[] b = Files.readAllBytes(def);
        byte[] cut = new byte[b.length - 14];
        System.arraycopy(b, 0, cut, 0, 140);
        System.arraycopy(b, 154, cut, 140, b.length - 154); // a location record, 14 bytes at 140
        Files.write(def, cut);
        refused(trace);
    }

    @Test
    void aZeroedBlockInsideAChunkIsRefused() throws Exception {
        Path source = JACOBI.resolveSibling("../two-chunks").normalize();
        Path trace = dir.resolve("zeroed");
        DamagedTraceFuzzTest.copyTree(source, trace);
        Path evt = trace.resolve("traces/0.evt");
        byte[] b = Files.readAllBytes(evt);
        Arrays.fill(b, 100_000, 104_096, (byte) 0); // inside the first of its two 256 KiB chunks
        Files.write(evt, b);
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(1, IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString()), err.toString());
        assertEquals("igtrace: " + evt + ": damaged: 9260 events where the definitions announce 24000 (events of location 0;"
                + " libotf2 read a damaged part of it as the end of a chunk)", err.toString().strip());
    }

    @Test
    void theIntactCopyIsRead() throws Exception {
        Path trace = copy("intact");
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString(), "-q"), err.toString());
        assertTrue(Arrays.stream(out.toString().split("\n")).anyMatch(l -> l.startsWith("4 processes")), out.toString());
    }
}
