package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event file that lost a chunk, or whose chunks were swapped, ends as libotf2 ends a file and is read by libotf2 as
 * a shorter good one (otf2-print printed 85 of testdata/two-chunks' 12,000 enters without a word): igtrace gave rank
 * 0's useful time as 850 us in place of 120 ms, exit 0, on a trace from a writer other than Score-P (whose event
 * counts are not checked). Each chunk header holds the numbers of its first and last events (two-chunks: 1 to 23829
 * and 23830 to 24000, 256 KiB chunks): a file whose first chunk does not start at event 1, or whose chunks do not go
 * on one from the other, is refused naming the file. Likewise a location definition whose type is none of OTF2's.
 */
class ChunkOrderTest {
    private static final Path TWO_CHUNKS = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("two-chunks");
    private static final int CHUNK = 262144;

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run stats(Path trace) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.resolve("traces.otf2").toString(), "-q");
        return new Run(code, out.toString(), err.toString());
    }

    private Path copyWithEvents(String name, byte[] events) throws Exception {
        Path to = dir.resolve(name);
        DamagedTraceFuzzTest.copyTree(TWO_CHUNKS, to);
        Files.write(to.resolve("traces/0.evt"), events);
        return to;
    }

    @Test
    void aFileThatLostItsFirstChunkIsRefused() throws Exception {
        byte[] b = Files.readAllBytes(TWO_CHUNKS.resolve("traces/0.evt"));
        assertTrue(b.length > CHUNK && b.length < 2 * CHUNK, "two chunks: " + b.length);
        Path trace = copyWithEvents("second-only", Arrays.copyOfRange(b, CHUNK, b.length));
        Run r = stats(trace);
        assertEquals(1, r.code(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(trace.resolve("traces/0.evt") + ": damaged or truncated (events of location 0")
                && r.err().contains("chunk 1 (at byte 0) holds events 23830 to 24000, where event 1 comes next"), r.err());
    }

    @Test
    void aFileWithAChunkRepeatedIsRefused() throws Exception {
        byte[] b = Files.readAllBytes(TWO_CHUNKS.resolve("traces/0.evt"));
        // the first chunk twice, then the second: both first chunks end as a full chunk does; the third ends the file
        byte[] twice = new byte[b.length + CHUNK];
        System.arraycopy(b, 0, twice, 0, CHUNK);
        System.arraycopy(b, 0, twice, CHUNK, b.length);
        Run r = stats(copyWithEvents("first-twice", twice));
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("chunk 2 (at byte 262144) holds events 1 to 23829, where event 23830 comes next"), r.err());
    }

    /**
     * A damaged byte in a chunk header's first event number (byte 6: 1 became 1 + 0x88 x 2^32 = 584115552257) is named as
     * the damaged header it is: "a chunk before it lost?" guessed a cause no order of chunks gives (its first event after
     * its last, 23829).
     */
    @Test
    void aChunkHeaderThatContradictsItselfIsNamedDamaged() throws Exception {
        byte[] b = Files.readAllBytes(TWO_CHUNKS.resolve("traces/0.evt"));
        assertEquals(1, b[2], "the first chunk's first event, little-endian");
        b[6] = (byte) 0x88;
        Path trace = copyWithEvents("header-flip", b);
        Run r = stats(trace);
        assertEquals(1, r.code(), r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(trace.resolve("traces/0.evt") + ": damaged or truncated (events of location 0")
                && r.err().contains("chunk 1's header (at byte 0) is damaged: it numbers its events " + (1 + (0x88L << 32))
                        + " to 23829, a first after the last"), r.err());
        // its last event's number all ones (2^64 - 1): "a first after the last" was said of 1 and 2^64 - 1 (last + 1
        // wrapped to 0)
        byte[] c = Files.readAllBytes(TWO_CHUNKS.resolve("traces/0.evt"));
        Arrays.fill(c, 10, 18, (byte) 0xff);
        Path ones = copyWithEvents("header-last-ones", c);
        Run s = stats(ones);
        assertEquals(1, s.code(), s.out());
        assertTrue(s.err().contains("chunk 1's header (at byte 0) is damaged: it numbers its events 1 to 18446744073709551615, more than a"
                + " file holds"), s.err());
    }

    /**
     * One flipped bit in pi-4's global definitions made location 1610612733's type 8, which is none of OTF2's (otf2-print
     * shows "Type: INVALID <8>"): read as a location that is not a CPU thread, rank 3's events were left out with a
     * routine note and its late broadcasts (65.2 ms) read as 0, exit 0. Refused now, naming the definitions file.
     */
    @Test
    void aLocationOfNoOtf2TypeIsDamage() throws Exception {
        Path pi4 = TWO_CHUNKS.resolveSibling("otf2/pi-4"), trace = dir.resolve("flipped");
        DamagedTraceFuzzTest.copyTree(pi4, trace);
        byte[] b = Files.readAllBytes(pi4.resolve("eztrace_log.def"));
        b[185] ^= 1;
        Files.write(trace.resolve("eztrace_log.def"), b);
        assertTrue(SubcommandsTest.command("otf2-print", "-G", trace.resolve("eztrace_log.otf2").toString())
                .contains("LOCATION                      1610612733  Name: \"pi\" <0>, Type: INVALID <8>"), "the damaged location is still listed");
        assertTrue(SubcommandsTest.command("otf2-print", "-G", trace.resolve("eztrace_log.otf2").toString()).contains("Type: INVALID <8>"));
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString(), "-q");
        assertEquals(1, code, out.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains(trace.resolve("eztrace_log.def") + ": damaged: location 1610612733 has type 8"), err.toString());
    }

    /**
     * A rank's only thread of type UNKNOWN (testdata/unknown-location, make-unknown-location.py): left out as "not a CPU
     * thread", it took rank 1 with it and left the one message unmatched, exit 0. A member of MPI_COMM_WORLD is read as
     * a CPU thread now, with a note: 2 processes, 1 matched message, the late sender's 5 us.
     */
    @Test
    void aRanksLocationOfUnknownTypeIsReadAsItsThread() throws Exception {
        Path trace = TWO_CHUNKS.resolveSibling("unknown-location");
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats", trace.toString(), "--format", "json", "-q");
        assertEquals(0, code, err.toString());
        Path json = dir.resolve("s.json");
        Files.writeString(json, out.toString());
        assertEquals("2 1 5.0 True", SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\ns = d['summary']\n"
                + "print(s['processes'], s['matched_messages'], round(s['wait'] * 1e6, 3), any('type UNKNOWN in MPI_COMM_WORLD read as a CPU thread' "
                + "in x['text'] for x in d['diagnostics']))", json.toString()).strip());
    }

    @Test
    void theIntactFileIsRead() {
        Run r = stats(TWO_CHUNKS);
        assertEquals(0, r.code(), r.err());
    }
}
