package org.igtrace.spark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
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
        QuietShutdown.install(); // no stack traces from Spark's threads after igtrace's line on Ctrl-C
        // A SparkContext alone: the job runs on RDDs, so no SQL session (its catalogue, planner and
        // code generation cost seconds of start-up; issue 38). Spark's scratch in a folder of this
        // run, removed at exit, a killed run's by the next (issue 41 item 10).
        SparkConf conf = new SparkConf().setAppName("igtrace");
        RunScratch.install(conf);
        SparkContext spark = SparkContext.getOrCreate(conf);
        int code;
        try {
            Writer stdout = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
            PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
            code = run(spark, stdout, err, args);
            // igtrace's output and line are written: nothing Spark's stop prints as a stack trace reaches the terminal
            // after them; its log lines still do, one line each (spark/conf/log4j2.properties)
            QuietShutdown.now();
        } finally {
            spark.stop();
        }
        System.exit(code);
    }

    /**
     * Under an ASCII file-name encoding ({@code LC_ALL=C}, no locale, or one that is set but not installed: Java's
     * {@code sun.jnu.encoding}) an argument that is not ASCII cannot name a file, and the job, unlike igtrace's launcher,
     * cannot choose the driver's locale: the message for the first such argument, else null.
     */
    static String unnamable(String[] args) {
        String encoding = System.getProperty("sun.jnu.encoding", "");
        if (!encoding.equals("ANSI_X3.4-1968") && !encoding.equals("US-ASCII")) {
            return null;
        }
        for (String a : args) {
            if (!a.chars().allMatch(c -> c < 0x80)) {
                return "'" + IgtraceCommand.shown(a) + "' is not ASCII, and the driver's Java names files in"
                        + " ASCII (its locale is C or POSIX, none, or one not installed): run the job under a UTF-8 locale"
                        + " (LC_ALL=C.UTF-8)";
            }
        }
        return null;
    }

    /** Runs the graph command on {@code spark}'s context; returns the exit code. */
    public static int run(SparkSession spark, Writer stdout, PrintWriter err, String... args) {
        return run(spark.sparkContext(), stdout, err, args);
    }

    /** Runs the graph command on {@code spark}; returns the exit code. */
    public static int run(SparkContext spark, Writer stdout, PrintWriter err, String... args) {
        JobReport report;
        try {
            report = JobReport.attach(spark);
        } catch (IllegalStateException e) { // stopped already (Ctrl-C as the job began): one line, not a stack trace
            if (!spark.isStopped()) {
                throw e;
            }
            err.println("igtrace: " + SparkProfileReader.INTERRUPTED);
            return 1;
        }
        String setting = badSetting(spark.getConf());
        if (setting != null) { // a bad number was an internal error (NumberFormatException) once the job began
            err.println("igtrace: " + setting);
            spark.removeSparkListener(report);
            return 2;
        }
        String unnamable = unnamable(args);
        if (unnamable != null) { // a stack trace (the command's typo check) or a usage error for a path that exists
            err.println("igtrace: " + unnamable);
            spark.removeSparkListener(report);
            return 1;
        }
        int code = IgtraceCommand.run(stdout, err, new SparkProfileReader(spark, report), args);
        try {
            report.write(spark, code);
        } catch (IOException e) { // it said "igtrace: /x/r.tsv: /x/r.tsv", exit 0
            String why = e instanceof java.nio.file.NoSuchFileException ? "its folder does not exist"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
            err.println("igtrace: " + JobReport.file(spark) + ": the job report (spark.igtrace.report) cannot be written: " + why);
            return code == 0 ? 1 : code;
        } finally {
            spark.removeSparkListener(report);
        }
        return code;
    }

    /**
     * The first of igtrace's numeric Spark settings ({@code --conf spark.igtrace....}) that is not a whole number of at
     * least 1, said as a usage error; null when all are.
     *
     * @param conf the job's configuration
     * @return the line, or null
     */
    /** The most partitions the messages' join may be shuffled into (a million: each costs Spark arrays in every task). */
    static final long MAX_JOIN_PARTITIONS = 1_000_000;

    static String badSetting(org.apache.spark.SparkConf conf) {
        for (String key : new String[] {SparkProfileReader.TASKS_PER_CORE, DistributedWaits.JOIN_PARTITIONS, SparkProfileReader.RANGE_RECORDS}) {
            if (!conf.contains(key)) {
                continue;
            }
            String value = conf.get(key);
            // a shuffle of 2^31 - 1 partitions ran out of memory in Spark's own arrays, with a stack trace
            long most = key.equals(SparkProfileReader.RANGE_RECORDS) ? Long.MAX_VALUE : key.equals(DistributedWaits.JOIN_PARTITIONS)
                    ? MAX_JOIN_PARTITIONS : Integer.MAX_VALUE;
            boolean whole;
            try {
                whole = Long.parseLong(value) >= 1 && Long.parseLong(value) <= most;
            } catch (NumberFormatException e) {
                whole = false;
            }
            if (!whole) {
                return "--conf " + key + ": its value is not a whole number of at least 1" + (most == MAX_JOIN_PARTITIONS
                        ? " and at most " + MAX_JOIN_PARTITIONS : "");
            }
        }
        return null;
    }
}
