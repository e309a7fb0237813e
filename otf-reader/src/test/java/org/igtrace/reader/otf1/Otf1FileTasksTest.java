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

    /**
     * The first file in the list that fails is named, though another thread's file failed sooner;
     * after a failure no file is started (reading the rest would only delay the error).
     */
    @Test
    void theFirstFailedFileInTheListIsThrownAndNoFileStartsAfterAFailure() {
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
        assertEquals(1, tried.get(0));
        assertEquals(1, tried.get(1));
        assertEquals(0, tried.get(2), "no file is started after a failure");
    }

    /** Memory running out beside a damaged file does not hide the damage: the file is named. */
    @Test
    void aDamagedFileIsNamedBeforeAnotherFailure() {
        TraceReadException e = assertThrows(TraceReadException.class, () -> Otf1FileTasks.each(FILES, 2, "t", i -> {
            if (i == 0) {
                sleep(300);
                throw new OutOfMemoryError("Java heap space");
            }
            if (i == 1) {
                throw new TraceReadException(FILES.get(i) + ": damaged");
            }
        }));
        assertEquals("a.1.events: damaged", e.getMessage());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
