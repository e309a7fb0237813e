package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18: a communicator's collectives joined in instance ranges give the instances the join of
 * the whole communicator gives. Three processes on communicator {0, 1, 2}; process 0 has two
 * locations. Instance k: process p (its first location) enters its MPI_Allreduce at 1000k + 10p,
 * arrives (event) one tick later and leaves at 1000k + 500; process 0's second location arrives at
 * 1000k + 3 (later than its first: the first location's times count). Process 2 records only 5 of
 * the 7 instances (instances 5 and 6 are incomplete), and process 1's instance 3 is a barrier
 * (one arrival disagreeing with the first arrival's kind).
 */
class InstanceRangesTest {
    private static final int ALLREDUCE = 0;
    private static final int INSTANCES = 7;

    @ParameterizedTest(name = "{0} records per range: {1} instances per range, {2} ranges")
    @CsvSource({"1, 1, 7", "3, 1, 7", "6, 2, 4", "12, 4, 2", "16777216, 4194304, 1"})
    void rangesJoinTheInstancesTheWholeJoinJoins(long recordsPerRange, int instancesPerRange, int ranges) {
        TraceDefinitions definitions = definitions();
        MatchRecords records = record(new MatchRecords(definitions, new MemoryRecordBlocks(), recordsPerRange));
        assertEquals(instancesPerRange, records.instancesPerRange(0));
        assertEquals(ranges, records.collectives().size(), "instance ranges of communicator 0");
        List<String> seen = new ArrayList<>();
        RecordJoin.Joined<MatchListener> joined = RecordJoin.join(records, 2, () -> collector(seen));
        assertEquals(5, joined.collectivesMatched());
        assertEquals(2, joined.collectivesIncomplete());
        assertEquals(1, joined.collectivesDisagreeing());
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            long base = 1000L * k;
            // enters 1000k + 10p, leaves 1000k + 500; every instance is an allreduce (its first arrival, process 0's).
            expected.add("ALL_TO_ALL enter [" + base + ", " + (base + 10) + ", " + (base + 20) + "] leave [" + (base + 500) + ", "
                    + (base + 500) + ", " + (base + 500) + "]");
        }
        seen.sort(null);
        expected.sort(null);
        assertEquals(expected, seen);
    }

    /**
     * Issue 38: by default a small communicator's instances are joined 1024 at a time, so its
     * collectives are several tasks the join threads share, not one. 16 M records per range over 3
     * members would be 5,592,405 instances, 4,194,304 as a power of two: one range for any trace.
     * With 7 instances the default join still gives what the whole join gives.
     */
    @Test
    void aSmallCommunicatorIsJoinedInRangesOf1024Instances() {
        MatchRecords records = record(new MatchRecords(definitions(), new MemoryRecordBlocks()));
        assertEquals(1024, records.instancesPerRange(0));
        assertEquals(1, records.collectives().size(), "7 instances: one range");
        RecordJoin.Joined<MatchListener> joined = RecordJoin.join(records, 2, () -> collector(new ArrayList<>()));
        assertEquals(5, joined.collectivesMatched());
        assertEquals(2, joined.collectivesIncomplete());
        assertTrue(new MatchRecords(definitions(), new MemoryRecordBlocks(), MatchRecords.RECORDS_PER_RANGE).instancesPerRange(0) > 1024,
                "an explicit records-per-range (Spark's) is not capped");
    }

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        b.addRegion("MPI_Allreduce", true);
        b.addCommunicator(new int[] {0, 1, 2});
        return b.ticksPerSecond(1).build();
    }

    private static MatchRecords record(MatchRecords records) {
        for (int location = 0; location < 4; location++) {
            int process = location == 3 ? 0 : location;
            LocationEvents events = records.location(process, location);
            for (int k = 0; k < (process == 2 ? 5 : INSTANCES); k++) {
                long base = 1000L * k;
                long enter = location == 3 ? base + 2 : base + 10L * process;
                CollectiveKind kind = process == 1 && k == 3 ? CollectiveKind.BARRIER : CollectiveKind.ALL_TO_ALL;
                events.enter(enter, ALLREDUCE);
                events.collective(enter + 1, kind, 0, -1, 8, 8);
                events.leave(base + 500, ALLREDUCE);
            }
            events.end();
        }
        records.finish();
        return records;
    }

    private static MatchListener collector(List<String> seen) {
        return new MatchListener() {
            @Override
            public void message(MatchedMessage message) {
            }

            @Override
            public void collective(CollectiveInstance c) {
                synchronized (seen) {
                    seen.add(c.kind() + " enter [" + c.enter(0) + ", " + c.enter(1) + ", " + c.enter(2) + "] leave [" + c.leave(0)
                            + ", " + c.leave(1) + ", " + c.leave(2) + "]");
                }
            }
        };
    }
}
