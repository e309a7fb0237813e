package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The replay on several threads ({@link ReplayCrew}) answers exactly as on one: random runs of 8 to
 * 16 ranks (eager and rendezvous messages, blocking and non-blocking, MPI_Ssend and MPI_Bsend, in any order, so that
 * rendezvous cycles are let through; collectives; sends and receives without a partner), replayed
 * on 1 thread and on 2 to 4, with several models, two models in one pass, and the calibration
 * made in the ideal replay.
 */
class ReplayCrewTest {
    private static final int INIT = 0, FINALIZE = 1, SEND = 2, RECV = 3, ISEND = 4, IRECV = 5, WAITALL = 6, BARRIER = 7,
            ALLREDUCE = 8, WORK = 9, SSEND = 10, BSEND = 11;

    private static TraceDefinitions definitions(int n) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        int[] all = new int[n];
        for (int p = 0; p < n; p++) {
            b.addProcess("p" + p, null);
            all[p] = p;
        }
        for (String name : new String[] {"MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv",
                "MPI_Waitall", "MPI_Barrier", "MPI_Allreduce"}) {
            b.addRegion(name, true);
        }
        b.addRegion("work", false);
        b.addRegion("MPI_Ssend", true); // waits for its receive whatever its size
        b.addRegion("MPI_Bsend", true); // never waits for it
        b.addCommunicator(all);
        return b.ticksPerSecond(1000).build();
    }

    /** One random run: what each process does, step by step, with times that grow on each. */
    private static RecordedRun randomRun(Random random, int n) {
        ActivityRecorder recorder = new ActivityRecorder(definitions(n));
        LocationEvents[] l = new LocationEvents[n];
        long[] t = new long[n];
        long[] request = new long[n];
        List<List<Runnable>> pending = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            l[p] = recorder.location(p, p);
            l[p].enter(0, INIT);
            l[p].leave(0, INIT);
            pending.add(new ArrayList<>());
        }
        int steps = 20 + random.nextInt(120);
        for (int step = 0; step < steps; step++) {
            int what = random.nextInt(20);
            if (what == 0) { // a collective of everyone
                boolean barrier = random.nextBoolean();
                long bytes = 8 * (1 + random.nextInt(4));
                for (int p = 0; p < n; p++) {
                    long enter = t[p] += random.nextInt(3), leave = t[p] += random.nextInt(4);
                    l[p].enter(enter, barrier ? BARRIER : ALLREDUCE);
                    l[p].collective(leave, barrier ? CollectiveKind.BARRIER : CollectiveKind.ALL_TO_ALL, 0, -1,
                            barrier ? 0 : bytes, barrier ? 0 : bytes * n);
                    l[p].leave(leave, barrier ? BARRIER : ALLREDUCE);
                }
            } else if (what == 1) { // someone computes
                int p = random.nextInt(n);
                long enter = t[p] += random.nextInt(3), leave = t[p] += 1 + random.nextInt(20);
                l[p].enter(enter, WORK);
                l[p].leave(leave, WORK);
            } else if (what == 2) { // someone completes its open requests
                int p = random.nextInt(n);
                flush(random, l[p], t, p, pending.get(p));
            } else { // a message; neighbours in rank order more often, as in a stencil
                int s = random.nextInt(n);
                int r = random.nextInt(3) > 0 ? (s + 1 + random.nextInt(2)) % n : random.nextInt(n);
                int tag = random.nextInt(2);
                long bytes = random.nextInt(4) == 0 ? 100_000 : 8 * (1 + random.nextInt(100));
                boolean sendSide = random.nextInt(30) != 0, receiveSide = random.nextInt(30) != 0; // some without a partner
                if (sendSide) {
                    if (random.nextInt(4) == 0) {
                        long id = ++request[s];
                        long at = t[s] += random.nextInt(3);
                        l[s].enter(at, ISEND);
                        l[s].isend(at, r, 0, tag, bytes, id);
                        l[s].leave(t[s] += random.nextInt(2), ISEND);
                        pending.get(s).add(() -> l[s].isendComplete(t[s], id));
                    } else {
                        long enter = t[s] += random.nextInt(3), at = t[s] += random.nextInt(2), leave = t[s] += random.nextInt(5);
                        int mode = random.nextInt(6);
                        l[s].sendCall(enter, mode == 0 ? SSEND : mode == 1 ? BSEND : SEND, at, r, 0, tag, bytes, leave);
                    }
                }
                if (receiveSide) {
                    if (random.nextInt(4) == 0) {
                        long id = ++request[r];
                        long at = t[r] += random.nextInt(3);
                        l[r].enter(at, IRECV);
                        l[r].irecvRequest(at, id);
                        l[r].leave(t[r] += random.nextInt(2), IRECV);
                        pending.get(r).add(() -> l[r].irecv(t[r], s, 0, tag, bytes, id));
                    } else {
                        long enter = t[r] += random.nextInt(3), at = t[r] += random.nextInt(5), leave = t[r] += random.nextInt(2);
                        l[r].receiveCall(enter, RECV, at, s, 0, tag, bytes, leave);
                    }
                }
            }
        }
        for (int p = 0; p < n; p++) {
            flush(random, l[p], t, p, pending.get(p));
            long at = t[p] += 1;
            l[p].enter(at, FINALIZE);
            l[p].leave(at + 1, FINALIZE);
            l[p].end();
        }
        return recorder.recorded();
    }

    /** A Waitall on p that completes its open requests. */
    private static void flush(Random random, LocationEvents l, long[] t, int p, List<Runnable> open) {
        if (open.isEmpty()) {
            return;
        }
        l.enter(t[p] += random.nextInt(3), WAITALL);
        for (Runnable r : open) {
            t[p] += random.nextInt(2);
            r.run();
        }
        l.leave(t[p] += random.nextInt(3), WAITALL);
        open.clear();
    }

    @Tag("slow")
    @Test
    void severalThreadsAnswerAsOne() {
        Random random = new Random(20261125);
        List<ReplayParameters> models = List.of(ReplayParameters.ideal(), ReplayParameters.flat(1e-3, 1e6, 65536, 1),
                ReplayParameters.flat(2e-3, 1e5, 1024, 2), ReplayParameters.flat(0, Double.POSITIVE_INFINITY, 0, 0.5));
        int cycles = 0;
        for (int round = 0; round < 300; round++) {
            int n = 8 + random.nextInt(9);
            RecordedRun run = randomRun(random, n);
            double[] offsets = new double[n];
            for (int p = 0; p < n; p++) {
                offsets[p] = random.nextInt(3) * 1e-3;
            }
            int threads = 2 + random.nextInt(3);
            String where = "round " + round + ", " + n + " ranks, " + threads + " threads";
            for (ReplayParameters model : models) {
                Prediction one = new TraceReplay(run, offsets).predict(model);
                Prediction many = new TraceReplay(run, offsets).withThreadsAlways(threads).predict(model);
                assertSame(one, many, where + ", " + model);
                if (one.notes().stream().anyMatch(s -> s.contains("cycle"))) {
                    cycles++;
                }
            }
            ReplayParameters given = ReplayParameters.flat(1e-3, 1e6, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
            TraceReplay alone = new TraceReplay(run, offsets), crew = new TraceReplay(run, offsets).withThreadsAlways(threads);
            assertSame(alone.predictBesideIdeal(given), crew.predictBesideIdeal(given), where + ", beside the ideal network");
            assertEquals(alone.idealRuntime(), crew.idealRuntime(), where + ", ideal beside");
            TraceReplay alone2 = new TraceReplay(run, offsets), crew2 = new TraceReplay(run, offsets).withThreadsAlways(threads);
            assertEquals(alone2.calibrateInIdealReplay(65536, null, null), crew2.calibrateInIdealReplay(65536, null, null),
                    where + ", calibration in the ideal replay");
            assertEquals(alone2.idealRuntime(), crew2.idealRuntime(), where + ", ideal with calibration");
        }
        assertTrue(cycles > 50, "cycles let through: " + cycles);
    }

    /**
     * The commonest calls taken whole ({@code simpleCall}: one matched eager send, or a receive whose send is
     * posted) give what the general path gives: the same random runs, every event through publish, complete and release.
     */
    @Test
    void simpleCallsAnswerAsTheGeneralPath() {
        Random random = new Random(20261126);
        int simple = 0;
        for (int round = 0; round < 300; round++) {
            int n = 2 + random.nextInt(10);
            RecordedRun run = randomRun(random, n);
            double[] offsets = new double[n];
            for (int p = 0; p < n; p++) {
                offsets[p] = random.nextInt(3) * 1e-3;
            }
            ReplayMatching matching = new ReplayMatching(run);
            ReplayParameters[] models = {ReplayParameters.flat(1e-3, 1e6, 1024 * (1 + random.nextInt(100)), 1 + random.nextInt(2)),
                    ReplayParameters.flat(0, Double.POSITIVE_INFINITY, 1024 * (1 + random.nextInt(100)), 1)};
            for (ReplayParameters model : models) {
                ReplaySimulation general = new ReplaySimulation(matching, model, offsets);
                general.simpleCalls = false;
                Prediction a = general.run()[0], b = new ReplaySimulation(matching, model, offsets).run()[0];
                assertSame(a, b, "round " + round + ", " + model);
            }
            ReplayParameters[] pair = {ReplayParameters.flat(1e-3, 1e6, ReplayParameters.DEFAULT_EAGER_LIMIT, 1), ReplayParameters.ideal()};
            ReplaySimulation general = new ReplaySimulation(matching, pair, offsets);
            general.simpleCalls = false;
            Prediction[] a = general.run();
            Prediction[] b = new ReplaySimulation(matching, pair, offsets).run();
            assertEquals(a == null, b == null, "round " + round);
            if (a != null) {
                assertSame(a[0], b[0], "round " + round + ", two models");
                assertSame(a[1], b[1], "round " + round + ", two models, ideal");
            }
            TransferTimes t1 = new TransferTimes(matching, 65536), t2 = new TransferTimes(matching, 65536);
            ReplaySimulation calibrating = new ReplaySimulation(matching, new ReplayParameters[] {ReplayParameters.ideal()}, offsets, t1);
            calibrating.simpleCalls = false;
            calibrating.run();
            new ReplaySimulation(matching, new ReplayParameters[] {ReplayParameters.ideal()}, offsets, t2).run();
            assertEquals(NetworkCalibration.fit(t1.times, t1.used, null, null), NetworkCalibration.fit(t2.times, t2.used, null, null),
                    "round " + round + ", calibration");
            simple += run.calls();
        }
        assertTrue(simple > 10000, "calls: " + simple);
    }

    private static void assertSame(Prediction one, Prediction many, String where) {
        assertEquals(one.notes(), many.notes(), where);
        assertEquals(one.predictedRuntime(), many.predictedRuntime(), where);
        assertEquals(one.processes(), many.processes(), where);
    }
}
