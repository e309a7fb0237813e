package org.igtrace.reader.otf1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.igtrace.reader.TraceReadException;
import org.junit.jupiter.api.Test;

class Otf1FileTasksTest {
    private static final List<Path> FILES = List.of(Path.of("a.0.events"), Path.of("a.1.events"), Path.of("a.2.events"));

    /** The first file in the list that fails is named, though another thread's file failed sooner. */
    @Test
    void theFirstFailedFileInTheListIsThrownAfterEveryFileWasTried() {
        AtomicIntegerArray tried = new AtomicIntegerArray(3);
        TraceReadException e = assertThrows(TraceReadException.class, () -> Otf1FileTasks.each(FILES, 2, "t", i -> {
            tried.incrementAndGet(i);
            if (i == 0) {
                sleep(300);
            }
            if (i < 2) {
                throw new TraceReadException(FILES.get(i) + ": damaged");
            }
        }));
        assertEquals("a.0.events: damaged", e.getMessage());
        for (int i = 0; i < 3; i++) {
            assertEquals(1, tried.get(i), "file " + i + " tried once");
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
