package org.igtrace.core.why;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
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
    /** How long the taker waits before it looks whether the filling thread is still alive, in milliseconds. */
    private static final long LOOK_MS = 100;

    private final ToIntFunction<B> fill;
    private final BlockingQueue<Slot<B>> ready;
    private final BlockingQueue<Slot<B>> free;
    /** Given by a filling thread that stopped outside a fill (interrupted, out of memory in the queue's wait). */
    private final Slot<B> end = new Slot<>(null);
    private Slot<B> mine;
    private boolean over;
    /** The filling thread (null: none). */
    private final Thread filler;

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
            filler = null;
            return;
        }
        ready = new ArrayBlockingQueue<>(AHEAD + 2);
        free = new ArrayBlockingQueue<>(AHEAD + 2);
        for (int k = 0; k < AHEAD + 1; k++) {
            free.add(new Slot<>(make.get()));
        }
        filler = new Thread(this::fillAll, name);
        filler.setDaemon(true);
        filler.start();
    }

    /** The next batch, null once none is left; the one given before is given back. */
    B next() {
        if (ready == null) {
            return fill.applyAsInt(mine.batch) > 0 ? mine.batch : null;
        }
        if (!over) {
            if (mine != null) {
                free.add(mine);
            }
            try {
                mine = ready.poll(LOOK_MS, TimeUnit.MILLISECONDS);
                while (mine == null) {
                    boolean alive = filler.isAlive();
                    mine = ready.poll(alive ? LOOK_MS : 0, TimeUnit.MILLISECONDS);
                    if (mine == null && !alive) { // ended without a last slot: the heap ran out in the queue's own offer
                        mine = end;
                        end.failed = new IllegalStateException("the thread of " + filler.getName() + " ended without saying how");
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the delay costs were found", e);
            }
            over = mine.size == 0;
        }
        if (mine.failed instanceof RuntimeException r) {
            throw r;
        }
        if (mine.failed instanceof Error e) {
            throw e;
        }
        if (mine.failed != null) {
            throw new IllegalStateException("interrupted while the delay costs were found", mine.failed);
        }
        return mine.size > 0 ? mine.batch : null;
    }

    /**
     * Fills batches until one is empty or a fill fails. Whatever else ends the thread (an interrupt, an error in the
     * queues' own waits) still gives the taker a last slot holding it, so the taker never waits for ever: the queue
     * of ready slots has room for it beyond the {@value #AHEAD} + 1 batches.
     */
    private void fillAll() {
        Throwable stop;
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
            stop = e;
        } catch (Throwable e) {
            stop = e;
        }
        end.failed = stop;
        ready.offer(end);
    }
}
