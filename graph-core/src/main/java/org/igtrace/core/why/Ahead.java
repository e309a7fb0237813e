package org.igtrace.core.why;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Batches filled ahead of the one thread that takes them, by a thread of their own ({@code ahead}), or else on the
 * taker's thread as it asks for them: the same batches in the same order either way. A batch filled empty ends them;
 * what stops the filling is rethrown to the taker. Memory: {@value #AHEAD} + 1 batches.
 *
 * @param <B> a batch
 */
final class Ahead<B> {
    /** Batches filled ahead of the taker at most. */
    private static final int AHEAD = 4;

    private final ToIntFunction<B> fill;
    private final BlockingQueue<Slot<B>> ready;
    private final BlockingQueue<Slot<B>> free;
    private Slot<B> mine;

    /** A batch with how many it holds and what stopped its filling. */
    private static final class Slot<B> {
        final B batch;
        int size;
        Throwable failed;

        Slot(B batch) {
            this.batch = batch;
        }
    }

    /**
     * @param make  a new batch
     * @param fill  fills a batch, giving how many it holds (0: none left)
     * @param ahead whether a thread of its own, named {@code name}, fills them
     */
    Ahead(Supplier<B> make, ToIntFunction<B> fill, boolean ahead, String name) {
        this.fill = fill;
        if (!ahead) {
            ready = null;
            free = null;
            mine = new Slot<>(make.get());
            return;
        }
        ready = new ArrayBlockingQueue<>(AHEAD + 2);
        free = new ArrayBlockingQueue<>(AHEAD + 2);
        for (int k = 0; k < AHEAD + 1; k++) {
            free.add(new Slot<>(make.get()));
        }
        Thread t = new Thread(this::fillAll, name);
        t.setDaemon(true);
        t.start();
    }

    /** The next batch, null once none is left; the one given before is given back. */
    B next() {
        if (ready == null) {
            return fill.applyAsInt(mine.batch) > 0 ? mine.batch : null;
        }
        if (mine != null) {
            free.add(mine);
        }
        try {
            mine = ready.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the delay costs were found", e);
        }
        if (mine.failed instanceof RuntimeException r) {
            throw r;
        }
        if (mine.failed instanceof Error e) {
            throw e;
        }
        return mine.size > 0 ? mine.batch : null;
    }

    private void fillAll() {
        try {
            while (true) {
                Slot<B> s = free.take();
                try {
                    s.size = fill.applyAsInt(s.batch);
                } catch (RuntimeException | Error e) {
                    s.size = 0;
                    s.failed = e;
                }
                ready.put(s);
                if (s.size == 0) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
