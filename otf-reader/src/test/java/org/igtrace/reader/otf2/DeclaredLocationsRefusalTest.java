package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.reader.ExternalCommand;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refusing an archive that declares many locations and holds the event file of one (issue 41
 * item 6): the read of the global definitions stops at the first location to read whose event
 * file is missing, so the locations, regions, groups and communicators declared after it are
 * neither passed through JNA nor stored, and the strings before it are not passed either. The archive is bench/make-otf2-trace's {@code declared}
 * pattern (compiled here, as TimelineSizeTest does): per process a string "MPI Rank r", a PROCESS
 * location group and a CPU-thread location, in that order (all strings, then all groups, then all
 * locations), then MPI_COMM_WORLD's two groups of N members; only {@code traces/1.evt} is there (empty:
 * the refusal comes before any file is opened). The message is the one the check after a whole read
 * makes: location 0's file named, the other 1 location counted.
 */
class DeclaredLocationsRefusalTest {
    @TempDir
    Path dir;

    @Test
    void refusalStopsAtTheFirstMissingFile() throws Exception {
        int n = 100_000;
        Path generator = dir.resolve("make-otf2-trace");
        Path source = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().resolveSibling("bench")
                .resolve("make-otf2-trace.c");
        ExternalCommand.lines("gcc", "-O2", "-o", generator.toString(), source.toString(), "-lotf2");
        Path trace = dir.resolve("declared");
        ExternalCommand.lines(generator.toString(), trace.toString(), Integer.toString(n), "0", "declared");
        Files.createDirectories(trace.resolve("traces"));
        Files.createFile(trace.resolve("traces").resolve("1.evt"));
        Path anchor = trace.resolve("traces.otf2");

        assertEquals(1, refusedAllocating(anchor, trace) >= 0 ? 1 : 0); // warm-up: JNA, libotf2 and the classes loaded
        long allocated = refusedAllocating(anchor, trace);
        // When the folder holds fewer event files than the anchor declares locations, a first pass passes
        // only the location groups and locations through JNA (not the N strings before them), up to the
        // first location to read with its file missing, then the strings up to its name. Measured:
        // 4.4 MB (43 bytes per process: the groups' callbacks); 30.9 MB (308 bytes) reading the
        // strings and groups and stopping at location 0; 74.8 MB (747 bytes) reading all of them before.
        System.out.println("refusal: " + allocated + " bytes allocated, " + allocated / n + " per declared process");
        assertTrue(allocated < 100L * n, allocated / n + " bytes allocated per declared process");
    }

    /** Bytes allocated on this thread while refusing the archive; the refusal's message checked. */
    private static long refusedAllocating(Path anchor, Path trace) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        TraceReadException e = assertThrows(TraceReadException.class,
                () -> Otf2TraceReader.open(anchor, new ReadOptions(false, 1), ReadProgress.NONE));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(trace.resolve("traces").resolve("0.evt") + ": missing (location 0, \"MPI Rank 0\"); use " + org.igtrace.core.diagnostic.Remedy.SKIP_MISSING.named() + " to read "
                + "the other location", e.getMessage());
        return allocated;
    }
}
