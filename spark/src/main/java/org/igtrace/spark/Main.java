package org.igtrace.spark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.SparkSession;
import org.igtrace.cli.IgtraceCommand;

/**
 * {@code spark-submit --class org.igtrace.spark.Main igtrace-spark.jar TRACE [graph options] -o OUT}:
 * the graph command with the trace read and analysed as a Spark job (see {@link SparkProfileReader});
 * options, output, summary and exit codes are the command line's.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // Commands that read on the driver (timeline, report, predict) read in this JVM: a child JVM
        // (the command line's isolation of libotf2) would not find igtrace's classes, which
        // spark-submit loads from the job jar in a class loader of its own.
        System.setProperty("igtrace.isolate", "false");
        SparkSession spark = SparkSession.builder().appName("igtrace").getOrCreate();
        int code;
        try {
            Writer stdout = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
            PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
            code = run(spark, stdout, err, args);
        } finally {
            spark.stop();
        }
        System.exit(code);
    }

    /** Runs the graph command on {@code spark}; returns the exit code. */
    public static int run(SparkSession spark, Writer stdout, PrintWriter err, String... args) {
        if (!spark.sparkContext().getConf().contains("spark.sql.shuffle.partitions")) {
            // Spark's default of 200 partitions per aggregation is made for tables, not for these few keys.
            spark.conf().set("spark.sql.shuffle.partitions", String.valueOf(Math.max(2, spark.sparkContext().defaultParallelism())));
        }
        JobReport report = JobReport.attach(spark);
        int code = IgtraceCommand.run(stdout, err, new SparkProfileReader(spark, report), args);
        try {
            report.write(spark, code);
        } catch (IOException e) {
            err.println("igtrace: " + JobReport.file(spark) + ": " + e.getMessage());
        } finally {
            spark.sparkContext().removeSparkListener(report);
        }
        return code;
    }
}
