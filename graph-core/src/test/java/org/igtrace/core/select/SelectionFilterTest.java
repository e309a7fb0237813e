package org.igtrace.core.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
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

    @Test
    void badSelectionsAreOneLineErrors() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse("2s:1s", null, null))
                .getMessage().contains("is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse("1:2", null, null))
                .getMessage().contains("needs a unit"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, "3-1", null))
                .getMessage().contains("is not a rank"));
        assertEquals("--ranks: rank 7 is not in the trace, which has 3 processes (ranks 0-2)",
                assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, "0,7", null).resolve(definitions()))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Selection.parse(null, null, "nope").resolve(definitions()))
                .getMessage().contains("no region of the trace has that name"));
        Selection s = Selection.parse("1.5s:", "0-3,8", null);
        assertEquals(1.5, s.from(), 0);
        assertEquals(null, s.to());
        assertEquals(5, s.ranks().cardinality());
        assertEquals(50e-6, Selection.parse(":50us", null, null).to(), 1e-15);
    }
}
