package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * libotf2 fills a buffer of the anchor's event chunk size for every event reader (issue 41 item 6: 1 MiB per
 * location, 10 % of a 10^5-rank read; EZTrace's anchors say 16 MiB). An archive of many event files smaller than
 * that, or of chunks 8 MiB or more larger than its files, is read through a copy of its anchor saying less (ReadingAnchor); the chunk sizes expected are those the
 * anchors' bytes hold (xxd: Score-P's 00 00 10 00.. = 1 MiB of events, 4 MiB of definitions; EZTrace's 16 MiB of
 * both) and libotf2's least, 256 KiB.
 */
@Isolated
class ReadingAnchorTest {
    private static final long KIB = 1024;

    @ParameterizedTest
    @ValueSource(strings = {"scorep-late-sender-barrier", "jacobi-4"})
    void smallEventFilesAreReadWithLibotf2sSmallestChunk(String trace) throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2(trace)).file();
        long[] own = Otf2AnchorProperties.chunkSizes(anchor);
        assertTrue(own[0] == 1024 * KIB || own[0] == 16384 * KIB, "the anchor's event chunk size: " + own[0]);
        Path folder;
        try (ReadingAnchor via = ReadingAnchor.of(anchor, own, ReadingAnchor.FROM, 3 * KIB)) {
            assertNotEquals(anchor, via.path());
            assertEquals(256 * KIB, via.eventChunkSize(), "libotf2 reads the copy with 256 KiB event chunks");
            assertEquals(256 * KIB, via.chunk());
            assertArrayEquals(new long[] {256 * KIB, own[1]}, Otf2AnchorProperties.chunkSizes(via.path()));
            folder = via.path().getParent();
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)),
                    "the copy's folder is this user's alone (the umask's mode, rwxr-xr-x here, before)");
        }
        assertFalse(Files.exists(folder), "the copy and its links removed");
        assertTrue(Files.isDirectory(anchor.resolveSibling(anchor.getFileName().toString().replace(".otf2", ""))),
                "the archive's own folder kept");
        assertEquals(own[0], Otf2AnchorProperties.chunkSizes(anchor)[0], "the archive's own anchor unchanged");
    }

    @Test
    void theChunkHoldsTheLargestFileOrTheAnchorIsTheArchivesOwn() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("scorep-late-sender-barrier")).file();
        long[] own = Otf2AnchorProperties.chunkSizes(anchor); // 1 MiB
        try (ReadingAnchor via = ReadingAnchor.of(anchor, own, ReadingAnchor.FROM, 300 * KIB)) {
            assertEquals(512 * KIB, via.eventChunkSize(), "300 KiB: the next power of two from 256 KiB");
        }
        try (ReadingAnchor via = ReadingAnchor.of(anchor, own, ReadingAnchor.FROM, 1024 * KIB)) {
            assertEquals(anchor, via.path(), "a file of the chunk's size: nothing smaller to read it with");
        }
        try (ReadingAnchor via = ReadingAnchor.of(anchor, own, ReadingAnchor.FROM - 1, 3 * KIB)) {
            assertEquals(anchor, via.path(), "fewer files than FROM");
        }
    }

    /**
     * EZTrace's anchors say 16 MiB of events: a copy saving 8 MiB or more per reader is used whatever the number of
     * files (the first buffer of a reading thread costs a page fault per 4 KiB); Score-P's 1 MiB saves at most 768 KiB.
     */
    @Test
    void largeChunksAreReadThroughTheCopyWhateverTheNumberOfFiles() throws Exception {
        Path eztrace = TraceFormat.locate(TestTraces.otf2("jacobi-4")).file();
        long[] own = Otf2AnchorProperties.chunkSizes(eztrace);
        assertEquals(16384 * KIB, own[0], "EZTrace's event chunk size");
        try (ReadingAnchor via = ReadingAnchor.of(eztrace, own, 4, 3 * KIB)) {
            assertEquals(256 * KIB, via.eventChunkSize(), "4 files of at most 3 KiB: 16 MiB - 256 KiB saved");
        }
        try (ReadingAnchor via = ReadingAnchor.of(eztrace, own, 1, 7 * 1024 * KIB)) {
            assertEquals(8192 * KIB, via.eventChunkSize(), "a 7 MiB file: 8 MiB chunks, 8 MiB saved");
        }
        try (ReadingAnchor via = ReadingAnchor.of(eztrace, own, 4, 9 * 1024 * KIB)) {
            assertEquals(eztrace, via.path(), "a 9 MiB file: 16 MiB chunks, nothing saved");
        }
        System.setProperty("igtrace.otf2.smallChunksSaving", "-1");
        try (ReadingAnchor via = ReadingAnchor.of(eztrace, own, 4, 3 * KIB)) {
            assertEquals(eztrace, via.path(), "turned off");
        } finally {
            System.clearProperty("igtrace.otf2.smallChunksSaving");
        }
        Path scorep = TraceFormat.locate(TestTraces.otf2("scorep-late-sender-barrier")).file();
        try (ReadingAnchor via = ReadingAnchor.of(scorep, Otf2AnchorProperties.chunkSizes(scorep), 4, 3 * KIB)) {
            assertEquals(scorep, via.path(), "Score-P's 1 MiB chunks, 4 files: 768 KiB saved per reader");
        }
    }

    /**
     * A failure while reading through the copy names the archive's own files, and the copy's folder only as where the
     * copy is (the links in it removed here as another host's sweep of a shared TMPDIR removed them: libotf2's words
     * named the file by the copy's path).
     */
    @Test
    void aFailureThroughTheCopyNamesTheArchivesFiles() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("jacobi-4")).file();
        try (ReadingAnchor via = ReadingAnchor.of(anchor, Otf2AnchorProperties.chunkSizes(anchor), 4, 3 * KIB)) {
            Path copyFolder = via.path().getParent();
            assertNotEquals(anchor, via.path());
            Files.delete(copyFolder.resolve("eztrace_log"));
            org.igtrace.reader.otf2.nativelib.Otf2Exception failure = org.junit.jupiter.api.Assertions.assertThrows(
                    org.igtrace.reader.otf2.nativelib.Otf2Exception.class, () -> {
                        try (org.igtrace.reader.otf2.nativelib.Otf2Archive archive = org.igtrace.reader.otf2.nativelib.Otf2Archive.open(anchor, via.path())) {
                            org.igtrace.reader.otf2.nativelib.EventVisitor nothing = (org.igtrace.reader.otf2.nativelib.EventVisitor)
                                    java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                                            new Class<?>[] {org.igtrace.reader.otf2.nativelib.EventVisitor.class}, (proxy, method, args) -> null);
                            archive.readEvents(new long[] {0}, location -> nothing, n -> { });
                        }
                    });
            String message = failure.getMessage();
            assertFalse(message.contains(copyFolder + "/eztrace_log"), message);
            assertTrue(message.contains(anchor.getParent().resolve("eztrace_log").resolve("0.evt").toString()), message);
            assertTrue(message.endsWith("(read through igtrace's copy of the anchor in " + copyFolder + ")"), message);
        }
    }

    @Test
    void anAmbiguousAnchorIsNotChanged() {
        byte[] twice = new byte[40];
        byte[] pair = {0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 0, 0}; // 1 MiB, 4 MiB, little-endian
        System.arraycopy(pair, 0, twice, 2, 16);
        System.arraycopy(pair, 0, twice, 22, 16);
        assertFalse(ReadingAnchor.replace(twice, 1 << 20, 4 << 20, 256 * KIB));
        byte[] once = new byte[20];
        System.arraycopy(pair, 0, once, 3, 16);
        assertTrue(ReadingAnchor.replace(once, 1 << 20, 4 << 20, 256 * KIB));
        assertEquals(4, once[5], "256 KiB = 0x040000, little-endian");
        assertEquals(0, once[6]);
    }

    /** The profile read through the copy is the one read through the archive's own anchor, on one thread and on three. */
    @ParameterizedTest
    @ValueSource(strings = {"scorep-late-sender-barrier", "jacobi-4", "scorep-jacobi-2nodes"})
    void theProfileIsTheSame(String trace) throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2(trace)).file();
        for (int threads : new int[] {1, 3}) {
            TraceProfile reference;
            System.setProperty("igtrace.otf2.smallChunksSaving", "-1"); // jacobi-4's 16 MiB: the own anchor only so
            try {
                reference = TraceInput.read(anchor, new ReadOptions(false, threads), AnalysisOptions.profile(true));
            } finally {
                System.clearProperty("igtrace.otf2.smallChunksSaving");
            }
            System.setProperty("igtrace.otf2.smallChunksFrom", "1");
            try {
                TraceProfile profile = TraceInput.read(anchor, new ReadOptions(false, threads), AnalysisOptions.profile(true));
                assertEquals(reference, profile, trace + ", " + threads + " threads");
            } finally {
                System.clearProperty("igtrace.otf2.smallChunksFrom");
            }
        }
        long pid = ProcessHandle.current().pid();
        try (Stream<Path> left = Files.list(org.igtrace.reader.spill.TempFolders.root())) {
            assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith("igtrace-reader-" + pid + "-"))
                    .filter(p -> Files.exists(p.resolve(anchor.getFileName()))).count(), "no copy left");
        }
    }
}
