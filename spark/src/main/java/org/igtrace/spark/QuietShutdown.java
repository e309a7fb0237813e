package org.igtrace.spark;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Nothing but log lines after igtrace's own line once the driver's JVM shuts down (Ctrl-C, SIGTERM):
 * Spark's stop, run by the shutdown hooks while the job's threads run on, makes threads die of
 * {@code RejectedExecutionException} (pools already shut down), which the JVM's default handler
 * wrote to standard error as stack traces: 54-58 lines after "igtrace: interrupted: ..." in 2 of
 * 10 SIGINTs at 55-60 % of a job (issue 41 item 10). A shutdown hook silences the default handler
 * and {@code System.err} (direct {@code printStackTrace} calls) as the shutdown begins. Spark's log
 * lines (one line each, spark/conf/log4j2.properties) go to the stream log4j took at start-up, and
 * igtrace's line to the writer {@link Main} made at start-up: both still appear.
 */
final class QuietShutdown {
    private QuietShutdown() {
    }

    /** Registers the hook; call first in the driver's main. */
    static void install() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
                // a thread that dies as Spark stops under it: the run was interrupted, igtrace said so
            });
            System.setErr(new PrintStream(OutputStream.nullOutputStream(), true));
        }, "igtrace-quiet-shutdown"));
    }
}
