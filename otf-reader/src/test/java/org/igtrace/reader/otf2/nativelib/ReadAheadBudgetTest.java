package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.reader.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The event files the checks' rings ({@link FileRing}) ask the kernel to read whole stay within one budget for the JVM,
 * however many rings ask (Spark's check tasks, a ring each, several in one executor JVM), and a file's bytes count
 * until libotf2 reads it. Isolated: the budget is the JVM's.
 */
@Isolated
@EnabledOnOs(OS.LINUX)
class ReadAheadBudgetTest {
    private static final int FILE = 40;
    /** The budget the tests leave beyond what is counted when they start: 100 of the 40-byte event files. */
    private static final long ROOM = 100L * FILE;

    /**
     * Two rings of one JVM, over the two halves of 300 locations (two check tasks), checking in turn: together they ask
     * for 100 of the 40-byte files whole, the budget, and for the others' ends. With a budget per ring they asked for
     * 200 (8,000 bytes).
     */
    @Test
    void ringsOfOneJvmAskForNoMoreThanOneBudgetTogether(@TempDir Path dir) throws IOException {
        long[] locations = new long[FileRingTest.LOCATIONS];
        long[] sizes = new long[FileRingTest.LOCATIONS];
        Otf2Files files = FileRingTest.emptyDefinitionsArchive(dir, locations, sizes);
        int half = FileRingTest.LOCATIONS / 2;
        long base = ReadAheadBudget.ahead(); // files other tests' checks read ahead and nothing read here
        long before = ReadAheadBudget.budget(base + ROOM);
        try (FolderChecks first = files.folderChecks(); FolderChecks second = files.folderChecks()) {
            first.ahead(locations, sizes, 0, half);
            second.ahead(locations, sizes, half, FileRingTest.LOCATIONS);
            for (int i = 0; i < half; i++) {
                assertTrue(first.eventsComplete(locations[i], sizes[i]), "location " + i);
                assertTrue(second.eventsComplete(locations[half + i], sizes[half + i]), "location " + (half + i));
            }
        } finally {
            ReadAheadBudget.budget(before);
        }
        long counted = ReadAheadBudget.ahead() - base;
        assertTrue(counted <= ROOM, "bytes asked for whole: " + counted + ", budget " + ROOM);
        assertEquals(ROOM, counted, "the budget used: files read ahead whole while they fit");
        String key = ReadAheadBudget.key(files.directory());
        for (long location : locations) {
            ReadAheadBudget.read(key, location); // as libotf2 reading them would
        }
        assertEquals(base, ReadAheadBudget.ahead());
    }

    /**
     * A file read ahead whole counts until libotf2 reads its events: jacobi-4's four event files (4,607 + 10,105 +
     * 5,255 + 10,005 = 29,972 bytes, each under 1 MiB) count after the checks, and no more after the read.
     */
    @Test
    void aFileReadAheadCountsUntilLibotf2ReadsIt() throws Exception {
        Path anchor = TestTraces.otf2("jacobi-4").resolve("eztrace_log.otf2");
        Otf2Files files = new Otf2Files(anchor);
        List<Long> cpu = new ArrayList<>();
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(new GlobalDefinitionVisitor() {
                @Override
                public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
                    cpu.add(id);
                }
            });
        }
        long[] locations = cpu.stream().mapToLong(Long::longValue).toArray();
        long[] sizes = new long[locations.length];
        long total = 0;
        for (int i = 0; i < locations.length; i++) {
            sizes[i] = Files.size(files.events(locations[i]));
            total += sizes[i];
        }
        assertEquals(29_972, total);
        long base = ReadAheadBudget.ahead();
        try (FolderChecks checks = files.folderChecks()) {
            checks.ahead(locations, sizes, 0, locations.length);
            for (int i = 0; i < locations.length; i++) {
                assertTrue(checks.eventsComplete(locations[i], sizes[i]), "location " + locations[i]);
            }
        }
        assertEquals(base + total, ReadAheadBudget.ahead(), "after the checks");
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readEvents(locations, location -> IGNORE, n -> {
            });
        }
        assertEquals(base, ReadAheadBudget.ahead(), "after the read");
    }

    private static final EventVisitor IGNORE = new EventVisitor() {
        @Override
        public void enter(long time, int region) {
        }

        @Override
        public void leave(long time, int region) {
        }

        @Override
        public void callingContextEnter(long time, int callingContext) {
        }

        @Override
        public void callingContextLeave(long time, int callingContext) {
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long length) {
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long length) {
        }

        @Override
        public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
        }
    };
}
