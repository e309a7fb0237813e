package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** Which of a process's threads stands for it in why, as the replay (definitions section 9) chooses. */
class RegionSlicesLocationTest {
    /**
     * A process of two threads without MPI (APEX's traces): the first in location order 100..700 in one region, the
     * second 120..690 switching regions ten times. The replay takes the first (neither has a message or an MPI call),
     * so why's path must too: it took the one with more slices, and the path's length (570 ticks) was not the measured
     * run time the replay took (600). With a message on the second thread, the second.
     */
    @Test
    void theThreadTheReplayTakes() {
        for (boolean message : new boolean[] {false, true}) {
            TraceDefinitions.Builder b = TraceDefinitions.builder();
            b.addProcess("p0", null);
            b.addProcess("p1", null);
            int main = b.addRegion("main", false), work = b.addRegion("work", false);
            TraceDefinitions d = b.build();
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                RegionSlices slices = new RegionSlices(d, store);
                LocationEvents first = slices.location(0, 0), second = slices.location(0, 1);
                first.enter(100, main);
                first.leave(700, main);
                first.end();
                second.enter(120, main);
                for (int k = 0; k < 10; k++) {
                    second.enter(130 + 50 * k, work);
                    second.leave(150 + 50 * k, work);
                }
                if (message) {
                    second.send(660, 1, 0, 0, 8);
                }
                second.leave(690, main);
                second.end();
                slices.finish();
                assertEquals(message ? 120 : 100, slices.start(0));
                assertEquals(message ? 690 : 700, slices.end(0));
            }
        }
    }
    /**
     * Thread 0: main 0..1000 with MPI_Isend 100..110 and MPI_Wait 800..810 (the request completed there); thread 1: side
     * 200..600 with two MPI_Send. The replay counts two events and two calls on each and keeps thread 0; why took thread
     * 1 (it counted the Isend but not its completion), a path of 400 ticks against the replay's run of 1000.
     */
    @Test
    void aRequestsCompletionCountsAsTheReplayCountsIt() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), side = b.addRegion("side", false);
        int isend = b.addRegion("MPI_Isend", true), wait = b.addRegion("MPI_Wait", true), send = b.addRegion("MPI_Send", true);
        TraceDefinitions d = b.build();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            LocationEvents first = slices.location(0, 0), second = slices.location(0, 1);
            first.enter(0, main);
            first.enter(100, isend);
            first.isend(105, 1, 0, 0, 8, 7);
            first.leave(110, isend);
            first.enter(800, wait);
            first.isendComplete(805, 7);
            first.leave(810, wait);
            first.leave(1000, main);
            first.end();
            second.enter(200, side);
            for (int k = 0; k < 2; k++) {
                second.sendCall(300 + 100 * k, send, 305 + 100 * k, 1, 0, 1, 8, 310 + 100 * k);
            }
            second.leave(600, side);
            second.end();
            slices.finish();
            assertEquals(0, slices.start(0));
            assertEquals(1000, slices.end(0));
        }
    }
}
