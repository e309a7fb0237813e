package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** The what-ifs of one replay reading each burst's slices once, together ({@link BurstRegions}). */
class BurstRegionsTest {
    /**
     * Process 0: main 0..400 holding a 0..100, b 100..300, a 300..400 (a 200 ticks, b 200); process 1: main 0..100 holding
     * a 0..60, b 60..100 (a 60, b 40). Balancing a makes each a's mean, 130 ticks: factors 130/200 and 130/60; balancing
     * b, 120: factors 0.6 and 3. Each burst's length is scaled by its scaled compute over its compute, whichever what-if
     * asks first, asked in turn as the models of one replay ask, and again when the replay starts again (process 1, with
     * one burst, then asks for the burst it asked for last: a restart found only by a burst starting earlier missed it,
     * and replayed that process as measured).
     */
    @Test
    void whatIfsSharingTheReadScaleAsTheArithmeticSays() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), ra = b.addRegion("a", false), rb = b.addRegion("b", false);
        TraceDefinitions d = b.build();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            LocationEvents p0 = slices.location(0, 0), p1 = slices.location(1, 0);
            p0.enter(0, main);
            p0.enter(0, ra);
            p0.leave(100, ra);
            p0.enter(100, rb);
            p0.leave(300, rb);
            p0.enter(300, ra);
            p0.leave(400, ra);
            p0.leave(400, main);
            p0.end();
            p1.enter(0, main);
            p1.enter(0, ra);
            p1.leave(60, ra);
            p1.enter(60, rb);
            p1.leave(100, rb);
            p1.leave(100, main);
            p1.end();
            slices.finish();
            long[][] totals = WhatIf.totals(slices);
            BurstRegions shared = new BurstRegions(slices);
            WhatIf a = WhatIf.balance(shared, totals, "a"), bb = WhatIf.balance(shared, totals, "b");
            double fa0 = 130.0 / 200, fa1 = 130.0 / 60, fb0 = 0.6, fb1 = 3;
            for (int pass = 0; pass < 2; pass++) { // the second: the replay started again
                a.replayStarts();
                bb.replayStarts();
                // process 0's burst 0..250: a 100 ticks, b 150
                assertEquals(2.0 * (100 * fa0 + 150) / 250, a.burst(0, 0, 250, 2.0), 1e-12);
                assertEquals(2.0 * (100 + 150 * fb0) / 250, bb.burst(0, 0, 250, 2.0), 1e-12);
                // process 1's whole run: a 60, b 40
                assertEquals(1.0 * (60 * fa1 + 40) / 100, a.burst(1, 0, 100, 1.0), 1e-12);
                assertEquals(1.0 * (60 + 40 * fb1) / 100, bb.burst(1, 0, 100, 1.0), 1e-12);
                // process 0's burst 250..400, the slice of b it started in carried over: b 50, a 100
                assertEquals(3.0 * (50 + 100 * fa0) / 150, a.burst(0, 250, 400, 3.0), 1e-12);
                assertEquals(3.0 * (50 * fb0 + 100) / 150, bb.burst(0, 250, 400, 3.0), 1e-12);
            }
            // one what-if alone (the other replayed without it) reads its own way through as well
            WhatIf alone = WhatIf.balance(new BurstRegions(slices), totals, "b");
            assertEquals(2.0 * (100 + 150 * fb0) / 250, alone.burst(0, 0, 250, 2.0), 1e-12);
            assertEquals(3.0 * (50 * fb0 + 100) / 150, alone.burst(0, 250, 400, 3.0), 1e-12);
        }
    }

    /**
     * The bursts read the slices outside MPI from a stream of their own ({@link RegionSlices#computeCursor}). Process 0:
     * main 0..1000 holding a 0..100, MPI_Send 100..110, b 110..300 (holding a 150..200), MPI_Recv 300..320, recording
     * off 400..500, a 600..700. The stream of its own gives the slices the full stream gives outside MPI, in order, with
     * the same bounds, regions and recording off; and a burst 0..320 across both calls scales a 100 + 50 ticks and b 140
     * (the calls' 30 ticks are no piece): balancing a with process 1 (a 60 ticks) makes a's factor 155 / 250.
     */
    @Test
    void theBurstsReadTheSlicesOutsideMpiAsTheWholeStreamHasThem() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), ra = b.addRegion("a", false), rb = b.addRegion("b", false);
        int send = b.addRegion("MPI_Send", true), recv = b.addRegion("MPI_Recv", true);
        TraceDefinitions d = b.build();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            LocationEvents p0 = slices.location(0, 0), p1 = slices.location(1, 0);
            p0.enter(0, main);
            p0.enter(0, ra);
            p0.leave(100, ra);
            p0.sendCall(100, send, 105, 1, 0, 0, 8, 110);
            p0.enter(110, rb);
            p0.enter(150, ra);
            p0.leave(200, ra);
            p0.leave(300, rb);
            p0.receiveCall(300, recv, 315, 1, 0, 0, 8, 320);
            p0.measurement(400, false);
            p0.measurement(500, true);
            p0.enter(600, ra);
            p0.leave(700, ra);
            p0.leave(1000, main);
            p0.end();
            p1.enter(0, main);
            p1.enter(0, ra);
            p1.leave(60, ra);
            p1.leave(100, main);
            p1.end();
            slices.finish();
            SliceCursor all = slices.cursor(0), outside = slices.computeCursor(0);
            int compared = 0, mpi = 0, off = 0;
            while (all.next()) {
                if (all.mpi) {
                    mpi++;
                    continue;
                }
                assertTrue(outside.next(), "a slice outside MPI missing from the stream of its own");
                assertEquals(all.from, outside.from);
                assertEquals(all.to, outside.to);
                assertEquals(all.region, outside.region);
                assertEquals(all.off, outside.off);
                assertFalse(outside.mpi);
                off += all.off ? 1 : 0;
                compared++;
            }
            assertFalse(outside.next(), "the stream of its own holds more than the slices outside MPI");
            assertEquals(2, mpi);
            assertEquals(1, off);
            assertTrue(compared >= 7, "slices compared: " + compared);
            long[][] totals = WhatIf.totals(slices);
            WhatIf balanced = WhatIf.balance(new BurstRegions(slices), totals, "a");
            double fa = (250 + 60) / 2.0 / 250; // a's mean over the two processes, over process 0's a
            assertEquals(2.0 * (150 * fa + 140) / 290, balanced.burst(0, 0, 320, 2.0), 1e-12);
            assertEquals(0.0, balanced.burst(0, 320, 320, 0.0)); // a burst of no ticks stays none
        }
    }
}
