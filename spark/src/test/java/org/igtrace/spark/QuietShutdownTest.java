package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A SIGINT at 55-60 % of a Spark job printed, after igtrace's "interrupted" line, 54-58 lines of
 * {@code RejectedExecutionException} stack traces from threads that died as Spark stopped under
 * them (issue 41 item 10, 2 of 10 runs). Staged without Spark or a race, in a JVM of its own set
 * up as the driver ({@link QuietShutdown#install}): a shutdown hook (as Spark's stop) makes a
 * thread die of that exception once the shutdown has begun, after igtrace's line. Standard error
 * must hold igtrace's line alone.
 */
class QuietShutdownTest {
    @Test
    void aThreadDyingDuringTheShutdownPrintsNoStackTrace() throws Exception {
        assertEquals("igtrace: " + SparkProfileReader.INTERRUPTED + "\n", output(Driver.class, 130));
    }

    /** What {@code driver}'s main, run in a JVM of its own, wrote to standard output and error; its exit code must be {@code code}. */
    private static String output(Class<?> driver, int code) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), driver.getName()).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(code, child.exitValue());
        return out;
    }

    /**
     * The end of a run that did not fail: a helper saw about five {@code RejectedExecutionException} stack traces after a
     * correct {@code --stats} output of {@code testdata/otf1/synth-plain} (once in four runs), printed as Spark stopped,
     * before the JVM's shutdown began. Staged: the driver writes its line, says the run is over
     * ({@link QuietShutdown#now}, as {@link Main} does before {@code spark.stop()}), and a thread dies of that exception
     * before the exit. Standard error holds igtrace's line alone.
     */
    @Test
    void aThreadDyingAsSparkStopsAfterTheRunPrintsNoStackTrace() throws Exception {
        assertEquals("igtrace: 4 processes\n", output(EndingDriver.class, 0));
    }

    /** A run's end: igtrace's line, the run over, then a thread of the "stopping Spark" dies of RejectedExecutionException. */
    static final class EndingDriver {
        public static void main(String[] args) throws Exception {
            QuietShutdown.install();
            System.err.println("igtrace: 4 processes");
            QuietShutdown.now();
            Thread dying = new Thread(() -> {
                throw new RejectedExecutionException("Task rejected from java.util.concurrent.ThreadPoolExecutor[Terminated]");
            }, "dispatcher-event-loop-0");
            dying.start();
            dying.join();
            System.err.println("java.util.concurrent.RejectedExecutionException: printed directly");
            System.exit(0);
        }
    }

    /** The driver's set-up; its own shutdown hook, once System.err is no longer the original, makes a thread die of RejectedExecutionException. */
    static final class Driver {
        public static void main(String[] args) throws Exception {
            PrintStream original = System.err;
            QuietShutdown.install();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (System.err == original && System.nanoTime() < deadline) {
                    Thread.onSpinWait(); // until the shutdown is under way: QuietShutdown's hook has run
                }
                Thread dying = new Thread(() -> {
                    throw new RejectedExecutionException("Task rejected from java.util.concurrent.ThreadPoolExecutor[Terminated]");
                }, "task-result-getter-0");
                dying.start();
                try {
                    dying.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            original.println("igtrace: " + SparkProfileReader.INTERRUPTED);
            original.flush();
            System.exit(130);
        }
    }
}
