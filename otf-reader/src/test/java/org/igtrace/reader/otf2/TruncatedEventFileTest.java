package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * testdata/two-chunks (testdata/make-two-chunks.py): one event file of two 256 KiB chunks
 * (264045 bytes, 12000 calls). Cut anywhere in its second chunk, libotf2 3.0.2 loops for ever
 * (otf2-print too: it is stopped by timeout 5 s in each of these cases); igtrace must refuse the
 * file, naming it, before libotf2 reads it.
 */
class TruncatedEventFileTest {

    private static Path copy(Path dir) throws Exception {
        Path source = TestTraces.dir().resolve("two-chunks");
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path p : walk.toList()) {
                Path target = dir.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return dir.resolve("traces.otf2");
    }

    @Test
    void theWholeFileReads(@TempDir Path dir) throws Exception {
        // 12000 calls, 10 us apart, the last left at 119995 us
        assertEquals(119995e-6, TraceInput.read(copy(dir), false).processes().get(0).time(), 1e-12);
    }

    @Test
    void aNewlineAfterTheEndOfFileRecordIsIgnoredAsLibotf2IgnoresIt(@TempDir Path dir) throws Exception {
        // issue 34, item 1: otf2-print reads this copy completely; the check walks the second chunk's records to the end
        Path anchor = copy(dir);
        for (String file : new String[] {"traces.def", "traces/0.def", "traces/0.evt"}) {
            Files.write(dir.resolve(file), new byte[] {'\n'}, java.nio.file.StandardOpenOption.APPEND);
        }
        assertEquals(119995e-6, TraceInput.read(anchor, false).processes().get(0).time(), 1e-12);
    }

    @Test
    void aFileThatLostOnlyItsEndOfBufferMarkReadsWhole(@TempDir Path dir) throws Exception {
        // issue 34, item 1: 0.evt (264045 bytes) ends with libotf2's end-of-file record (2) and end-of-buffer mark (1);
        // without the mark, otf2-print still reads every event, and so does igtrace, a newline after the cut too
        Path anchor = copy(dir);
        Path events = dir.resolve("traces/0.evt");
        byte[] whole = Files.readAllBytes(events);
        assertEquals(264045, whole.length);
        Files.write(events, Arrays.copyOf(whole, 264044));
        assertEquals(119995e-6, TraceInput.read(anchor, false).processes().get(0).time(), 1e-12);
        Files.write(events, new byte[] {'\n'}, java.nio.file.StandardOpenOption.APPEND);
        assertEquals(119995e-6, TraceInput.read(anchor, false).processes().get(0).time(), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(ints = {262144, 262200, 263000, 264000, 264043})
    void aFileCutInItsSecondChunkIsRefusedNotReadForEver(int length, @TempDir Path dir) throws Exception {
        Path anchor = copy(dir);
        Path events = dir.resolve("traces/0.evt");
        Files.write(events, Arrays.copyOf(Files.readAllBytes(events), length));
        if (length > 264000) {
            Files.write(events, new byte[] {'\n'}, java.nio.file.StandardOpenOption.APPEND); // a newline after the cut: still cut
        }
        TraceReadException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(TraceReadException.class, () -> TraceInput.read(anchor, false)));
        assertEquals(events + ": damaged or truncated (events of location 0, \"Master thread\"; no end-of-file record)", e.getMessage());
    }

    /**
     * A zero byte in the second chunk (an end-of-chunk record with no chunk after it) keeps the file's size and its two
     * end bytes; libotf2 read it for ever (so did otf2-print), igtrace with it, at full CPU. The last chunk of a file of
     * several chunks is now walked, as a cut one's is.
     */
    @ParameterizedTest
    @ValueSource(ints = {262162, 262292})
    void aZeroByteInTheLastChunkIsRefusedNotReadForEver(int at, @TempDir Path dir) throws Exception {
        Path anchor = copy(dir);
        Path events = dir.resolve("traces/0.evt");
        byte[] bytes = Files.readAllBytes(events);
        bytes[at] = 0;
        Files.write(events, bytes);
        TraceReadException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(TraceReadException.class, () -> TraceInput.read(anchor, false)));
        assertEquals(events + ": damaged or truncated (events of location 0, \"Master thread\"; no end-of-file record)", e.getMessage());
    }
}
