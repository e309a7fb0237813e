package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.OmpRole;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * A blocking send or receive handed over as one call ({@link LocationEvents#sendCall}) gives the slices, span and time off
 * that its three events give: random runs of user, OpenMP, MPI and environment regions, recording switched off and on,
 * calls at the first event, inside other MPI calls, in regions that share a name, and of no length.
 */
class RegionSlicesWholeCallTest {
    @Test
    void aCallTakenWholeSlicesAsItsThreeEvents() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), work = b.addRegion("work", false), work2 = b.addRegion("work", false);
        int barrier = b.addRegion("!$omp barrier", false, OmpRole.BARRIER);
        int send = b.addRegion("MPI_Send", true), send2 = b.addRegion("MPI_Send", true), recv = b.addRegion("MPI_Recv", true), reduce = b.addRegion("MPI_Allreduce", true);
        int sendrecv = b.addRegion("MPI_Sendrecv", true), init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true);
        TraceDefinitions d = b.build();
        int[] users = {main, work, work2, barrier, reduce, init, fin};
        int[] calls = {send, send2, recv, sendrecv};
        int wholeCalls = 0;
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                RegionSlices whole = new RegionSlices(d, store), split = new RegionSlices(d, store);
                LocationEvents a = whole.location(0, 0), c = split.location(0, 0);
                Deque<Integer> open = new ArrayDeque<>();
                long t = random.nextInt(3);
                boolean on = true;
                for (int k = 0; k < 60; k++) {
                    int what = random.nextInt(10);
                    if (what < 4) {
                        int region = calls[random.nextInt(calls.length)];
                        long enter = t, at = t + random.nextInt(2), leave = at + random.nextInt(3);
                        int partner = random.nextInt(3) - 1;
                        if (random.nextBoolean()) {
                            a.sendCall(enter, region, at, partner, 0, 0, 8, leave);
                            c.enter(enter, region);
                            c.send(at, partner, 0, 0, 8);
                        } else {
                            a.receiveCall(enter, region, at, partner, 0, 0, 8, leave);
                            c.enter(enter, region);
                            c.receive(at, partner, 0, 0, 8);
                        }
                        c.leave(leave, region);
                        wholeCalls++;
                        t = leave;
                    } else if (what < 7 || open.isEmpty()) {
                        int region = users[random.nextInt(users.length)];
                        a.enter(t, region);
                        c.enter(t, region);
                        open.push(region);
                    } else if (what < 9) {
                        int region = open.pop();
                        a.leave(t, region);
                        c.leave(t, region);
                    } else {
                        on = !on;
                        a.measurement(t, on);
                        c.measurement(t, on);
                    }
                    t += random.nextInt(4);
                }
                while (!open.isEmpty()) {
                    int region = open.pop();
                    a.leave(t, region);
                    c.leave(t, region);
                    t += random.nextInt(2);
                }
                a.end();
                c.end();
                whole.finish();
                split.finish();
                String at = "seed " + seed;
                assertEquals(split.has(0), whole.has(0), at);
                assertEquals(split.sliceCount(0), whole.sliceCount(0), at);
                assertEquals(split.start(0), whole.start(0), at);
                assertEquals(split.end(0), whole.end(0), at);
                assertEquals(split.offTicks(0), whole.offTicks(0), at);
                assertEquals(slices(split.cursor(0)), slices(whole.cursor(0)), at);
                assertEquals(slices(split.computeCursor(0)), slices(whole.computeCursor(0)), at);
            }
        }
        assertTrue(wholeCalls > 5000, "calls tried: " + wholeCalls);
    }

    private static List<String> slices(SliceCursor cursor) {
        List<String> out = new ArrayList<>();
        while (cursor != null && cursor.next()) {
            out.add(cursor.from + ".." + cursor.to + " r" + cursor.region + " t" + cursor.top + (cursor.mpi ? " mpi" : "") + (cursor.off ? " off" : ""));
        }
        return out;
    }
}
