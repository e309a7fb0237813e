package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 41 item 6: the checks of the locations' files (event files that end as libotf2 ends its
 * files, local definitions there and readable) handed to a runner that runs them elsewhere, in
 * ranges, as the Spark job's tasks do: the thread that opens the archive opens none of the
 * locations' files, and the errors, notes and locations read are those of checks made on that
 * thread, whatever ranges the runner makes and in whatever order they come back.
 */
class RemoteFileChecksTest {
    static {
        Remedy.nameWith(r -> "--" + r.key());
    }

    /** Runs each location as a range of its own, on another thread, the last range first. */
    private static final class Ranges implements Otf2FileChecks.Runner {
        final AtomicLong opened = new AtomicLong();
        final AtomicInteger ranges = new AtomicInteger();

        @Override
        public List<Otf2FileChecks.Problem> run(Otf2FileChecks checks) throws TraceReadException {
            try {
                return CompletableFuture.supplyAsync(() -> {
                    long before = Otf2Files.filesOpened();
                    List<Otf2FileChecks.Problem> all = new ArrayList<>();
                    try {
                        for (int i = checks.count() - 1; i >= 0; i--) {
                            ranges.incrementAndGet();
                            all.addAll(checks.problems(i, i + 1));
                        }
                    } catch (TraceReadException e) {
                        throw new IllegalStateException(e);
                    }
                    opened.addAndGet(Otf2Files.filesOpened() - before);
                    return all;
                }).get();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                if (e.getCause().getCause() instanceof TraceReadException t) {
                    throw t;
                }
                throw new IllegalStateException(e);
            }
        }
    }

    private static Path copy(Path dir) throws IOException, TraceReadException {
        return LocalDefinitionFilesTest.copy(TestTraces.otf2("scorep-late-sender-barrier"), dir);
    }

    @Test
    void theOpeningThreadOpensNoLocationsFile(@TempDir Path dir) throws Exception {
        Path anchor = copy(dir);
        Ranges runner = new Ranges();
        long before = Otf2Files.filesOpened();
        Otf2TraceReader remote = Otf2TraceReader.open(anchor, ReadOptions.DEFAULT, ReadProgress.NONE, runner);
        long opened = Otf2Files.filesOpened() - before;
        assertEquals(4, runner.ranges.get(), "a range per location");
        // scorep-late-sender-barrier: 4 locations, each an event file and local definitions that hold definitions
        // (a range's first local definitions that hold definitions are opened twice: once by the fast check, then walked)
        assertTrue(runner.opened.get() >= 2 * 4, "the runner opened each location's two files: " + runner.opened.get());
        assertEquals(1, opened - runner.opened.get(), "the opening thread opened the global definitions (their end checked), no location's file");
        Otf2TraceReader here = Otf2TraceReader.open(anchor, ReadOptions.DEFAULT, ReadProgress.NONE);
        assertEquals(here.parts(), remote.parts());
        assertEquals(here.notes(), remote.notes());
        assertEquals(here.definitions().processCount(), remote.definitions().processCount());
    }

    /** Each damage, refused and skipped: the same error, notes and locations as checks made on the opening thread. */
    @ParameterizedTest
    @CsvSource({
        "traces/2.def, deleted", "traces/2.def, cut", "traces/2.def, header", "traces/1.evt, cut",
        "traces/3.def, cut", "traces/0.def, emptied",
    })
    void remoteChecksGiveTheErrorsAndNotesOfLocalOnes(String victim, String how, @TempDir Path dir) throws Exception {
        Path anchor = copy(dir);
        Path file = dir.resolve(victim);
        byte[] bytes = Files.readAllBytes(file);
        switch (how) {
            case "deleted" -> Files.delete(file);
            case "emptied" -> Files.write(file, new byte[0]);
            case "cut" -> Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
            case "header" -> {
                bytes[0] ^= (byte) 0xff;
                Files.write(file, bytes);
            }
            default -> throw new IllegalArgumentException(how);
        }
        if (victim.equals("traces/3.def")) { // two locations with a problem: both named in the note, in location order
            Files.write(dir.resolve("traces/0.evt"), Arrays.copyOf(Files.readAllBytes(dir.resolve("traces/0.evt")), 40));
        }
        String local = refusal(anchor, null);
        assertNotNull(local, "refused");
        assertTrue(local.startsWith(dir.resolve(victim.equals("traces/3.def") ? "traces/0.evt" : victim) + ": "), local);
        assertEquals(local, refusal(anchor, new Ranges()));
        ReadOptions skip = new ReadOptions(true, 0);
        Otf2TraceReader here = Otf2TraceReader.open(anchor, skip, ReadProgress.NONE);
        Otf2TraceReader remote = Otf2TraceReader.open(anchor, skip, ReadProgress.NONE, new Ranges());
        assertTrue(here.notes().stream().anyMatch(n -> n.contains(" left out for ")), here.notes().toString());
        assertEquals(here.notes(), remote.notes());
        assertEquals(here.parts(), remote.parts());
        long[] parts = new long[here.parts()];
        long[] remoteParts = new long[remote.parts()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = here.announced(i);
            remoteParts[i] = remote.announced(i);
        }
        assertArrayEquals(parts, remoteParts);
    }

    private static String refusal(Path anchor, Otf2FileChecks.Runner runner) {
        try {
            if (runner == null) {
                Otf2TraceReader.open(anchor, ReadOptions.DEFAULT, ReadProgress.NONE);
            } else {
                Otf2TraceReader.open(anchor, ReadOptions.DEFAULT, ReadProgress.NONE, runner);
            }
            return null;
        } catch (TraceReadException e) {
            return e.getMessage();
        }
    }
}
