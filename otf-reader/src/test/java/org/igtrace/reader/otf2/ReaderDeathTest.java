package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.junit.jupiter.api.Test;

/**
 * A reader thread that dies ends the read at once, though another reader thread waits for ever (issue 41 item 1: the
 * heap ran out in one reader while {@code main} waited in {@code FutureTask.get} for another, which waited for the dead
 * one's events: 1 run in 11 hung). Deterministic: the real reader and libotf2 read jacobi-8 on two threads; the sink
 * the events go to holds each thread at its first location until both have one, then makes the thread of the first
 * task (made first, so the lower thread id: ThreadPoolExecutor starts a worker per task while below its core size) wait,
 * as a reader waiting for a dead one's events does, and the other die of an OutOfMemoryError. Waiting for the tasks in
 * the order they were given (the old {@code Future.get} loop) waits for the first, for ever; in the order they end, the
 * error ends the read.
 */
class ReaderDeathTest {
    @Test
    void aReaderThreadsDeathEndsTheWait() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("jacobi-8")).file();
        Otf2TraceReader reader = Otf2TraceReader.open(anchor, new ReadOptions(false, 2), ReadProgress.NONE);
        assertEquals(2, reader.threads());
        OutOfMemoryError death = new OutOfMemoryError("Java heap space");
        CyclicBarrier both = new CyclicBarrier(2);
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch never = new CountDownLatch(1);
        LocationSink sink = (process, order) -> {
            Thread me = Thread.currentThread();
            if (seen.add(me)) {
                try {
                    both.await(30, TimeUnit.SECONDS);
                    long lowest = seen.stream().mapToLong(Thread::getId).min().orElseThrow();
                    if (me.getId() == lowest) {
                        never.await(60, TimeUnit.SECONDS); // the thread of the first task waits, until interrupted
                        throw new IllegalStateException("waited 60 s");
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException("interrupted: the read ended", e);
                } catch (java.util.concurrent.BrokenBarrierException | TimeoutException e) {
                    throw new IllegalStateException("the other reader thread never came", e);
                }
                throw death; // the other dies, as of a heap run out
            }
            return LocationEvents.NONE;
        };
        CompletableFuture<Throwable> read = CompletableFuture.supplyAsync(() -> {
            try {
                reader.read(sink);
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable ended;
        try {
            ended = read.get(15, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            never.countDown();
            throw new AssertionError("the read still waits 15 s after a reader thread died", e);
        } catch (ExecutionException e) {
            throw new AssertionError(e);
        }
        assertSame(death, ended, "the dead thread's error, as itself (the handler says it in one line)");
        assertTrue(seen.size() == 2, "both threads read");
    }
}
