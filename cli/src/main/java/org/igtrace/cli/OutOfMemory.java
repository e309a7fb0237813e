package org.igtrace.cli;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * The one line igtrace says when the Java heap runs out, wherever it ran out (the command's
 * thread, a reader or join thread, a thread that died on its own): what happened and how to give
 * igtrace more, instead of an internal error with a stack trace. A run says one failure's line,
 * whichever handler comes first, and the line counts as said only once it was printed.
 */
final class OutOfMemory {
    /** The message, made while memory is there (the heap's limit does not change). */
    private static final String MESSAGE = message();
    /** Whether a failure's line was printed: once per run, however many threads fail or run out. */
    private static boolean said;

    private OutOfMemory() {
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

    /** A new run (in-process, as tests and Spark's driver run commands) says its own failure's line. */
    static void newRun() {
        synchronized (OutOfMemory.class) {
            said = false;
        }
    }

    /**
     * Says the line of a failure that ended the run, unless one was said: the message when memory
     * ran out (also when it runs out while the other line is made), otherwise {@code prefix} and the failure.
     *
     * @param out where the line goes
     * @param t the failure
     * @param prefix the line's start for any other failure, e.g. {@code "igtrace: internal error: "}
     */
    static void say(PrintWriter out, Throwable t, String prefix) {
        synchronized (OutOfMemory.class) {
            if (!said) {
                out.println(line(t, prefix));
                out.flush();
                said = !out.checkError();
            }
        }
    }

    /**
     * As {@link #say(PrintWriter, Throwable, String)}, on a stream.
     *
     * @param out where the line goes
     * @param t the failure
     * @param prefix the line's start for any other failure
     */
    static void say(PrintStream out, Throwable t, String prefix) {
        synchronized (OutOfMemory.class) {
            if (!said) {
                out.println(line(t, prefix));
                out.flush();
                said = !out.checkError();
            }
        }
    }

    private static String line(Throwable t, String prefix) {
        if (isCause(t)) {
            return MESSAGE;
        }
        try {
            return prefix + t;
        } catch (OutOfMemoryError e) {
            return MESSAGE;
        }
    }

    /**
     * Makes a thread that dies of an uncaught failure say one line (this message when memory ran
     * out) instead of printing its stack trace.
     */
    static void reportUncaughtInOneLine() {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            try {
                say(System.err, e, "igtrace: internal error in thread " + thread.getName() + ": ");
            } catch (Throwable ignored) { // NOPMD: nothing more can be said
                // standard error is gone, or memory is too short even for the line: the next failure's handler tries
            }
        });
    }
}
