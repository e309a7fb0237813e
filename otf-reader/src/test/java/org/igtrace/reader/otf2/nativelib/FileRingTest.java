package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks of the locations' files with their files opened ahead and the kernel asked to read them
 * ({@link FileRing}, issue 41 item 6: on a cold file cache 10^5 synchronous reads of small files cost about four times
 * the system time of the same pages read ahead) find what the checks without it find: an event file missing or
 * whose end is not libotf2's, local definitions missing, holding definitions (the Java checks from there on), or
 * libotf2's empty file; each file opened once, every descriptor closed. 300 locations, more than the ring holds, so
 * that it wraps round. Isolated: the counts of files opened and advised are global to the JVM.
 */
@Isolated
@EnabledOnOs(OS.LINUX)
class FileRingTest {
    static final int LOCATIONS = 300;
    /** libotf2's empty local definitions, little-endian: chunk header 03 42, first record 1, last 0; end of file, end of buffer. */
    private static final byte[] EMPTY = new byte[EmptyLocalDefinitions.SIZE];

    static {
        EMPTY[0] = 3;
        EMPTY[1] = 0x42;
        EMPTY[2] = 1;
        EMPTY[18] = 2;
        EMPTY[19] = 1;
    }

    /**
     * {@code firstDefinitions}: the first location whose local definitions hold definitions (the checks read all
     * local definitions in Java from there on; 0: the ring never opens local definitions ahead).
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 150, 299})
    void checksOpenedAheadFindWhatChecksAtTheirTurnFind(int firstDefinitions, @TempDir Path dir) throws Exception {
        Path folder = Files.createDirectory(dir.resolve("traces"));
        long[] locations = new long[LOCATIONS];
        long[] sizes = new long[LOCATIONS];
        for (int i = 0; i < LOCATIONS; i++) {
            locations[i] = 1000 + 3L * i; // not the indices: names built from the locations
            byte[] events = new byte[40 + i % 7];
            events[0] = 3;
            events[1] = 0x42;
            events[2] = 1; // its first event is number 1 (little-endian), as libotf2 numbers a file's first chunk
            events[events.length - 2] = 2;
            events[events.length - 1] = 1;
            Files.write(folder.resolve(locations[i] + ".evt"), events);
            sizes[i] = events.length;
            byte[] definitions = EMPTY;
            if (i == firstDefinitions) { // a definition record before the end: 21 bytes, ends in 02 01
                definitions = new byte[EMPTY.length + 1];
                System.arraycopy(EMPTY, 0, definitions, 0, 18);
                definitions[18] = 7;
                definitions[19] = 2;
                definitions[20] = 1;
            }
            Files.write(folder.resolve(locations[i] + ".def"), definitions);
        }
        Files.delete(folder.resolve(locations[5] + ".evt")); // missing (the listing that gave its size is older)
        byte[] damaged = Files.readAllBytes(folder.resolve(locations[7] + ".evt"));
        damaged[damaged.length - 1] = 0; // no end-of-buffer mark after the end-of-file record
        Files.write(folder.resolve(locations[7] + ".evt"), damaged);
        Files.delete(folder.resolve(locations[9] + ".def"));
        Files.delete(folder.resolve(locations[200] + ".def"));
        Otf2Files files = new Otf2Files(dir.resolve("traces.otf2")); // no anchor: no chunk sizes, the ends looked at

        long opened = Otf2Files.filesOpened();
        List<String> atTheirTurn = checks(files, locations, sizes, false, false);
        long openedAtTheirTurn = Otf2Files.filesOpened() - opened;
        long fds = openDescriptors(dir); // the trace's files open: those the ring opens
        opened = Otf2Files.filesOpened();
        long advised = FileRing.advised();
        List<String> ahead = checks(files, locations, sizes, true, false);
        long openedAhead = Otf2Files.filesOpened() - opened;
        advised = FileRing.advised() - advised;

        assertEquals(atTheirTurn, ahead);
        assertTrue(atTheirTurn.contains(locations[5] + " events false") && atTheirTurn.contains(locations[7] + " events false")
                && atTheirTurn.contains(locations[9] + " MISSING") && atTheirTurn.contains(locations[200] + " MISSING")
                && atTheirTurn.contains(locations[firstDefinitions] + " COMPLETE"), atTheirTurn.toString());
        assertTrue(LibCAdvice.bound(), "posix_fadvise bound on Linux");
        // every event file there but the damaged one's second look (Java) opened ahead; local definitions ahead
        // only while they are libotf2's empty file
        int definitionsAhead = firstDefinitions == 0 ? 0 : firstDefinitions - 1 - (firstDefinitions > 9 ? 1 : 0);
        assertTrue(advised >= LOCATIONS - 1 + definitionsAhead, "files read ahead: " + advised);
        // each file opened once as before; the local definitions of locations 5 and 7 (their event file's check fails
        // first, so theirs is never checked) may have been opened ahead, and when local definitions that hold
        // definitions follow empty ones, those the ring opened ahead of them (the Java checks open them again)
        int extra = 2 + (firstDefinitions == 0 ? 0 : FileRing.WIDTH - 1);
        assertTrue(openedAhead >= openedAtTheirTurn && openedAhead <= openedAtTheirTurn + extra,
                "opened ahead " + openedAhead + ", at their turn " + openedAtTheirTurn);
        assertDescriptorsBackTo(dir, fds);

        // checks asked in another order than announced: the same answers, the files opened at their turn
        List<String> reversed = checks(files, locations, sizes, true, true);
        assertEquals(atTheirTurn, reversed);
        assertDescriptorsBackTo(dir, fds);
    }

    /**
     * A location whose check does not ask the ring (an event file of under 2 bytes is decided without opening it) does
     * not stop the ring: the locations after it are still read ahead (before, the ring stayed where it was, and the
     * other 297 files were opened at their turn: 65 read ahead).
     */
    @org.junit.jupiter.api.Test
    void aLocationNotAskedOfTheRingLeavesTheRestReadAhead(@TempDir Path dir) throws IOException {
        long[] locations = new long[LOCATIONS];
        long[] sizes = new long[LOCATIONS];
        Otf2Files files = emptyDefinitionsArchive(dir, locations, sizes);
        sizes[2] = 0; // listed as empty: no end to look at
        long advised = FileRing.advised();
        List<String> found = checks(files, locations, sizes, true, false);
        advised = FileRing.advised() - advised;
        assertTrue(found.contains(locations[2] + " events false"), found.toString());
        assertTrue(advised >= 2L * (LOCATIONS - 2), "files read ahead: " + advised);
    }

