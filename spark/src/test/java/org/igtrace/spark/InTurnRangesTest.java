package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Threads that call a communicator's collectives in turn, joined in instance ranges spread over partitions: the job
 * joins such a communicator whole, as the command line does (definitions section 8). testdata/make-collectives-in-turn.py:
 * rank 0's master makes the first barrier [100, 305] us, its thread the second [400, 605]; rank 1 enters each last (300,
 * 600): rank 0 waits 300 - 100 + 600 - 400 = 400 us. With one or two arrivals a range the thread's barrier was range 0
 * of its location and paired with rank 1's first: 200 us (the second instance incomplete), whatever the partitions.
 */
class InTurnRangesTest {
    @ParameterizedTest(name = "{0} records per range, {1} partitions")
    @CsvSource({"1, 1", "1, 3", "2, 3", "4, 3"})
    void aCommunicatorCalledInTurnIsJoinedWhole(int rangeRecords, int partitions, @TempDir Path dir) throws Exception {
        ProcessBuilder b = new ProcessBuilder(Path.of("../scripts/spark-local").toAbsolutePath().normalize().toString(),
                SparkTraces.dir().resolve("collectives-in-turn").toString(), "--stats", "-o", dir.resolve("g.graphml").toString())
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
        b.environment().remove("SPARK_HOME");
        b.environment().put("SPARK_LOCAL_OPTS", "--conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1"
                + " --conf spark.igtrace.collectiveRangeRecords=" + rangeRecords + " --conf spark.igtrace.joinPartitions=" + partitions);
        Process p = b.start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "scripts/spark-local ended");
        String err = String.join("\n", Files.readAllLines(dir.resolve("stderr")));
        assertEquals(0, p.exitValue(), err);
        assertTrue(err.contains("waiting 400 us summed over 2 processes"), err);
        List<String> barrier = Files.readAllLines(dir.resolve("stderr")).stream().filter(l -> l.contains("wait at barrier")).toList();
        assertEquals(1, barrier.size(), err);
        assertTrue(barrier.get(0).matches(".*wait at barrier +400 us +20\\.0% +400 us \\(0\\)$"), barrier.get(0));
    }
}
