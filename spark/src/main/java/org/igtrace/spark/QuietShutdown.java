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
        Runtime.getRuntime().addShutdownHook(new Thread(QuietShutdown::now, "igtrace-quiet-shutdown"));
    }

    /**
     * Silences the default handler and {@code System.err} at once: called by the hook, and by the driver before it stops
     * Spark at the end of a run, whose output and line are written by then. Spark's own stop there could make its threads
     * die the same way (a helper saw about five stack traces after a correct {@code --stats} run of
     * {@code testdata/otf1/synth-plain}, once in four runs).
     */
    static void now() {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            // a thread that dies as Spark stops under it: the run's result and igtrace's line are out already
        });
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true));
    }
}
