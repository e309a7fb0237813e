package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Batches filled ahead: the taker gets the batches in order, and whatever stops the filling thread reaches it instead
 * of leaving it waiting for ever.
 */
class AheadTest {
    private static final Duration LIMIT = Duration.ofSeconds(20);

    /** A fill that numbers its batches 1, 2, ... up to {@code last}, then gives an empty one. */
    private static Ahead<int[]> counting(int last, boolean ahead, String name, AtomicInteger filled) {
        return new Ahead<>(() -> new int[1], b -> {
            int k = filled.incrementAndGet();
            if (k > last) {
                return 0;
            }
            b[0] = k;
            return 1;
        }, ahead, name);
    }

    @Test
    void givesTheBatchesInOrderThenNullOnEitherThread() {
        for (boolean ahead : new boolean[] {false, true}) {
            Ahead<int[]> a = counting(50, ahead, "test-ahead-order", new AtomicInteger());
            assertTimeoutPreemptively(LIMIT, () -> {
                for (int k = 1; k <= 50; k++) {
                    assertEquals(k, a.next()[0]);
                }
                assertNull(a.next());
            });
        }
    }

    @Test
    void aFillThatFailsIsRethrownToTheTakerAfterTheBatchesBeforeIt() {
        RuntimeException boom = new IllegalArgumentException("boom");
        AtomicInteger filled = new AtomicInteger();
        Ahead<int[]> a = new Ahead<>(() -> new int[1], b -> {
            if (filled.incrementAndGet() == 3) {
                throw boom;
            }
            b[0] = filled.get();
            return 1;
        }, true, "test-ahead-fails");
        assertTimeoutPreemptively(LIMIT, () -> {
            assertEquals(1, a.next()[0]);
            assertEquals(2, a.next()[0]);
            assertSame(boom, assertThrows(IllegalArgumentException.class, a::next));
            // Asked again, the same failure: never a wait for a batch that will not come.
            assertSame(boom, assertThrows(IllegalArgumentException.class, a::next));
        });
    }

    /**
     * The filling thread interrupted while it waits for a free batch (the taker slower than it): the taker gets the
     * batches filled before, then an error, where it waited for ever before (the thread ended without a last batch).
     */
    @Test
    void aFillingThreadStoppedOutsideAFillEndsTheTakerWithAnError() throws InterruptedException {
        AtomicInteger filled = new AtomicInteger();
        Ahead<int[]> a = counting(1_000, true, "test-ahead-interrupted", filled);
        Thread filler = null;
        long until = System.nanoTime() + LIMIT.toNanos();
        while (filler == null || filler.getState() != Thread.State.WAITING) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals("test-ahead-interrupted")) {
                    filler = t;
                }
            }
            if (System.nanoTime() > until) {
                throw new AssertionError("the filling thread never waited for a free batch");
            }
            Thread.sleep(5);
        }
        int before = filled.get();
        filler.interrupt();
        filler.join(LIMIT.toMillis());
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int k = 1; k <= before; k++) {
                assertEquals(k, a.next()[0]);
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, a::next);
            assertEquals(InterruptedException.class, e.getCause().getClass());
        });
    }
}
