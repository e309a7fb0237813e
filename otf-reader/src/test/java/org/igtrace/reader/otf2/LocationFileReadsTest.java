package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.otf2.nativelib.Otf2Files;
import org.junit.jupiter.api.Test;

/**
 * The checks before the read cost system calls on the main thread for every location, 10^5 of
 * them at 10^5 processes (issue 41 item 6). Counted as the read system calls of this thread
 * ({@code syscr} of {@code /proc/thread-self/io}): a sound event file's end is read once (it was
 * read twice: once to test it, again to return it) and its chunk header once (the numbers of its
 * events: a file that lost its first chunk ends as a sound one does), libotf2's empty local
 * definitions once (a byte more than their 20, so that their size needs no fstat).
 */
class LocationFileReadsTest {
    private static long reads() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/thread-self/io"))) {
            if (line.startsWith("syscr:")) {
                return Long.parseLong(line.substring(6).strip());
            }
        }
        throw new AssertionError("no syscr in /proc/thread-self/io");
    }

    /** The read system calls of {@code work}, less those of reading the counter itself. */
    private static long readsOf(Runnable work) throws Exception {
        long a = reads();
        long b = reads();
        work.run();
        long c = reads();
        return (c - b) - (b - a);
    }

    @Test
    void eachSoundLocationFileIsReadOnce() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.dir().resolve("sendrecv-ring")).file();
        Otf2Files files = new Otf2Files(anchor);
        Predicate<Path> complete = files.completeness();
        Otf2Files.LocalDefinitionsCheck definitions = files.localDefinitionsCheck();
        Runnable events = () -> {
            for (long location = 0; location < 4; location++) {
                assertTrue(complete.test(files.events(location)));
            }
        };
        Runnable locals = () -> {
            for (long location = 0; location < 4; location++) {
                assertEquals(Otf2Files.LocalDefinitions.EMPTY, definitions.of(location));
            }
        };
        events.run(); // classes loaded
        locals.run();
        assertEquals(8, readsOf(events), "4 event files, their chunk header and their last 2 bytes read once each");
        assertEquals(4, readsOf(locals), "4 empty local definition files, 21 bytes asked once each");
    }
}
