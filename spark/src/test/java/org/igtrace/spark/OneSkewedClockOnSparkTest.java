package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 34 item 3 on Spark: the distributed join chooses the waiting pairs again after a first
 * correction, as the command line does (ClockOffsets: on the raw clocks a clock that is ahead makes its
 * partners' receives look waiting when they were late). testdata/make-one-skewed-clock.py writes a
 * one-way ring of 16 ranks and a 6 x 6 halo exchange, every transfer equal, with one rank's
 * timestamps 1 s ahead, and expected-waits.csv: the waits SPEC 8 gives on the exact clocks, from the
 * generator's own times. So the truth is exact: every rank but the skewed one has one common offset,
 * the skewed one 1 s less, and every wait is the exact clocks' wait. With only the raw clocks' waiting
 * pairs (the driver given no transfer points, as before the join tasks sent them) the skewed rank's
 * offset came out 34 us (ring) and 22 us (halo) away from the others' less 1 s: this test failed.
 */
@Tag("slow")
class OneSkewedClockOnSparkTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("igtrace-test")
                .config("spark.ui.enabled", "false")
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

    @ParameterizedTest
    @CsvSource({"ring16, 16, 10", "halo6x6, 36, 0"})
    void theSkewedClockIsPlacedAndTheExactWaitsComeBack(String name, int ranks, int skewed) throws Exception {
        Path dir = SparkTraces.dir().resolve("one-skewed-clock");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String trace = dir.resolve(name + "-rank" + skewed + "-plus-1s").toString();
        int code = Main.run(spark, out, new PrintWriter(err, true), new String[] {"stats", trace, "--format", "json"});
        assertEquals(0, code, err.toString());
        JsonNode stats = new ObjectMapper().readTree(out.toString());
        assertEquals(0, stats.get("summary").get("clock_conflicts_after").asLong());
        JsonNode processes = stats.get("processes");
        assertEquals(ranks, processes.size());
        double common = processes.get(skewed == 0 ? 1 : 0).get("clock_offset").asDouble();
        for (JsonNode p : processes) {
            int r = p.get("rank").asInt();
            assertEquals(r == skewed ? common - 1 : common, p.get("clock_offset").asDouble(), 1e-9, "rank " + r + "'s offset, s");
        }
        List<String> rows = Files.readAllLines(dir.resolve("expected-waits.csv"));
        int seen = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            if (f[0].equals(name)) {
                JsonNode p = processes.get(Integer.parseInt(f[1]));
                assertEquals(Long.parseLong(f[2]) * 1e-6, p.get("wait_late_sender").asDouble(), 1e-12, "late sender, rank " + f[1]);
                assertEquals(Long.parseLong(f[3]) * 1e-6, p.get("wait_late_receiver").asDouble(), 1e-12, "late receiver, rank " + f[1]);
                seen++;
            }
        }
        assertEquals(ranks, seen);
    }
}
