package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.igtrace.cli.IgtraceCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 18: the Spark job in local[2] gives, on every trace in testdata/, what the command line
 * gives on this machine: the same graph text byte for byte and the same summary, notes and
 * --stats table on standard error, with clocks corrected and raw, with modelled collectives,
 * without waits, and in DOT. Location tasks and join partitions are set so that every trace is
 * split over several tasks (and a process's streams meet in a join task other than the one that
 * read them).
 */
@Tag("slow")
class LocalModeMatchesCliTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("igtrace-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config(SparkProfileReader.TASKS_PER_CORE, "2")
                .config(DistributedWaits.JOIN_PARTITIONS, "3")
                .config("spark.driver.host", "127.0.0.1")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    static Stream<Arguments> runs() throws Exception {
        List<Arguments> runs = new ArrayList<>();
        for (Path trace : SparkTraces.all()) {
            runs.add(Arguments.of(trace, List.of("--stats")));
            runs.add(Arguments.of(trace, List.of("--clock-correction", "none", "--collectives", "--stats")));
        }
        Path delays = SparkTraces.dir().resolve("otf2/delays-4");
        runs.add(Arguments.of(delays, List.of("--weight", "wait", "--graph", "tree", "--format", "dot")));
        runs.add(Arguments.of(delays, List.of("--no-waits", "--collectives", "--format", "csv")));
        runs.add(Arguments.of(SparkTraces.dir().resolve("otf1/vt-md-mpi-cuda/md_mpi_cuda.otf"),
                List.of("--no-waits", "--weight", "bytes")));
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runs")
    void sparkGivesTheCommandLinesOutput(Path trace, List<String> options) {
        Output cli = Output.of(false, trace, options);
        Output onSpark = Output.of(true, trace, options);
        assertEquals(0, cli.code, cli.err);
        assertTrue(cli.out.length() > 100, "the command line wrote a graph");
        assertEquals(cli.code, onSpark.code, onSpark.err);
        assertEquals(cli.out, onSpark.out, "graph of " + trace + " " + options);
        assertEquals(cli.err, onSpark.err, "summary of " + trace + " " + options);
    }

    /**
     * A damaged events file, met by an executor (the driver reads only definitions), is the
     * command line's one-line error naming the file, with exit code 1.
     */
    @Test
    void damagedEventsFileIsTheCommandLinesError() throws Exception {
        Path copy = java.nio.file.Files.createTempDirectory("igtrace-spark-damaged");
        try {
            try (Stream<Path> files = java.nio.file.Files.list(SparkTraces.dir().resolve("otf1/synth-z"))) {
                for (Path f : files.toList()) {
                    java.nio.file.Files.copy(f, copy.resolve(f.getFileName()));
                }
            }
            // Bytes 20.. of a 224-byte zlib stream overwritten: inflating it fails.
            Path events = copy.resolve("synth.1.events.z");
            byte[] bytes = java.nio.file.Files.readAllBytes(events);
            java.util.Arrays.fill(bytes, 20, 120, (byte) 0x5a);
            java.nio.file.Files.write(events, bytes);
            Output cli = Output.of(false, copy.resolve("synth.otf"), List.of());
            Output onSpark = Output.of(true, copy.resolve("synth.otf"), List.of());
            assertEquals(1, cli.code, cli.err);
            assertTrue(cli.err.startsWith("igtrace: " + events), cli.err);
            assertEquals(cli.code, onSpark.code, onSpark.err);
            assertEquals(cli.err, onSpark.err);
            assertEquals("", onSpark.out);
        } finally {
            try (Stream<Path> files = java.nio.file.Files.walk(copy)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private record Output(int code, String out, String err) {
        static Output of(boolean onSpark, Path trace, List<String> options) {
            List<String> args = new ArrayList<>();
            args.add(trace.toString());
            args.addAll(options);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            PrintWriter errWriter = new PrintWriter(err, true);
            String[] a = args.toArray(String[]::new);
            int code = onSpark ? Main.run(spark, out, errWriter, a) : IgtraceCommand.run(out, errWriter, a);
            errWriter.flush();
            return new Output(code, out.toString(), err.toString());
        }
    }
}
