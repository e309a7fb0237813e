package org.igtrace.core.util;

import java.util.concurrent.Callable;

/**
 * One piece of work that runs on a thread of its own, or here when no thread took it, and whose
 * result is waited for in a way the heap running out cannot hang: a {@code FutureTask} whose own
 * completion runs out of memory stays "completing" for ever and its {@code get()} spins. Here the
 * result is written to plain fields and waited for by joining the thread.
 *
 * @param <T> the result
 */
public final class Background<T> {
    private final Callable<T> work;
    private Thread thread;
    /** Whether the work has ended (read without the lock: {@link #isDone}). */
    private volatile boolean ran;
    private T result;
    private Throwable failure;

    private Background(Callable<T> work) {
        this.work = work;
    }

    /**
     * The work, not started: {@link #joined} runs it on the calling thread unless {@link #startOn} gave it one.
     *
     * @param work the work
     * @param <T> its result
     * @return the work, waiting
     */
    public static <T> Background<T> of(Callable<T> work) {
        return new Background<>(work);
    }

    /**
     * The work, started on a daemon thread of its own.
     *
     * @param name the thread's name
     * @param work the work
     * @param <T> its result
     * @return the work, running
     */
    public static <T> Background<T> started(String name, Callable<T> work) {
        return of(work).startOn(name);
    }

    /**
     * Starts the work on a daemon thread named {@code name}; nothing when it was started or ran already.
     *
     * @param name the thread's name
     * @return this
     */
    public synchronized Background<T> startOn(String name) {
        if (thread != null || ran) {
            return this;
        }
        thread = new Thread(this::runHere, name);
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private void runHere() {
        try {
            result = work.call();
        } catch (Throwable e) { // NOPMD: every failure is the waiting thread's to throw
            failure = e;
        } finally {
            ran = true;
        }
    }

    /**
     * Whether the work has ended; false while it runs, here or on its thread.
     *
     * @return true once it has ended
     */
    public boolean isDone() {
        return ran;
    }

    /**
     * The result: the work runs here if no thread took it, else its thread is waited for. What it
     * threw is thrown here (a checked exception inside an {@link IllegalStateException}).
     *
     * @return the result
     */
    public T joined() {
        Thread t;
        synchronized (this) {
            t = thread;
            if (t == null && !ran) {
                runHere();
            }
        }
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                t.interrupt();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + t.getName(), e);
            }
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        if (!ran) {
            throw new IllegalStateException((t == null ? "work" : t.getName()) + " ended without saying how");
        }
        return result;
    }
}
