package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.igtrace.cli.IgtraceCommand;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGINT near the end of a Spark job (issue 41 item 10, rerun by bench/fault-campaign.sh with
 * SPARK=1): the JVM's shutdown hook stops the SparkContext while the driver's thread runs on, and
 * the job's next step fails with "SparkContext has been shutdown" or "Job 2 cancelled because
 * SparkContext was shut down", which read "igtrace: internal error: java.lang.IllegalStateException:
 * ...", and one stopped before the job began an uncaught exception. Staged without a signal or a
 * race: the job is given a context stopped already. One line saying the job was stopped, not an
 * internal error; no output.
 */
@Tag("slow")
class StoppedContextTest {
    @Test
    void aJobWhoseContextWasStoppedIsOneLineNotAnInternalError(@TempDir Path dir) throws Exception {
        // stopped once the job had begun (its listener attached), before it reads: SparkProfileReader's jobs
        SparkContext spark = context();
        JobReport report = JobReport.attach(spark);
        spark.stop(); // as the shutdown hook does on SIGINT
        StringWriter err = new StringWriter();
        int code = IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), new SparkProfileReader(spark, report),
                SparkTraces.dir().resolve("otf2/delays-4").toString(), "-q", "-o", dir.resolve("g.graphml").toString());
        assertStopped(dir, code, err);

        // stopped before the job began: Main's own first step
        spark = context();
        spark.stop();
        err = new StringWriter();
        code = Main.run(spark, new StringWriter(), new PrintWriter(err, true),
                SparkTraces.dir().resolve("otf2/delays-4").toString(), "-q", "-o", dir.resolve("g.graphml").toString());
        assertStopped(dir, code, err);
    }

    private static SparkContext context() {
        return SparkContext.getOrCreate(new SparkConf().setMaster("local[2]").setAppName("igtrace-stopped")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1"));
    }

    private static void assertStopped(Path dir, int code, StringWriter err) throws Exception {
        assertEquals(List.of("igtrace: " + SparkProfileReader.INTERRUPTED), err.toString().lines().toList());
        assertEquals(1, code);
        try (var files = Files.list(dir)) {
            assertFalse(files.findAny().isPresent(), "no output, no temporary file");
        }
    }
}
