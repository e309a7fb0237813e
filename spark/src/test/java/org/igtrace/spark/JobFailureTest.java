package org.igtrace.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/** What the driver hears of a failed task, and the job's own settings checked before it starts. */
class JobFailureTest {
    /**
     * A damaged events file in a folder named {@code a>>b}: the driver's line was cut at the mark's end inside the path
     * ("igtrace: /tmp/a"), and a path holding an escape sequence reached the terminal raw in Spark's log lines, which
     * print the marked text. The line comes back whole; the marked text holds neither {@code >>} nor a control character.
     */
    @Test
    void aLineHoldingTheMarksEndOrControlCharactersComesBackWhole() {
        String line = "/tmp/a>>b/x\u001b[31mRED\u0085%41/traces/2.evt: damaged or truncated (events of location 2)";
        String told = JobFailure.tell(line);
        String inside = told.substring("igtrace-failure<<".length(), told.length() - 2);
        assertFalse(inside.contains(">>"), inside);
        assertFalse(inside.chars().anyMatch(c -> c < 0x20 || (c >= 0x7f && c < 0xa0)), inside);
        assertEquals(line, JobFailure.find(new IllegalStateException("Job aborted: java.lang.IllegalStateException: " + told,
                new RuntimeException("x"))));
        assertNull(JobFailure.find(new RuntimeException("no mark")));
    }

    /** --conf spark.igtrace.tasksPerCore=abc was an internal error (NumberFormatException) once the job began. */
    @Test
    void aSettingThatIsNoWholeNumberIsSaid() {
        assertNull(Main.badSetting(new SparkConf(false).set("spark.igtrace.tasksPerCore", "4")));
        assertEquals("--conf spark.igtrace.tasksPerCore: its value is not a whole number of at least 1",
                Main.badSetting(new SparkConf(false).set("spark.igtrace.tasksPerCore", "abc")));
        assertEquals("--conf spark.igtrace.joinPartitions: its value is not a whole number of at least 1 and at most 1000000",
                Main.badSetting(new SparkConf(false).set("spark.igtrace.joinPartitions", "0")));
        // 2^31 - 1 partitions: Spark's own arrays ran out of memory, with a stack trace
        assertEquals("--conf spark.igtrace.joinPartitions: its value is not a whole number of at least 1 and at most 1000000",
                Main.badSetting(new SparkConf(false).set("spark.igtrace.joinPartitions", "2147483647")));
        assertNull(Main.badSetting(new SparkConf(false).set("spark.igtrace.joinPartitions", "1000000")));
        assertNull(Main.badSetting(new SparkConf(false).set("spark.igtrace.collectiveRangeRecords", "10000000000")));
    }
}
