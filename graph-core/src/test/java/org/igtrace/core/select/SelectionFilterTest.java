package org.igtrace.core.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

class SelectionFilterTest {
    // 1000 ticks per second, the run starts at tick 100. Regions: 0 main, 1 MPI_Send, 2 MPI_Recv, 3 phase.
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000).startTicks(100);
        for (int i = 0; i < 3; i++) {
            b.addProcess("P" + i, null);
        }
        b.addRegion("main", false);
        b.addRegion("MPI_Send", false);
        b.addRegion("MPI_Recv", false);
        b.addRegion("phase", false);
        b.addCommunicator(new int[] {0, 1, 2});
        return b.build();
    }

    /** Rank 0: main 100..1100 holding MPI_Send 300..500 (send at 400 to 1) and MPI_Send 800..900 (send at 850 to 2). */
    private static TraceProfile run(String window, String ranks, String region) {
        TraceDefinitions d = definitions();
        TraceAccumulator acc = new TraceAccumulator(d, false);
        SelectionFilter filter = Selection.parse(window, ranks, region).resolve(d);
        LocationSink sink = filter.perLocation(acc);
        LocationEvents l = sink.location(0, 0);
        l.enter(100, 0);
        l.enter(300, 1);
        l.send(400, 1, 0, 0, 10);
        l.leave(500, 1);
        l.enter(700, 3);
        l.enter(800, 1);
        l.send(850, 2, 0, 0, 20);
        l.leave(900, 1);
        l.leave(950, 3);
        l.leave(1100, 0);
        sink.location(1, 1);
        sink.location(2, 2);
        return acc.profile();
    }

    @Test
    void windowClipsCallsStraddlingItsEndsAndKeepsMessagesSentInside() {
        // Window 0.35 s..0.82 s from the start (tick 100): ticks 450..920. main is entered at 450 (clipped)
        // and left at 920; MPI_Send 300..500 clipped to 450..500 (its send at 400 is outside: not counted);
        // MPI_Send 800..900 inside (send at 850 to rank 2 counted).
        // T = 920 - 450 = 470 ticks; Tcomm = 50 + 100 = 150 ticks.
        ProcessProfile p = run("350ms:820ms", null, null).processes().get(0);
        assertEquals(0.470, p.time(), 1e-12);
        assertEquals(0.150, p.commTime(), 1e-12);
        TraceProfile profile = run("350ms:820ms", null, null);
        assertEquals(1, profile.messages());
        assertEquals(2, profile.pairs().get(0).b());
    }

    @Test
    void ranksDropMessagesToOtherRanksAndRegionKeepsOnlyItsInstances() {
        // --ranks 0-1: the send to rank 2 is dropped, the one to rank 1 kept.
        TraceProfile ranks = run(null, "0-1", null);
        assertEquals(1, ranks.messages());
        assertEquals(1, ranks.pairs().get(0).b());
        // --region phase: only 700..950 (phase) with MPI_Send 800..900 inside: T = 250, Tcomm = 100 ticks.
        ProcessProfile p = run(null, null, "phase").processes().get(0);
        assertEquals(0.250, p.time(), 1e-12);
        assertEquals(0.100, p.commTime(), 1e-12);
    }

    /** Two ranks, MPI_Send/MPI_Recv/MPI_Allreduce, one tick a microsecond from 0. */
    private static TraceDefinitions twoRanks() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1_000_000).startTicks(0);
        b.addProcess("P0", null);
        b.addProcess("P1", null);
        b.addRegion("MPI_Send", true);
        b.addRegion("MPI_Recv", true);
        b.addRegion("MPI_Allreduce", true);
        b.addCommunicator(new int[] {0, 1});
        return b.build();
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    /**
     * m1 sent at 1005, before the window (1015 us on), received in MPI_Recv [1020, 1030]; m2 sent
     * in MPI_Send [2000, 2010], received in MPI_Recv [2500, 2510]. m1 goes with its send: outside,
     * so its receive has no send in the selection, and m2 is matched with its own receive: no
     * conflict (2509 after 2005), no offset, no wait. Matching by order alone paired m1's receive
     * (at 1029) with m2's send (at 2005): a conflict, and rank 1 moved 976 us.
     */
    @Test
    void aReceiveWhoseSendIsBeforeTheWindowIsNotMatchedWithTheNextSend() {
        TraceDefinitions d = twoRanks();
        WaitReport r = WaitAnalysis.analyse(d, true, sink -> {
            LocationSink f = Selection.parse("1015us:", null, null).resolve(d).perLocation(sink);
            LocationEvents p0 = f.location(0, 0), p1 = f.location(1, 1);
            call(p0, 0, 1000, 1010, () -> p0.send(1005, 1, 0, 0, 8));
            call(p0, 0, 2000, 2010, () -> p0.send(2005, 1, 0, 0, 8));
            call(p1, 1, 1020, 1030, () -> p1.receive(1029, 0, 0, 0, 8));
            call(p1, 1, 2500, 2510, () -> p1.receive(2509, 0, 0, 0, 8));
        });
        assertEquals(1, r.matchedMessages());
        assertEquals(0, r.conflictsBefore());
        assertEquals(0, r.offsetTicks()[1]);
        assertEquals(0.0, r.total());
        assertEquals(1, r.unmatched().stream().mapToLong(WaitReport.Unmatched::receives).sum(), r.unmatched().toString());
        assertEquals(0, r.unmatched().stream().mapToLong(WaitReport.Unmatched::sends).sum(), r.unmatched().toString());
    }

    /**
     * An MPI_Allreduce cut by the window's start (1015 us): rank 0's arrival at 1010 is before it,
     * rank 1's at 1020 inside: the instance is cut (incomplete). Three more instances at 2000,
     * 3000, 4000 on rank 0 and 290 us later on rank 1, both leaving at +300: rank 0 waits 290 us at
     * each (wait at N x N), 870 us. Matching by order alone joined rank 1's cut arrival with rank 0's
     * next instance, and so on down the window.
     */
    @Test
    void aCollectiveCutByTheWindowIsNotJoinedWithTheNextInstance() {
        TraceDefinitions d = twoRanks();
        WaitReport r = WaitAnalysis.analyse(d, true, sink -> {
            LocationSink f = Selection.parse("1015us:", null, null).resolve(d).perLocation(sink);
            LocationEvents p0 = f.location(0, 0), p1 = f.location(1, 1);
            call(p0, 2, 990, 1010, () -> p0.collective(1010, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
            call(p1, 2, 1000, 1020, () -> p1.collective(1020, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
            for (long k = 2; k <= 4; k++) {
                long at = 1000 * k;
                call(p0, 2, at, at + 300, () -> p0.collective(at + 300, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
                call(p1, 2, at + 290, at + 300, () -> p1.collective(at + 300, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
            }
        });
        assertEquals(1, r.collectivesIncomplete());
        assertEquals(3, r.collectives());
        assertEquals(0, r.offsetTicks()[0]);
        assertEquals(0, r.offsetTicks()[1]);
        assertEquals(870e-6, r.seconds(WaitPattern.NXN, 0), 1e-12);
        assertEquals(0.0, r.total(1));
    }

    @Test
    void badSelectionsAreOneLineErrors() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse("2s:1s", null, null))
                .getMessage().contains("is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse("1:2", null, null))
                .getMessage().contains("needs a unit"));
        // a unit, but not a window's: was "'1h' needs a unit"
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse("1h:", null, null))
                .getMessage().contains("'1h' has a unit a window does not take: give s, ms, us or ns"));
        // a range backwards says so (it was "'3-1' is not a rank or a range lo-hi")
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, "3-1", null))
                .getMessage().contains("'3-1' is a range whose end comes before its start (1-3?)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, "-1", null))
                .getMessage().contains("is not a rank"));
        // an end below 0 is no rank, not a range to turn round (it suggested "-1-0?", itself refused)
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, "0--1", null))
                .getMessage().contains("'0--1' is not a rank or a range lo-hi (e.g. 0-3,8)"));
        SelectionException tooFew = assertThrows(SelectionException.class, () -> Selection.parse(null, "0,7", null).resolve(definitions()));
        assertEquals(SelectionException.Part.RANKS, tooFew.part());
        assertEquals("ranks: rank 7 is not in the trace, which has 3 processes (ranks 0-2)", tooFew.getMessage());
        assertEquals("--ranks: rank 7 is not in the trace, which has 3 processes (ranks 0-2)", tooFew.messageNaming("--ranks"));
        assertEquals("--window '2s:1s' is empty: it ends before or where it starts",
                assertThrows(SelectionException.class, () -> Selection.parse("2s:1s", null, null)).messageNaming("--window"));
        // 1000 ticks a second: 2.6 ms and 3.4 ms both go to tick 3 (its ends are taken to the nearest tick), so the window
        // keeps no whole tick; it was read, and refused as one that keeps only MPI_Init and MPI_Finalize (a hunt)
        assertEquals("--window holds no whole tick of the trace's clock (its ends are taken to the nearest tick;"
                + " the clock counts 1000 ticks a second)", assertThrows(SelectionException.class,
                        () -> Selection.parse("2.6ms:3.4ms", null, null).resolve(definitions()))
                        .messageNaming("--window"));
        assertEquals(101, Selection.parse("1.4ms:1.6ms", null, null).fromTicks(definitions())); // 100 + 1.4 ticks, to the nearest
        assertEquals(102, Selection.parse("1.4ms:1.6ms", null, null).toTicks(definitions()));
        assertEquals("--region needs a region name",
                assertThrows(SelectionException.class, () -> Selection.parse(null, null, "")).messageNaming("--region"));
        // white space alone is a name (a trace may hold such a region, and why names it): refused only for want of one
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, null, " \t").resolve(definitions()))
                .getMessage().contains("no region of the trace has that name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, null, "nope").resolve(definitions()))
                .getMessage().contains("no region of the trace has that name"));
        Selection s = Selection.parse("1.5s:", "0-3,8", null);
        assertEquals(1.5, s.from(), 0);
        assertEquals(null, s.to());
        assertEquals(5, s.ranks().cardinality());
        assertEquals(50e-6, Selection.parse(":50us", null, null).to(), 1e-15);
    }
}
