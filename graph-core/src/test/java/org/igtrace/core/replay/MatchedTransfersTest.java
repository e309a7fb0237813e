package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchRecords;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

/**
 * The calibration from the wait analysis' matched messages (issue 38): its fit is the fit of the calibration's
 * pass over the recorded calls, so that one replay pass makes the calibration, the ideal network and the model.
 */
class MatchedTransfersTest {
    private static final int INIT = 0, FINALIZE = 1, SEND = 2, IRECV = 3, WAITALL = 4, WORK = 5;
    private static final double MS = 1e-3;

    /** Two processes; 1000 ticks per second, so a tick is 1 ms. */
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Irecv", "MPI_Waitall"}) {
            b.addRegion(name, true);
        }
        b.addRegion("work", false);
        b.addCommunicator(new int[] {0, 1});
        return b.ticksPerSecond(1000).build();
    }

    /** The run {@code body} writes, recorded for the replay and analysed for waits (sizes kept), fed to a tap. */
    private record Analysed(RecordedRun run, WaitReport waits, MatchedTransfers tap) {
    }

    private static Analysed analyse(Consumer<LocationEvents[]> body) {
        TraceDefinitions d = definitions();
        ActivityRecorder recorder = new ActivityRecorder(d);
        MatchRecords records = new MatchRecords(d, new MemoryRecordBlocks()).withSizes();
        LocationSink both = TeeSink.of(records, recorder);
        LocationEvents[] l = {both.location(0, 0), both.location(1, 1)};
        body.accept(l);
        for (LocationEvents e : l) {
            e.end();
        }
        RecordedRun run = recorder.recorded();
        MatchedTransfers[] tap = new MatchedTransfers[1];
        WaitReport waits = WaitAnalysis.analyse(records, true, 1,
                offsets -> tap[0] = new MatchedTransfers(run, offsets, ReplayParameters.DEFAULT_EAGER_LIMIT));
        return new Analysed(run, waits, tap[0]);
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    /**
     * Rank 1 posts two MPI_Irecv (1000 and 3000 bytes) at 0 and enters MPI_Waitall at 1; rank 0 computes to 3 and
     * MPI_Sends both ([3, 4] and [4, 5]). The Waitall, entered before either send, leaves at 10: transfer times
     * 10 - 3 = 7 ms for 1000 bytes, 10 - 4 = 6 ms for 3000 bytes... times that fall with size: L = their mean,
     * 6.5 ms, B = inf. The receive's Waitall is entered after the sends in the second run: nothing is timed.
     */
    private static void postedFirst(LocationEvents[] l, long waitallEnter) {
        postedFirst(l, waitallEnter, 1);
    }

    /** As above, rank 1's second MPI_Irecv taking {@code postTime} ms. */
    private static void postedFirst(LocationEvents[] l, long waitallEnter, long postTime) {
        call(l[0], INIT, 0, 0, () -> { });
        call(l[1], INIT, 0, 0, () -> { });
        call(l[1], IRECV, 0, 0, () -> l[1].irecvRequest(0, 7));
        call(l[1], IRECV, 0, postTime, () -> l[1].irecvRequest(0, 8));
        call(l[0], WORK, 0, 3, () -> { });
        call(l[0], SEND, 3, 4, () -> l[0].send(3, 1, 0, 1, 1000));
        call(l[0], SEND, 4, 5, () -> l[0].send(4, 1, 0, 2, 3000));
        call(l[1], WORK, 1, waitallEnter, () -> { });
        call(l[1], WAITALL, waitallEnter, 10, () -> {
            l[1].irecv(9, 0, 0, 1, 1000, 7);
            l[1].irecv(10, 0, 0, 2, 3000, 8);
        });
        call(l[0], FINALIZE, 11, 12, () -> { });
        call(l[1], FINALIZE, 11, 12, () -> { });
    }

    @Test
    void theMatchedMessagesGiveTheCalibrationsFitAndOnePassServesAll() {
        Analysed a = analyse(l -> postedFirst(l, 1));
        NetworkCalibration.Fit guess = a.tap().fit(null, null);
        assertEquals(2, guess.messages(), guess.how());
        assertEquals(2, guess.sizes());
        assertEquals(6.5 * MS, guess.latency(), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, guess.bandwidth());
        // the calibration's own pass over the recorded calls (the old way) fits the same, bit for bit
        TraceReplay old = new TraceReplay(a.run(), a.waits().offsets());
        assertEquals(guess, old.calibrateInIdealReplay(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null));
        ReplayParameters model = ReplayParameters.flat(guess.latency(), guess.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        Prediction before = old.predict(model);
        assertEquals(2, old.passes.get(), "before: the calibration's ideal replay, then the model's");

        TraceReplay replay = new TraceReplay(a.run(), a.waits().offsets());
        Prediction p = replay.predictCalibrated(model, guess, ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertNotNull(p, "the pass's fit is the guess");
        assertEquals(guess, replay.calibration());
        assertEquals(before.processes(), p.processes());
        assertEquals(before.predictedRuntime(), p.predictedRuntime(), 0);
        assertEquals(old.idealRuntime(), replay.idealRuntime(), 0);
        assertEquals(1, replay.passes.get(), "one pass: calibration, ideal network and model");
    }

    /**
     * The join only marks the tap ready: the times of its threads are added up by the first fit, on its caller's thread
     * (for {@code why}, the model's, not the one that finds the causes). Before the join there is no fit; after it, the
     * same fit each time. The what-ifs' replays ask for their guess only when they make their model, and replay the
     * unchanged run as the model of that guess gives it.
     */
    @Test
    void theFitIsMadeByItsFirstCallerAndTheWhatIfsAskForItWithTheirModel() {
        TraceDefinitions d = definitions();
        RecordedRun empty = new ActivityRecorder(d).recorded();
        MatchedTransfers unjoined = new MatchedTransfers(empty, new long[2], ReplayParameters.DEFAULT_EAGER_LIMIT);
        assertFalse(unjoined.ready());
        assertThrows(IllegalStateException.class, () -> unjoined.fit(null, null));

        Analysed a = analyse(l -> postedFirst(l, 1));
        assertTrue(a.tap().ready());
        NetworkCalibration.Fit guess = a.tap().fit(null, null);
        assertEquals(guess, a.tap().fit(null, null), "the same fit again");
        assertEquals(6.5 * MS, guess.latency(), 1e-12);

        int[] asked = {0};
        org.igtrace.core.why.WhatIfReplays replays = new org.igtrace.core.why.WhatIfReplays(
                new TraceReplay(a.run(), a.waits().offsets()), () -> {
                    asked[0]++;
                    return a.tap().fit(null, null);
                });
        assertEquals(0, asked[0], "no fit before the model is made");
        Prediction unchanged = replays.predict(java.util.List.of()).get(0);
        assertEquals(1, asked[0], "one fit, with the model");
        org.igtrace.core.why.WhatIfReplays given = new org.igtrace.core.why.WhatIfReplays(
                new TraceReplay(a.run(), a.waits().offsets()), guess);
        assertEquals(given.predict(java.util.List.of()).get(0).predictedRuntime(), unchanged.predictedRuntime(), 0);
    }

    @Test
    void aGuessThePassDoesNotConfirmIsReplayedAgain() {
        Analysed a = analyse(l -> postedFirst(l, 1));
        NetworkCalibration.Fit truth = a.tap().fit(null, null);
        NetworkCalibration.Fit wrong = new NetworkCalibration.Fit(1 * MS, truth.bandwidth(), truth.messages(), truth.sizes(),
                truth.largestSize(), truth.how());
        TraceReplay replay = new TraceReplay(a.run(), a.waits().offsets());
        ReplayParameters model = ReplayParameters.flat(1 * MS, Double.POSITIVE_INFINITY, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        assertNull(replay.predictCalibrated(model, wrong, ReplayParameters.DEFAULT_EAGER_LIMIT, null, null));
        assertEquals(truth, replay.calibration(), "the pass's own fit is the one to replay");
        assertEquals(1, replay.passes.get());
    }

    /**
     * Waitall entered at 6, after both sends: no transfer visible, a model that costs every message as the ideal network
     * does. Rank 1's second MPI_Irecv takes 1 ms ([0, 1]), a posting call's time, which the model keeps and the ideal
     * network does not: the model is replayed in a pass of its own, rank 1 ending 1 ms later (it enters its 5 ms of work
     * at 1, not 0; rank 0, whose 3 + 6 ms of work end at 9, still ends the run). Without that posting time the model is
     * the ideal network's replay, in one pass.
     */
    @Test
    void noVisibleTransferGivesTheIdealNetworkUnlessPostingCallsTookTime() {
        Analysed a = analyse(l -> postedFirst(l, 6));
        NetworkCalibration.Fit guess = a.tap().fit(null, null);
        assertEquals(0, guess.messages(), guess.how());
        TraceReplay replay = new TraceReplay(a.run(), a.waits().offsets());
        ReplayParameters model = ReplayParameters.flat(guess.latency(), guess.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        Prediction p = replay.predictCalibrated(model, guess, ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertNotNull(p);
        assertEquals(replay.idealRuntime(), p.predictedRuntime(), 0);
        assertEquals(2, replay.passes.get());
        Prediction ideal = replay.predict(ReplayParameters.ideal());
        assertEquals(ideal.processes().get(1).end() + 1 * MS, p.processes().get(1).end(), 1e-12);
        assertEquals(ideal.processes().get(0).end(), p.processes().get(0).end(), 0);

        Analysed none = analyse(l -> postedFirst(l, 6, 0));
        TraceReplay alone = new TraceReplay(none.run(), none.waits().offsets());
        Prediction q = alone.predictCalibrated(model, none.tap().fit(null, null), ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertEquals(alone.idealRuntime(), q.predictedRuntime(), 0);
        assertEquals(1, alone.passes.get());
    }
}
