package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundTest {

    @Test
    void workNoThreadTookRunsOnTheCallerOnce() {
        AtomicInteger runs = new AtomicInteger();
        Thread[] on = new Thread[1];
        Background<Integer> b = Background.of(() -> {
            on[0] = Thread.currentThread();
            return runs.incrementAndGet();
        });
        assertFalse(b.isDone());
        assertEquals(1, b.joined());
        assertEquals(1, b.joined(), "the result again, not a second run");
        b.startOn("late"); // nothing: it ran
        assertEquals(1, runs.get());
        assertSame(Thread.currentThread(), on[0]);
    }

    @Test
    void startedWorkRunsOnItsThreadAndIsWaitedFor() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        Thread[] on = new Thread[1];
        Background<String> b = Background.started("igtrace-test", () -> {
            go.await();
            on[0] = Thread.currentThread();
            return "done";
        });
        assertFalse(b.isDone(), "not done while it runs");
        go.countDown();
        assertEquals("done", b.joined());
        assertTrue(b.isDone());
        assertNotSame(Thread.currentThread(), on[0]);
        assertEquals("igtrace-test", on[0].getName());
    }

    /** What the work threw is thrown to the one waiting, as itself (an out-of-memory error says so there). */
    @Test
    void aFailureIsThrownAsItself() {
        OutOfMemoryError heap = new OutOfMemoryError("Java heap space");
        Background<Void> b = Background.started("igtrace-test", () -> {
            throw heap;
        });
        assertSame(heap, assertThrows(OutOfMemoryError.class, b::joined));
        Exception checked = new Exception("checked");
        assertSame(checked, assertThrows(IllegalStateException.class, Background.of(() -> {
            throw checked;
        })::joined).getCause());
    }
}
