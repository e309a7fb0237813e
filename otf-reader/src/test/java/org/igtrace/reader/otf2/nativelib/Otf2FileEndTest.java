package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.reader.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, item 1: whether an OTF2 file is complete is decided as libotf2 reads it, by the
 * end-of-file record where its last chunk's records end, not by its last two bytes. Bytes after
 * that record (a trailing newline, as an MPI simulator's published archives have) are ignored by
 * libotf2 (otf2-print prints every copy below with a newline appended to each of its files exactly
 * as the original); every cut before it is still refused, also when a newline follows the cut
 * (event files that end in bytes 02 01 are taken as whole without a walk, as before).
 */
class Otf2FileEndTest {
    private static final byte[] NEWLINE = {'\n'};

    /** A copy of the archive directory {@code source} in {@code dir}; its anchor. */
    private static Path copy(Path source, Path dir) throws IOException {
        Path anchor = null;
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path p : walk.toList()) {
                Path target = dir.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                    anchor = target.toString().endsWith(".otf2") ? target : anchor;
                }
            }
        }
        return anchor;
    }

    /** The definition and event files of an archive copy. */
    private static List<Path> recordFiles(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".def") || p.toString().endsWith(".evt")).sorted().toList();
        }
    }

    private static List<Path> archives() throws IOException {
        List<Path> archives = new ArrayList<>(TestTraces.allOtf2());
        archives.add(TestTraces.dir().resolve("two-chunks"));
        archives.add(TestTraces.dir().resolve("calling-context/both"));
        return archives;
    }

    @Tag("slow")
    @Test
    void everyFileOfEveryBundledArchiveIsCompleteWithBytesAfterItsEnd(@TempDir Path tmp) throws Exception {
        int files = 0;
        for (Path source : archives()) {
            Path dir = tmp.resolve(source.getFileName().toString());
            Otf2Files archive = new Otf2Files(copy(source, dir));
            for (Path file : recordFiles(dir)) {
                assertTrue(archive.complete(file), file.toString());
                Files.write(file, NEWLINE, StandardOpenOption.APPEND); // the last byte is no longer 01: the walk decides
                assertTrue(archive.complete(file), file + " with a newline appended");
                Files.write(file, "trailing text\n".getBytes(), StandardOpenOption.APPEND);
                assertTrue(archive.complete(file), file + " with more text appended");
                files++;
            }
        }
        assertTrue(files > 100, files + " files");
    }

    @Test
    void bytesAfterTheEndReachingIntoAnotherChunkAreIgnoredToo(@TempDir Path tmp) throws Exception {
        // two-chunks: 0.evt is a full chunk of 262144 bytes and a last one of 1901; a chunk's worth of newlines
        // after it makes a third "chunk" with no chunk header, which libotf2 never reads
        Otf2Files archive = new Otf2Files(copy(TestTraces.dir().resolve("two-chunks"), tmp));
        Path events = tmp.resolve("traces/0.evt");
        byte[] newlines = new byte[262144];
        Arrays.fill(newlines, (byte) '\n');
        Files.write(events, newlines, StandardOpenOption.APPEND);
        assertTrue(archive.complete(events));
    }

    @Tag("slow")
    @Test
    void everyCutOfEveryFileOfTheSyntheticRunIsRefusedAlsoWithANewlineAfterIt(@TempDir Path tmp) throws Exception {
        Path source = TestTraces.otf2("synth");
        Otf2Files archive = new Otf2Files(copy(source, tmp.resolve("copy")));
        int cuts = 0;
        for (Path file : recordFiles(tmp.resolve("copy"))) {
            byte[] whole = Files.readAllBytes(file);
            boolean events = file.toString().endsWith(".evt");
            for (int length = 0; length < whole.length; length++) {
                Files.write(file, Arrays.copyOf(whole, length));
                // an event file ending in 02 01 is taken as whole without a walk (Otf2Files.complete): a cut right after
                // such bytes inside a record passes; the same cut with a newline after it does not
                boolean endsAsWritten = length >= 2 && whole[length - 2] == 2 && whole[length - 1] == 1;
                // only the end-of-buffer mark lost: libotf2 reads every record, and so does igtrace
                boolean onlyTheMarkLost = length == whole.length - 1;
                if (onlyTheMarkLost) {
                    assertTrue(archive.complete(file), file + " without its last byte");
                } else if (!events || !endsAsWritten) {
                    assertFalse(archive.complete(file), file + " cut to " + length + " of " + whole.length);
                }
                Files.write(file, NEWLINE, StandardOpenOption.APPEND);
                assertEquals(onlyTheMarkLost, archive.complete(file), file + " cut to " + length + " of " + whole.length
                        + ", a newline after it");
                cuts++;
            }
            Files.write(file, whole);
        }
        assertTrue(cuts > 2000, cuts + " cuts");
    }

    @Test
    void cutsInEitherChunkOfATwoChunkFileAreRefusedAlsoWithANewlineAfterThem(@TempDir Path tmp) throws Exception {
        Otf2Files archive = new Otf2Files(copy(TestTraces.dir().resolve("two-chunks"), tmp));
        Path events = tmp.resolve("traces/0.evt");
        byte[] whole = Files.readAllBytes(events);
        assertEquals(264045, whole.length); // a chunk of 262144 bytes and one of 1901
        // whole first: the walk's buffer, kept by the thread for the next file, then holds the end-of-file record past
        // where each cut's last chunk ends, and must not be read there
        assertTrue(archive.complete(events), "whole");
        for (int length : new int[] {1, 17, 18, 19, 1000, 262143, 262144, 262145, 262161, 262162, 262200, 263000, 264000,
                264043}) {
            Files.write(events, Arrays.copyOf(whole, length));
            assertFalse(archive.complete(events), "cut to " + length);
            Files.write(events, NEWLINE, StandardOpenOption.APPEND);
            assertFalse(archive.complete(events), "cut to " + length + ", a newline after it");
        }
        // without its last byte, libotf2's end-of-buffer mark after the end-of-file record, the file is whole to libotf2
        Files.write(events, Arrays.copyOf(whole, 264044));
        assertTrue(archive.complete(events), "cut to 264044");
        Files.write(events, NEWLINE, StandardOpenOption.APPEND);
        assertTrue(archive.complete(events), "cut to 264044, a newline after it");
    }

    /**
     * A file whose headers number more events than libotf2 read: a damaged part read as the end (its bytes could hold
     * the numbered events), or a damaged header (they could not: 2 bytes an event at least, type and length). EZTrace's
     * delays-4 location 0, 1017 bytes, 81 events, its header's last event damaged to 65361: 65361 / 2 = 32680 > 1017.
     */
    @Test
    void moreEventsNumberedThanTheBytesHoldIsTheHeadersDamage() {
        assertTrue(Otf2FileEnd.miscount(81, 65361, 1017).startsWith("more than its 1017 bytes can hold: a chunk header's numbers"));
        // 508 events in 1017 bytes could be there (508 / 2 = 254 <= 1017): a part lost
        assertTrue(Otf2FileEnd.miscount(81, 508, 1017).startsWith("libotf2 reads a damaged part as the end of the file"));
        assertTrue(Otf2FileEnd.miscount(82, 81, 1017).startsWith("libotf2 reads records repeated"));
    }
}
