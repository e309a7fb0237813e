package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class WorkersTest {

    @Test
    void everyWorkerRunsOnceWithItsOwnNumber() throws Exception {
        AtomicIntegerArray ran = new AtomicIntegerArray(4);
        Workers.run("w", 4, false, ran::incrementAndGet);
        for (int w = 0; w < 4; w++) {
            assertEquals(1, ran.get(w), "worker " + w);
        }
    }

    /** A reader that never ends (a named pipe nobody writes) must not hold the failure of another back. */
    @Test
    void theFirstFailureEndsTheWaitAtOnceWhenAsked() {
        IOException failure = new IOException("damaged");
        CountDownLatch never = new CountDownLatch(1);
        IOException thrown = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(IOException.class,
                () -> Workers.run("w", 2, true, worker -> {
                    if (worker == 0) {
                        throw failure;
                    }
                    never.await(); // interrupted when the wait ends
                })));
        assertSame(failure, thrown, "the failure itself, not a wrapper");
    }

    @Test
    void otherwiseAFailureWaitsForTheOtherWorkers() {
        CountDownLatch second = new CountDownLatch(1);
        boolean[] finished = new boolean[1];
        OutOfMemoryError failure = new OutOfMemoryError("heap");
        OutOfMemoryError thrown = assertThrows(OutOfMemoryError.class, () -> Workers.run("w", 2, false, worker -> {
            if (worker == 0) {
                second.await();
                throw failure;
            }
            second.countDown();
            Thread.sleep(300);
            finished[0] = true;
        }));
        assertSame(failure, thrown, "an error is thrown as itself (the command says the heap ran out)");
        assertTrue(finished[0], "the other worker had ended");
    }

    @Test
    void oneWorkerRunsOnTheCallingThread() throws Exception {
        Thread[] ran = new Thread[1];
        Workers.run("w", 1, true, worker -> ran[0] = Thread.currentThread());
        assertSame(Thread.currentThread(), ran[0]);
    }
}
