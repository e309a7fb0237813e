package org.igtrace.core.util;

/**
 * Runs one task on each of several threads and waits for them in a way the heap running out
 * cannot hang. A {@code java.util.concurrent} future can: when memory runs out inside its own
 * completion (linking the call that marks it failed allocates), it stays "completing" for ever and
 * its {@code get()} spins (a 4,096-rank read with a 32 MB heap hung so, one run in 25). Here a
 * worker's end is counted under a plain monitor in a {@code finally} that allocates nothing, and
 * the wait also looks at whether the threads are alive.
 */
public final class Workers {
    /** How long the waiting thread sleeps between looks at the workers, in milliseconds. */
    private static final long LOOK_MS = 100;

    private Workers() {
    }

    /**
     * One worker's part.
     *
     * @param <E> the checked exception it may throw
     */
    @FunctionalInterface
    public interface Task<E extends Exception> {
        /**
         * Does worker {@code worker}'s part.
         *
         * @param worker the worker's number, from 0
         * @throws E when the part fails
         */
        void run(int worker) throws E;
    }

    /** The workers' ends, counted under this object's monitor. */
    private static final class Ends {
        private int ended;
        private Throwable failure;
    }

    /**
     * Runs {@code task(0)} to {@code task(count - 1)}, each on a daemon thread of its own (one task
     * runs on the calling thread), and returns when all have ended (when a thread cannot be started,
     * the ones started are waited for as after a failure, and that failure is thrown). A failure is thrown as itself:
     * the first one to end a worker, after all have ended, or at once when {@code firstFailureEnds}
     * (the others are then interrupted and left to end on their own: a reader may wait for ever).
     *
     * @param name the threads' name
     * @param count how many workers
     * @param firstFailureEnds whether a failure ends the wait without the other workers
     * @param task each worker's part
     * @param <E> the checked exception a part may throw
     * @throws E the first failure, when it is one
     * @throws InterruptedException when the waiting thread is interrupted (the workers are too)
     */
    public static <E extends Exception> void run(String name, int count, boolean firstFailureEnds, Task<E> task)
            throws E, InterruptedException {
        if (count == 1) {
            task.run(0);
            return;
        }
        Ends ends = new Ends();
        Thread[] threads = new Thread[count];
        for (int w = 0; w < count; w++) {
            int worker = w;
            threads[w] = new Thread(() -> {
                Throwable failed = null;
                try {
                    task.run(worker);
                } catch (Throwable e) { // NOPMD: every failure is the waiting thread's to throw
                    failed = e;
                } finally {
                    synchronized (ends) {
                        if (failed != null && ends.failure == null) {
                            ends.failure = failed;
                        }
                        ends.ended++;
                        ends.notifyAll();
                    }
                }
            }, name);
            threads[w].setDaemon(true);
        }
        int started = 0;
        Throwable notStarted = null;
        try {
            for (Thread t : threads) {
                t.start();
                started++;
            }
        } catch (RuntimeException | Error e) { // no native thread to be had: the started ones are waited for as before
            notStarted = e;
        }
        Throwable failure;
        try {
            synchronized (ends) {
                while (ends.ended < started && (ends.failure == null && notStarted == null || !firstFailureEnds)) {
                    ends.wait(LOOK_MS);
                    if (ends.ended < started && noneAlive(threads)) {
                        // a worker died without being counted: only an error inside the finally could do it
                        ends.failure = ends.failure != null ? ends.failure
                                : new IllegalStateException(name + ": a worker thread ended without saying how");
                        break;
                    }
                }
                failure = ends.failure != null ? ends.failure : notStarted;
            }
        } catch (InterruptedException e) {
            interruptAll(threads);
            throw e;
        }
        if (failure == null) {
            return;
        }
        interruptAll(threads);
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked") // a task throws E or an unchecked failure
        E checked = (E) failure;
        throw checked;
    }

    private static boolean noneAlive(Thread[] threads) {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return false;
            }
        }
        return true;
    }

    private static void interruptAll(Thread[] threads) {
        for (Thread t : threads) {
            t.interrupt();
        }
    }
}
