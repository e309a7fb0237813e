package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

class TraceAccumulatorTest {
    // Regions: 0 MPI_Init (environment), 1 MPI_Send, 2 user code, 3 MPI_Wait (nested in 4), 4 MPI_Waitall,
    // 5 MPI_Finalize, 6 MPI_Sendrecv.
    private static TraceDefinitions definitions(int processes) {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        for (int i = 0; i < processes; i++) {
            b.addProcess("P" + i, null);
        }
        b.addRegion("MPI_Init", false);
        b.addRegion("MPI_Send", false);
        b.addRegion("compute", false);
        b.addRegion("MPI_Wait", false);
        b.addRegion("PMPI_Waitall", true);
        b.addRegion("MPI_Finalize", false);
        b.addRegion("MPI_Sendrecv", false);
        b.addCommunicator(range(processes));
        return b.build();
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }

    @Test
    void timesLeaveOutEnvironmentCallsAndCountOutermostCommunicationOnly() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        LocationAccumulator l = acc.location(0);
        l.enter(0, 0);      // MPI_Init 0..100: left out of T
        l.leave(100, 0);
        l.enter(100, 2);    // compute 100..400
        l.leave(400, 2);
        l.enter(400, 4);    // Waitall 400..600 (paradigm-marked MPI), with MPI_Wait nested 450..500
        l.enter(450, 3);
        l.leave(500, 3);
        l.leave(600, 4);
        l.enter(600, 5);    // MPI_Finalize 600..1000: left out of T
        l.leave(1000, 5);
        ProcessProfile p = acc.profile().processes().get(0);
        // T = (1000 - 0) - 100 - 400 = 500 ticks = 0.5 s; Tcomm = 200 ticks = 0.2 s; w = 1 - 0.2/0.5 = 0.6
        assertEquals(0.5, p.time(), 1e-12);
        assertEquals(0.2, p.commTime(), 1e-12);
        assertEquals(0.6, p.computeFraction(), 1e-12);
        assertEquals(1.0, acc.profile().processes().get(1).computeFraction(), 0, "T = 0 gives w = 1");
    }

    /**
     * An MPI call still open when its location ends counts as time in MPI up to the location's last event (definitions
     * section 3): compute 0..100, MPI_Send entered at 100 and never left, a message at 150, the last event (a compute's
     * enter and leave) at 300: Tcomm = 200 ticks of T = 300 (left out it was 0, below the waits measured inside it).
     */
    @Test
    void anMpiCallOpenAtTheEndCountsUpToTheLastEvent() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        LocationAccumulator l = acc.location(0);
        l.enter(0, 2);
        l.leave(100, 2);
        l.enter(100, 1);
        l.send(150, 1, 0, 0, 8);
        l.enter(250, 2);
        l.leave(300, 2);
        l.end();
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(0.3, p.time(), 1e-12);
        assertEquals(0.2, p.commTime(), 1e-12);
    }

    /**
     * An MPI call's Leave inside MPI_Init with no MPI call open there closes MPI_Init, as the wait analysis pairs Leave
     * events by position (definitions section 3): MPI_Init 0..100 left by an MPI_Send's Leave, then MPI_Send 200..250:
     * T = 250 - 100 = 150 ticks, Tcomm = 50 (it was 0: every later call inside MPI_Init). An MPI call entered and left
     * inside MPI_Init stays its own: MPI_Init 0..100 with MPI_Wait 10..20 inside, then MPI_Send 200..250 likewise.
     */
    @Test
    void anMpiCallsLeaveWithNoCallOpenClosesTheEnvironmentCall() {
        for (boolean inner : new boolean[] {false, true}) {
            TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
            LocationAccumulator l = acc.location(0);
            l.enter(0, 0);
            if (inner) {
                l.enter(10, 3);
                l.leave(20, 3);
                l.leave(100, 0);
            } else {
                l.leave(100, 1);
            }
            l.enter(200, 1);
            l.leave(250, 1);
            l.end();
            ProcessProfile p = acc.profile().processes().get(0);
            assertEquals(0.15, p.time(), 1e-12, "inner " + inner);
            assertEquals(0.05, p.commTime(), 1e-12, "inner " + inner);
        }
        // an MPI call entered inside MPI_Init and never left there is left with it: in MPI_Finalize (600..1000, left by
        // an MPI_Send's Leave) the Leave closes MPI_Finalize, not that call. T = 1000 - 0 less MPI_Init's 100 and
        // MPI_Finalize's 400: 500 ticks; Tcomm: MPI_Send 200..250
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        LocationAccumulator l = acc.location(0);
        l.enter(0, 0);
        l.enter(10, 3);
        l.leave(100, 0);
        l.enter(200, 1);
        l.leave(250, 1);
        l.enter(600, 5);
        l.leave(1000, 1);
        l.end();
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(0.5, p.time(), 1e-12);
        assertEquals(0.05, p.commTime(), 1e-12);
    }

    /**
     * Definitions section 3 (issue 40): T_i of a process of several threads is their wall-clock span, 0..1000 ticks =
     * 1.0 s (added up, as before, 1000 + 500 = 1.5 s); Tcomm_i the time in which any thread was in MPI: the main
     * thread's [100, 300] and the worker's [200, 700] (MPI_THREAD_MULTIPLE) give [100, 700] = 600 ticks, where the sum
     * 700 would count their 100 ticks at once twice and the busiest thread's 500 would leave out the main thread's first 100.
     */
    @Test
    void threadsOfOneProcessSpanTheirWallClockTime() {
        TraceAccumulator acc = new TraceAccumulator(threaded(definitions(1)), false);
        twoThreads(acc);
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(1.0, p.time(), 1e-12);
        assertEquals(0.6, p.commTime(), 1e-12);
        assertEquals(2, p.threads());
        assertEquals(List.of(0.2, 0.5), p.openMp().threads().stream().map(t -> t.mpi()).toList());
        assertTrue(acc.profile().notes().isEmpty(), acc.profile().notes().toString());
    }

    /** Process 0 read through several threads, as a reader says before the events. */
    private static TraceDefinitions threaded(TraceDefinitions d) {
        java.util.BitSet several = new java.util.BitSet();
        several.set(0);
        return d.withSeveralThreads(several);
    }

    private static void twoThreads(TraceAccumulator acc) {
        LocationAccumulator main = acc.location(0), worker = acc.location(0);
        main.enter(0, 2);
        main.enter(100, 1);
        main.leave(300, 1);
        main.leave(1000, 2);
        worker.enter(200, 1);
        worker.leave(700, 1);
    }

    /**
     * Where the threads' calls were not kept (a reader that did not say the process has several threads; a log beyond
     * its budget, here 1 byte), Tcomm_i is the busiest thread's (500 ticks), and a note says so and why.
     */
    @Test
    void threadsWhoseCallsWereNotKeptGiveTheBusiestThreadsTime() {
        TraceAccumulator unmarked = new TraceAccumulator(definitions(1), false);
        twoThreads(unmarked);
        assertEquals(0.5, unmarked.profile().processes().get(0).commTime(), 1e-12);
        assertEquals(List.of("the time in MPI (T_comm) of rank 0 is the busiest thread's, not the time in which any of its threads"
                + " was in MPI: the reader kept no thread's MPI calls"), unmarked.profile().notes());
        TraceAccumulator small = new TraceAccumulator(threaded(definitions(1)), false, 1);
        twoThreads(small);
        assertEquals(0.5, small.profile().processes().get(0).commTime(), 1e-12);
        assertTrue(small.profile().notes().get(0).endsWith("the threads' MPI calls were more than the 64 MB igtrace keeps of them"),
                small.profile().notes().toString());
    }

    @Test
    void sendSideCountsAndReceiveOnlyDirectionsFallBack() {
        TraceAccumulator acc = new TraceAccumulator(definitions(3), false);
        LocationAccumulator p0 = acc.location(0), p1 = acc.location(1), p2 = acc.location(2);
        p0.send(1, 1, 0, 0, 100);   // 0 -> 1: two sends, one receive recorded
        p0.send(2, 1, 0, 0, 300);
        p1.receive(3, 0, 0, 0, 100);
        p2.receive(4, 1, 0, 0, 50); // 1 -> 2 only seen on the receive side
        p2.send(5, 2, 0, 0, 7);     // a self message: no edge
        TraceProfile profile = acc.profile();
        assertEquals(List.of(new PairTraffic(0, 1, 400, 2), new PairTraffic(1, 2, 50, 1)), profile.pairs());
        assertEquals(3, profile.messages());
        assertEquals(200.0, profile.pairs().get(0).averageBytes(), 0);
        assertTrue(profile.notes().stream().anyMatch(n -> n.startsWith("1 message on 1 sender->receiver direction counted from receive events")), profile.notes().toString());
        assertTrue(profile.notes().stream().anyMatch(n -> n.startsWith("1 sent message has no receive event")), profile.notes().toString());
        assertTrue(profile.notes().stream().anyMatch(n -> n.startsWith("1 message a process sent to itself")), profile.notes().toString());
    }

    /**
     * A message a process sends itself has a send and a receive event: the note counts it once (scorep-sst-macro-10 has
     * 952 such sends and their 952 receives: 952 messages), and counts the receives where a tracer dropped the sends.
     * Messages of an impossible length likewise.
     */
    @Test
    void aSelfMessageIsCountedOnceNotByBothItsEvents() {
        TraceAccumulator acc = new TraceAccumulator(definitions(3), false);
        LocationAccumulator p0 = acc.location(0), p1 = acc.location(1), p2 = acc.location(2);
        p0.send(1, 0, 0, 0, 8);      // two messages 0 -> 0, both ends recorded
        p0.receive(2, 0, 0, 0, 8);
        p0.send(3, 0, 0, 0, 8);
        p0.receive(4, 0, 0, 0, 8);
        p1.receive(5, 1, 0, 0, 8);   // three 1 -> 1 whose sends were not recorded
        p1.receive(6, 1, 0, 0, 8);
        p1.receive(7, 1, 0, 0, 8);
        p2.send(8, 0, 0, 0, -1);     // one 2 -> 0 of an impossible length, both ends
        p0.receive(9, 2, 0, 0, -1);
        List<String> notes = acc.profile().notes();
        // 2 self sends, 5 self receives: 5 messages (2 of rank 0, 3 of rank 1), not the 7 events
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("5 messages a process sent to itself")), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("1 message with an impossible length")), notes.toString());
    }

    /**
     * APEX 1.2.0 writes junk lengths into receive events only (122 of 1,747 messages): the note says receive events, and
     * the messages still count from their sends (two 1 -> 0 messages of 8 bytes: 16 bytes).
     */
    @Test
    void impossibleLengthsOfReceivesOnlyAreCalledReceiveEvents() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        LocationAccumulator p0 = acc.location(0), p1 = acc.location(1);
        p1.send(1, 0, 0, 0, 8);
        p1.send(2, 0, 0, 0, 8);
        p0.receive(3, 1, 0, 0, -5);
        p0.receive(4, 1, 0, 0, 1L << 50);
        TraceProfile profile = acc.profile();
        assertEquals(16.0, profile.pairs().get(0).bytes());
        assertEquals(2, profile.pairs().get(0).messages());
        assertTrue(profile.notes().contains("2 receive events with an impossible length (negative or over 1 TiB) ignored: their"
                + " messages count from their send events, as sent messages without a receive event"), profile.notes().toString());
        assertTrue(profile.notes().stream().noneMatch(n -> n.contains("messages with an impossible length")), profile.notes().toString());
    }

    @Test
    void bothDirectionsOfAPairMakeOneEdge() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        acc.location(0).send(0, 1, 0, 0, 10);
        acc.location(1).send(0, 0, 0, 0, 30);
        assertEquals(List.of(new PairTraffic(0, 1, 40, 2)), acc.profile().pairs());
    }

    @Test
    void sendrecvWithoutMessageEventsIsNoted() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), false);
        LocationAccumulator l = acc.location(0);
        l.enter(0, 6);
        l.leave(10, 6);
        l.enter(10, 6);
        l.send(11, 1, 0, 0, 8);
        l.leave(20, 6);
        assertTrue(acc.profile().notes().contains("1 MPI_Sendrecv call recorded no message events: their traffic is not in the graph"));
    }

    @Test
    void collectivesAreNoEdgesUnlessModelled() {
        for (boolean model : new boolean[] {false, true}) {
            TraceAccumulator acc = new TraceAccumulator(definitions(3), model);
            for (int p = 0; p < 3; p++) {
                LocationAccumulator l = acc.location(p);
                l.collective(0, CollectiveKind.ONE_TO_ALL, 0, 0, p == 0 ? 60 : 0, 60); // Bcast of 60 bytes from 0
                l.collective(1, CollectiveKind.ALL_TO_ONE, 0, 2, 8, p == 2 ? 24 : 0);   // Reduce of 8 bytes to 2
                l.collective(2, CollectiveKind.ALL_TO_ALL, 0, -1, 10, 10);               // Allreduce, 10 bytes each
                l.collective(3, CollectiveKind.BARRIER, 0, -1, 0, 0);
            }
            List<PairTraffic> pairs = acc.profile().pairs();
            if (!model) {
                assertEquals(List.of(), pairs);
                continue;
            }
            // Bcast: 0->1, 0->2 with 60 bytes each. Reduce: 0->2, 1->2 with 8 each.
            // Allreduce: every ordered pair 10/(3-1) = 5 bytes, one message each.
            // {0,1}: 60 + 5 + 5 = 70 bytes, 3 messages; {0,2}: 60 + 8 + 5 + 5 = 78, 4; {1,2}: 8 + 5 + 5 = 18, 3.
            assertEquals(List.of(new PairTraffic(0, 1, 70, 3), new PairTraffic(0, 2, 78, 4), new PairTraffic(1, 2, 18, 3)), pairs);
        }
    }

    /**
     * Broken tracers: a Leave stamped before its Enter (the MPI_Send call lasts -5 ticks: clamped to
     * 0, and 1 backward event counted), a receive of 2^63 bytes read as a negative length and one of
     * 2 TiB (both ignored), a send to a partner outside the processes (ignored).
     */
    @Test
    void brokenEventsBecomeNotesNotNumbers() {
        TraceAccumulator acc = new TraceAccumulator(definitions(2), true);
        LocationAccumulator p0 = acc.location(0);
        p0.enter(0, 2);
        p0.enter(10, 1);
        p0.send(10, 1, 0, 0, 100);
        p0.leave(5, 1);
        p0.receive(20, 1, 0, 0, Long.MIN_VALUE);
        p0.receive(21, 1, 0, 0, 2L << 40);
        p0.send(22, 7, 0, 0, 100);
        p0.collective(23, CollectiveKind.ALL_TO_ALL, 0, -1, -1, 8);
        p0.leave(30, 2);
        TraceProfile profile = acc.profile();
        assertEquals(0.0, profile.processes().get(0).commTime());
        assertEquals(0.030, profile.processes().get(0).time(), 1e-12);
        assertEquals(1, profile.pairs().size());
        assertEquals(100.0, profile.pairs().get(0).bytes());
        assertEquals(1, profile.pairs().get(0).messages());
        assertTrue(profile.notes().contains("1 event goes back in time on their location (durations clamped at 0)"), profile.notes().toString());
        assertTrue(profile.notes().contains("3 messages with an impossible length (negative or over 1 TiB) ignored"), profile.notes().toString());
        assertTrue(profile.notes().contains("1 message event names a partner outside the known processes: ignored"), profile.notes().toString());
    }
}
