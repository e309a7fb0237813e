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
        // without process 0's second location the communicator is joined in its ranges; with it, whole (a process with
        // several locations: MatchRecords#collectives), the same instances
        for (boolean second : new boolean[] {false, true}) {
            joinsTheInstancesTheWholeJoinJoins(recordsPerRange, instancesPerRange, second ? 1 : ranges, second);
        }
    }

    private void joinsTheInstancesTheWholeJoinJoins(long recordsPerRange, int instancesPerRange, int ranges, boolean second) {
        TraceDefinitions definitions = definitions();
        MatchRecords records = record(new MatchRecords(definitions, new MemoryRecordBlocks(), recordsPerRange), second);
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
        MatchRecords records = record(new MatchRecords(definitions(), new MemoryRecordBlocks()), true);
        assertEquals(1024, records.instancesPerRange(0));
        assertEquals(1, records.collectives().size(), "7 instances: one range");
        RecordJoin.Joined<MatchListener> joined = RecordJoin.join(records, 2, () -> collector(new ArrayList<>()));
        assertEquals(5, joined.collectivesMatched());
        assertEquals(2, joined.collectivesIncomplete());
        assertTrue(new MatchRecords(definitions(), new MemoryRecordBlocks(), MatchRecords.RECORDS_PER_RANGE).instancesPerRange(0) > 1024,
                "an explicit records-per-range (Spark's) is not capped");
    }

    /**
     * Threads calling a communicator's collectives in turn, joined in ranges: process 0's second location (a thread) makes
     * instances 0-9, its first 10-29, process 1 all 30, 10 ticks after process 0 (instance k: 1000 k and 1000 k + 10).
     * The ranges are cut per location (4 instances each here), so the thread's first range held the process's instances
     * 0-3 and its first location's first range instances 10-13: joined range by range they paired with process 1's 0-3
     * (a review: 1,200 barriers, 200 incomplete). The communicator is joined whole, each location's ranges in turn: 30
     * instances, none incomplete, each at its times.
     */
    @ParameterizedTest(name = "{0} records per range")
    @CsvSource({"8", "16777216"})
    void threadsCallingInTurnAreJoinedWholeAcrossRanges(long recordsPerRange) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        b.addRegion("MPI_Barrier", true);
        b.addCommunicator(new int[] {0, 1});
        TraceDefinitions definitions = b.ticksPerSecond(1).build();
        MatchRecords records = inTurn(new MatchRecords(definitions, new MemoryRecordBlocks(), recordsPerRange));
        List<String> seen = new ArrayList<>();
        RecordJoin.Joined<MatchListener> joined = RecordJoin.join(records, 2, () -> new MatchListener() {
            @Override
            public void message(MatchedMessage message) {
            }

            @Override
            public void collective(CollectiveInstance c) {
                synchronized (seen) {
                    seen.add(c.enter(0) + " " + c.enter(1));
                }
            }
        });
        assertEquals(30, joined.collectivesMatched());
        assertEquals(0, joined.collectivesIncomplete());
        assertEquals(1, records.collectives().size(), "joined whole");
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 30; k++) {
            expected.add(1000L * k + " " + (1000L * k + 10));
        }
        seen.sort(java.util.Comparator.comparingLong(t -> Long.parseLong(t.split(" ")[0])));
        assertEquals(expected, seen);
    }

    /** Threads in turn: process 0's location 2 makes instances 0-9, its location 0 10-29, process 1 all 30. */
    private static MatchRecords inTurn(MatchRecords records) {
        int[][] calls = {{10, 30}, {0, 30}, {0, 10}}; // per location: its instances [from, to)
        for (int location = 0; location < 3; location++) {
            int process = location == 2 ? 0 : location;
            LocationEvents events = records.location(process, location);
            for (int k = calls[location][0]; k < calls[location][1]; k++) {
                long enter = 1000L * k + 10L * process;
                events.enter(enter, 0);
                events.collective(enter + 1, CollectiveKind.BARRIER, 0, -1, 0, 0);
                events.leave(1000L * k + 500, 0);
            }
            events.end();
        }
        records.finish();
        return records;
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

    private static MatchRecords record(MatchRecords records, boolean second) {
        for (int location = 0; location < (second ? 4 : 3); location++) {
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
