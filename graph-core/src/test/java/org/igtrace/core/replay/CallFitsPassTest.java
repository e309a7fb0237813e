package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The fits predict makes before its replay pass (issue 38): the send overhead o, the lags of the run's last collectives
 * and the collectives' own L_f, B_f, read from one pass over the recorded calls instead of two, with the fits each
 * pass of its own gives.
 */
class CallFitsPassTest {
    private static final int INIT = 0, FINALIZE = 1, SEND = 2, RECV = 3, ALLREDUCE = 4;

    /**
     * Two processes, 10^9 ticks per second (a tick is 1 ns). Rank 0 makes {@code durations.length} eager MPI_Sends of 8
     * bytes, the i-th lasting {@code durations[i]} ticks, rank 1 receives them; then both make an MPI_Allreduce
     * ({@code allreduces} times) and MPI_Finalize.
     */
    private static RecordedRun run(long[] durations, int allreduces) {
        return run(durations, allreduces, -1);
    }

    /** As above, the recorder keeping what the fits need for {@code eagerLimit} (negative: nothing kept). */
    private static RecordedRun run(long[] durations, int allreduces, long eagerLimit) {
        return run(durations, allreduces, eagerLimit, false);
    }

    /** As above; {@code trailingSend}: one more eager send of 4 ticks after the all-reduces. */
    private static RecordedRun run(long[] durations, int allreduces, long eagerLimit, boolean trailingSend) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Recv", "MPI_Allreduce"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1});
        TraceDefinitions d = b.ticksPerSecond(1_000_000_000L).build();
        ActivityRecorder recorder = new ActivityRecorder(d, new org.igtrace.core.util.MemoryRecordBlocks(), eagerLimit);
        LocationEvents s = recorder.location(0, 0), r = recorder.location(1, 1);
        call(s, INIT, 0, 10);
        call(r, INIT, 0, 10);
        long t = 100;
        for (long duration : durations) {
            s.sendCall(t, SEND, t, 1, 0, 0, 8, t + duration);
            r.receiveCall(t, RECV, t + duration, 0, 0, 0, 8, t + duration + 1);
            t += duration + 10;
        }
        for (int i = 0; i < allreduces; i++) {
            long at = t;
            s.enter(at, ALLREDUCE);
            s.collective(at + 5, CollectiveKind.ALL_TO_ALL, 0, -1, 64, 64);
            s.leave(at + 5 + i, ALLREDUCE);
            r.enter(at + 1, ALLREDUCE);
            r.collective(at + 7, CollectiveKind.ALL_TO_ALL, 0, -1, 64, 64);
            r.leave(at + 7 + 2 * i, ALLREDUCE);
            t += 100;
        }
        if (trailingSend) { // the windows' last calls hold no collective: no last collective's lags
            s.sendCall(t, SEND, t, 1, 0, 0, 8, t + 4);
            r.receiveCall(t, RECV, t + 4, 0, 0, 0, 8, t + 5);
            t += 10;
        }
        call(s, FINALIZE, t, t + 3);
        call(r, FINALIZE, t, t + 9);
        s.end();
        r.end();
        return recorder.recorded();
    }

    private static void call(LocationEvents l, int region, long enter, long leave) {
        l.enter(enter, region);
        l.leave(leave, region);
    }

    private static void sameFitsInOnePass(long[] durations, int allreduces, double o) {
        RecordedRun run = run(durations, allreduces);
        TraceReplay apart = new TraceReplay(run, null);
        SendOverhead.Fits calls = apart.fitSendOverheadAndFinalRelease(ReplayParameters.DEFAULT_EAGER_LIMIT);
        List<CollectiveCalibration.FamilyFit> collectives = apart.calibrateCollectives(null, null);
        assertEquals(2 * 2, apart.matching().windowsRead.get(), "before: two passes over the 2 processes' calls");

        TraceReplay together = new TraceReplay(run, null);
        TraceReplay.CallFits fits = together.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertEquals(2, together.matching().windowsRead.get(), "one pass");
        assertEquals(calls.sendOverhead(), fits.calls().sendOverhead());
        assertEquals(o, fits.calls().sendOverhead().seconds(), 1e-18);
        assertEquals(durations.length, fits.calls().sendOverhead().sends());
        assertEquals(calls.finalRelease().processes(), fits.calls().finalRelease().processes());
        assertEquals(collectives, fits.collectives());
        assertEquals(allreduces > 0 ? 1 : 0, fits.collectives().size());

        // issue 38: recorded with the eager limit, the fits read what the recording kept beside the calls: no call
        TraceReplay kept = new TraceReplay(run(durations, allreduces, ReplayParameters.DEFAULT_EAGER_LIMIT), null);
        TraceReplay.CallFits fromKept = kept.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertEquals(0, kept.matching().windowsRead.get(), "no pass over the calls");
        assertEquals(calls.sendOverhead(), fromKept.calls().sendOverhead());
        assertEquals(calls.finalRelease().processes(), fromKept.calls().finalRelease().processes());
        assertEquals(collectives, fromKept.collectives());
        // kept for another eager limit: one pass, as before
        TraceReplay other = new TraceReplay(run(durations, allreduces, 1), null);
        assertEquals(fits.calls().sendOverhead(), other.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null).calls().sendOverhead());
        assertEquals(2, other.matching().windowsRead.get(), "kept for another eager limit: one pass");
    }

    /**
     * Issue 38: the fits from what the recording kept equal those of a pass over every call when the windows' last
     * calls hold no collective (an eager send of 4 ticks after 2 all-reduces: no last collective, so no process has a
     * lag; o the median of 3, 4, 5 = 4 ns).
     */
    @Test
    void keptFitsWhenTheLastCallsHoldNoCollective() {
        RecordedRun all = run(new long[] {3, 5}, 2, -1, true);
        TraceReplay pass = new TraceReplay(all, null);
        TraceReplay.CallFits fits = pass.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        TraceReplay kept = new TraceReplay(run(new long[] {3, 5}, 2, ReplayParameters.DEFAULT_EAGER_LIMIT, true), null);
        TraceReplay.CallFits fromKept = kept.fitCallsAndCollectives(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertEquals(0, kept.matching().windowsRead.get());
        assertEquals(4e-9, fromKept.calls().sendOverhead().seconds(), 1e-18);
        assertEquals(fits.calls().sendOverhead(), fromKept.calls().sendOverhead());
        assertEquals(0, fits.calls().finalRelease().processes());
        assertEquals(0, fromKept.calls().finalRelease().processes());
        assertEquals(fits.collectives(), fromKept.collectives());
        assertEquals(1, fromKept.collectives().size());
    }

    /** 5 sends: the median is the 3rd of 3, 5, 7, 9, 11 ticks: o = 7 ns; one all-reduce family. */
    @Test
    void shortSendsTheMiddleOne() {
        sameFitsInOnePass(new long[] {9, 3, 11, 5, 7}, 3, 7e-9);
    }

    /**
     * Durations on both sides of the counted range (2^16 ticks: the median is taken from the counts and the kept
     * ones): 4 sends of 2, 70000, 65535, 65536 ticks, sorted 2, 65535, 65536, 70000, an even count: the mean of the
     * middle two, (65535 + 65536) / 2 = 65535.5 ns.
     */
    @Test
    void longSendsAcrossTheCountedRange() {
        sameFitsInOnePass(new long[] {2, 70000, 65535, 65536}, 2, 65535.5e-9);
    }

    /** 3 sends of 100000, 1, 200000 ticks: median 100000 ns (a kept one, above the counted one); no collective. */
    @Test
    void medianAmongTheKeptOnes() {
        sameFitsInOnePass(new long[] {100000, 1, 200000}, 0, 100000e-9);
    }

    /**
     * {@code igtrace map}'s model ({@link org.igtrace.core.predict.PredictionRun#fittedModel}) fits the collectives, o and
     * the lags in one pass over the calls, and in none where the recording kept what they read, as predict does: each of
     * the 2 processes' windows read once by the ideal network's replay (the calibration), and once more for the fits only
     * when nothing was kept (before: a pass for the collectives and one for o and the lags, 2 + 2 + 2 windows); the model
     * the same either way.
     */
    @Test
    void mapsModelFitsInOnePassOrNone() {
        org.igtrace.core.predict.ModelRequest request = new org.igtrace.core.predict.ModelRequest(null, null,
                ReplayParameters.DEFAULT_EAGER_LIMIT, 1, 0, null, null, null, false, null, null);
        TraceReplay kept = new TraceReplay(run(new long[] {9, 3, 11, 5, 7}, 3, ReplayParameters.DEFAULT_EAGER_LIMIT), null);
        ReplayParameters fromKept = org.igtrace.core.predict.PredictionRun.fittedModel(request, kept);
        assertEquals(2, kept.matching().windowsRead.get(), "the ideal replay's pass alone");
        assertEquals(true, kept.fitsReadNoCall(ReplayParameters.DEFAULT_EAGER_LIMIT));
        TraceReplay all = new TraceReplay(run(new long[] {9, 3, 11, 5, 7}, 3), null);
        ReplayParameters fromPass = org.igtrace.core.predict.PredictionRun.fittedModel(request, all);
        assertEquals(2 + 2, all.matching().windowsRead.get(), "the ideal replay's pass and one for the fits");
        assertEquals(false, all.fitsReadNoCall(ReplayParameters.DEFAULT_EAGER_LIMIT));
        assertEquals(7e-9, fromKept.sendOverhead(), 1e-18, "o: the median of 3, 5, 7, 9, 11 ns");
        assertEquals(fromPass.latency(), fromKept.latency());
        assertEquals(fromPass.sendOverhead(), fromKept.sendOverhead());
        assertEquals(fromPass.finalRelease().processes(), fromKept.finalRelease().processes());
        assertEquals(1, fromKept.collectives().latency().length > 0 ? 1 : 0, "the all-reduces' family fitted");
        org.junit.jupiter.api.Assertions.assertArrayEquals(fromPass.collectives().latency(), fromKept.collectives().latency());
        org.junit.jupiter.api.Assertions.assertArrayEquals(fromPass.collectives().bandwidth(), fromKept.collectives().bandwidth());
    }
}
