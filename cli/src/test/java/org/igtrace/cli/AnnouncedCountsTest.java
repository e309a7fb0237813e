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
 * process out with only notes. igtrace refuses both in one line naming the file, exit 1. Likewise, in an archive
 * Score-P wrote, a location whose event file holds fewer events than the definitions announce for it: libotf2 reads a
 * block of zeros inside a chunk as the chunk's end and goes on without a word (otf2-print too: it printed 9260 of
 * two-chunks' 24000 events, exit 0).
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
        assertTrue(lines[0].contains(trace.resolve("eztrace_log.def") + ": damaged, or not of the run of eztrace_log.otf2: ")
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

    /**
     * two-chunks written again by testdata/make-two-chunks.py with Score-P as its creator (the check trusts Score-P's
     * counts only), a block zeroed inside its first chunk: refused, the count as otf2-print prints it (9260 of 24000
     * events). The bundled two-chunks, written by python3-otf2 with no creator, zeroed so, is refused by its chunk headers'
     * numbers (24000 events, as otf2-print counts the intact file), which libotf2's writer keeps whoever writes.
     */
    @Test
    void aZeroedBlockInsideAChunkOfAScorePArchiveIsRefused() throws Exception {
        Path testdata = JACOBI.getParent().getParent();
        Path trace = dir.resolve("zeroed");
        Process make = new ProcessBuilder("/usr/bin/python3", testdata.resolve("make-two-chunks.py").toString(), trace.toString(),
                "Score-P 8.1").redirectErrorStream(true).start();
        String said = new String(make.getInputStream().readAllBytes());
        assertEquals(0, make.waitFor(), said);
        zero(trace.resolve("traces/0.evt"));
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(1, IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString()), err.toString());
        assertEquals("igtrace: " + trace.resolve("traces/0.evt") + ": damaged: 9260 events where Score-P's definitions announce 24000"
                + " (events of location 0, \"Master thread\"; libotf2 reads a damaged part, such as a block of zeros, as the end of a chunk, without"
                + " a word)", err.toString().strip());

        Path python = dir.resolve("python");
        DamagedTraceFuzzTest.copyTree(testdata.resolve("two-chunks"), python);
        zero(python.resolve("traces/0.evt"));
        StringWriter out2 = new StringWriter(), err2 = new StringWriter();
        assertEquals(1, IgtraceCommand.run(out2, new PrintWriter(err2, true), "stats", python.toString(), "-q"), err2.toString());
        assertEquals("igtrace: " + python.resolve("traces/0.evt") + ": damaged: 9260 events where its chunk headers number 24000"
                + " (events of location 0, \"Master thread\"; libotf2 reads a damaged part as the end of the file, without a word)", err2.toString().strip());
    }

    /**
     * A record repeated by damage (a helper's hunt): libotf2 reads it as one more event, without a word (otf2-print too,
     * exit 0), and igtrace read it so: an EZTrace run's collective end read twice left its instance incomplete and
     * 0.1 s of early-reduce wait out (delays-4, exit 0 with a note), a Score-P run's send read twice made 17 messages of
     * 16. Both are refused in one line, exit 1: EZTrace's by its chunk headers' number, Score-P's by its definitions'
     * count. The counts are otf2-print's, of the intact copy and of the damaged one (one more).
     */
    @Test
    void aRecordRepeatedByDamageIsRefused() throws Exception {
        Path testdata = JACOBI.getParent();
        Path eztrace = dir.resolve("repeated-eztrace");
        DamagedTraceFuzzTest.copyTree(testdata.resolve("delays-4"), eztrace);
        long intact = printedEvents(eztrace.resolve("eztrace_log.otf2"), "0");
        repeat(eztrace.resolve("eztrace_log/0.evt"), 845, 10); // a 10-byte record of location 0
        assertEquals(intact + 1, printedEvents(eztrace.resolve("eztrace_log.otf2"), "0"));
        assertRefused(eztrace, eztrace.resolve("eztrace_log/0.evt") + ": damaged: " + (intact + 1) + " events where its chunk headers number "
                + intact + " (events of location 0, \"P#0T#0\"; libotf2 reads records repeated or put in by damage without a word)");

        Path scoreP = dir.resolve("repeated-score-p");
        DamagedTraceFuzzTest.copyTree(testdata.resolve("scorep-ping-pong"), scoreP);
        long announced = printedEvents(scoreP.resolve("traces.otf2"), "1");
        repeat(scoreP.resolve("traces/1.evt"), 189, 9); // a 9-byte MPI_SEND record of location 1
        assertEquals(announced + 1, printedEvents(scoreP.resolve("traces.otf2"), "1"));
        assertRefused(scoreP, scoreP.resolve("traces/1.evt") + ": damaged: " + (announced + 1) + " events where Score-P's definitions announce "
                + announced + " (events of location 1, \"Master thread\"; libotf2 reads records repeated or put in by damage without a word)");
    }

    private static void assertRefused(Path trace, String line) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(1, IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString()), err.toString());
        assertEquals("", out.toString());
        assertEquals("igtrace: " + line, err.toString().strip());
    }

    /** Copies {@code length} bytes at {@code at} in place, right after themselves. */
    private static void repeat(Path file, int at, int length) throws Exception {
        byte[] b = Files.readAllBytes(file);
        byte[] longer = new byte[b.length + length];
        System.arraycopy(b, 0, longer, 0, at + length);
        System.arraycopy(b, at, longer, at + length, b.length - at);
        Files.write(file, longer);
    }

    /** The events otf2-print prints for {@code location} (its exit code 0: it reads the archive without a word). */
    private static long printedEvents(Path anchor, String location) throws Exception {
        Process print = new ProcessBuilder("otf2-print", anchor.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long n = new String(print.getInputStream().readAllBytes()).lines().map(l -> l.trim().split("\\s+"))
                .filter(f -> f.length > 2 && f[1].equals(location)).count();
        assertEquals(0, print.waitFor());
        return n;
    }

    /** Zeroes 4 KiB at byte 100000, inside the first of the file's 256 KiB chunks. */
    private static void zero(Path evt) throws Exception {
        byte[] b = Files.readAllBytes(evt);
        Arrays.fill(b, 100_000, 104_096, (byte) 0);
        Files.write(evt, b);
    }

    @Test
    void theIntactCopyIsRead() throws Exception {
        Path trace = copy("intact");
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString(), "-q"), err.toString());
        assertTrue(Arrays.stream(out.toString().split("\n")).anyMatch(l -> l.startsWith("4 processes")), out.toString());
    }
}
