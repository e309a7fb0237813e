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
 * on one from the other, is refused naming the file.
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

    @Test
    void theIntactFileIsRead() {
        Run r = stats(TWO_CHUNKS);
        assertEquals(0, r.code(), r.err());
    }
}
