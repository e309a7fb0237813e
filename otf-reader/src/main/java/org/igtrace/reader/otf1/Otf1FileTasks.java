package org.igtrace.reader.otf1;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.igtrace.core.util.Workers;
import org.igtrace.reader.TraceReadException;

/**
 * One task per events file on a few threads, each taking the next file in the list's order. After a
 * failure no file is started; the ones under way end. The failure thrown is the first file's in the
 * list that failed (every file before it was started, so it is the one a read file by file meets
 * first), a damaged file's before any other failure (memory running out beside it): the error a
 * damaged trace gets does not depend on which thread came first.
 */
final class Otf1FileTasks {
    private Otf1FileTasks() {
    }

    /** One file's task. */
    @FunctionalInterface
    interface FileTask {
        /**
         * Handles file {@code index} of the list.
         *
         * @param index the file's place in the list
         * @throws TraceReadException when the file cannot be read
         */
        void run(int index) throws TraceReadException;
    }

    /**
     * Runs {@code task} for the indexes of {@code eventFiles} on up to {@code threads} threads named {@code name}.
     *
     * @param eventFiles the files
     * @param threads the most threads
     * @param name the threads' name
     * @param task one file's task
     * @throws TraceReadException the first failed file's failure (an unchecked one is thrown as itself)
     */
    static void each(List<Path> eventFiles, int threads, String name, FileTask task) throws TraceReadException {
        int files = eventFiles.size();
        Throwable[] failed = new Throwable[files];
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        try {
            Workers.run(name, Math.max(1, Math.min(threads, files)), false, worker -> {
                for (int i = next.getAndIncrement(); i < files && !stop.get(); i = next.getAndIncrement()) {
                    try {
                        task.run(i);
                    } catch (Throwable e) { // NOPMD: every failure is thrown below, the first file's
                        failed[i] = e;
                        stop.set(true);
                    }
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceReadException("interrupted while reading the events");
        }
        Throwable first = null;
        for (Throwable e : failed) {
            if (e instanceof TraceReadException t) {
                throw t;
            }
            first = first == null ? e : first;
        }
        if (first instanceof RuntimeException r) {
            throw r;
        }
        if (first instanceof Error e) {
            throw e;
        }
    }
}