    /**
     * Rings on several threads at once (Spark's check tasks, one ring each) hold at most {@link FileRing#SHARED}
     * descriptors together, so that the checks' own opens find descriptors under a low limit. Eight rings would hold
     * 8 x 32 event files before.
     */
    @org.junit.jupiter.api.Test
    void ringsTogetherHoldAtMostTheirShareOfDescriptors(@TempDir Path dir) throws Exception {
        long[] locations = new long[LOCATIONS];
        long[] sizes = new long[LOCATIONS];
        Otf2Files files = emptyDefinitionsArchive(dir, locations, sizes);
        try (FolderChecks warm = files.folderChecks()) {
            warm.eventsComplete(locations[0], sizes[0]); // libc loaded
        }
        long fds = openDescriptors();
        long underDir = openDescriptors(dir);
        List<FolderChecks> rings = new ArrayList<>();
        try {
            for (int r = 0; r < 8; r++) {
                FolderChecks checks = files.folderChecks();
                rings.add(checks);
                checks.ahead(locations, sizes, 0, LOCATIONS);
            }
            long held = openDescriptors() - fds - rings.size(); // each checks' folder is a descriptor too
            assertTrue(held <= FileRing.SHARED, "descriptors held ahead: " + held);
            assertTrue(held >= FileRing.WIDTH, "descriptors held ahead: " + held);
            // a check of every location by each: the same answers as at their turn
            List<String> atTheirTurn = checks(files, locations, sizes, false, false);
            for (FolderChecks checks : rings) {
                for (int i = 0; i < LOCATIONS; i++) {
                    assertTrue(checks.eventsComplete(locations[i], sizes[i]), "location " + locations[i]);
                }
            }
            assertEquals(LOCATIONS, atTheirTurn.size());
        } finally {
            for (FolderChecks checks : rings) {
                checks.close();
            }
        }
        assertDescriptorsBackTo(dir, underDir);
    }

    /** {@link #LOCATIONS} locations with complete event files and libotf2's empty local definitions. */
    static Otf2Files emptyDefinitionsArchive(Path dir, long[] locations, long[] sizes) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("traces"));
        for (int i = 0; i < LOCATIONS; i++) {
            locations[i] = i;
            byte[] events = new byte[40];
            events[0] = 3;
            events[1] = 0x42;
            events[2] = 1; // its first event is number 1 (little-endian), as libotf2 numbers a file's first chunk
            events[events.length - 2] = 2;
            events[events.length - 1] = 1;
            Files.write(folder.resolve(i + ".evt"), events);
            sizes[i] = events.length;
            Files.write(folder.resolve(i + ".def"), EMPTY);
        }
        return new Otf2Files(dir.resolve("traces.otf2"));
    }

    /** Each location's checks, as LocationFileCheck makes them: local definitions only when the event file is complete. */
    private static List<String> checks(Otf2Files files, long[] locations, long[] sizes, boolean ahead, boolean reversed) {
        List<String> found = new ArrayList<>();
        try (FolderChecks checks = files.folderChecks()) {
            if (ahead) {
                checks.ahead(locations, sizes, 0, locations.length);
            }
            for (int k = 0; k < locations.length; k++) {
                int i = reversed ? locations.length - 1 - k : k;
                if (!checks.eventsComplete(locations[i], sizes[i])) {
                    found.add(locations[i] + " events false");
                    continue;
                }
                found.add(locations[i] + " " + checks.localDefinitions(locations[i]));
            }
        }
        if (reversed) {
            java.util.Collections.reverse(found);
        }
        return found;
    }

    /**
     * The JVM's open descriptors of files under {@code dir} (the test's trace) are {@code fds} again: a leak stays. Only
     * those are counted: other tests of the same JVM open and close files of their own meanwhile (the count of all
     * descriptors was one over in two default builds); a descriptor closed a moment late is asked again for up to
     * two seconds.
     */
    private static void assertDescriptorsBackTo(Path dir, long fds) throws Exception {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (openDescriptors(dir) != fds && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(fds, openDescriptors(dir), "descriptors of " + dir + " left open");
    }

    /** The JVM's open descriptors of files (or folders) under {@code dir}. */
    static long openDescriptors(Path dir) throws IOException {
        Path real = dir.toRealPath();
        long n = 0;
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    if (Files.readSymbolicLink(fd).startsWith(real)) {
                        n++;
                    }
                } catch (IOException e) {
                    // closed meanwhile (or the listing's own descriptor): not one of the trace's
                }
            }
        }
        return n;
    }

    static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
