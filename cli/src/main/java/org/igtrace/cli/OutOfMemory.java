package org.igtrace.cli;

/**
 * The one line igtrace says when the Java heap runs out, wherever it ran out (the command's
 * thread, a reader or join thread, a thread that died on its own): what happened and how to give
 * igtrace more, instead of an internal error with a stack trace.
 */
final class OutOfMemory {
    /** Whether a failure's line was said: once per run, however many threads fail or run out. */
    private static final java.util.concurrent.atomic.AtomicBoolean SAID = new java.util.concurrent.atomic.AtomicBoolean();

    private OutOfMemory() {
    }

    /**
     * The line for a failure that ended the run: the message when memory ran out, otherwise
     * {@code otherwise}; null when a thread has said a failure's line already (one line, wherever
     * memory ran out).
     *
     * @param t the failure
     * @param otherwise the line for any other failure
     * @return the line to print, or null for none
     */
    static String lineFor(Throwable t, String otherwise) {
        if (SAID.getAndSet(true)) {
            return null;
        }
        return isCause(t) ? message() : otherwise;
    }

    /**
     * Whether {@code t} or one of its causes is an {@link OutOfMemoryError}.
     *
     * @param t a failure
     * @return true when memory ran out
     */
    static boolean isCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /**
     * The message, with the heap's size now and a doubled one to try.
     *
     * @return one line, starting with {@code igtrace: }
     */
    static String message() {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        return "igtrace: out of memory: the Java heap holds at most " + mb + " MB; give igtrace more with "
                + "IGTRACE_JAVA_OPTS=-Xmx" + Math.max(1, 2 * mb / 1024) + "g (or more), or read part of the run "
                + "(--window, --ranks)";
    }

    /**
     * Makes a thread that dies of an uncaught failure say one line (this message when memory ran
     * out) instead of printing its stack trace.
     */
    static void reportUncaughtInOneLine() {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            try {
                String line = lineFor(e, "igtrace: internal error in thread " + thread.getName() + ": " + e);
                if (line != null) {
                    System.err.println(line);
                }
            } catch (Throwable ignored) { // NOPMD: nothing more can be said
                // standard error is gone, or memory is too short even for the line
            }
        });
    }
}
