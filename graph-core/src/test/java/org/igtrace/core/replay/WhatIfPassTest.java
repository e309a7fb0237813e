package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
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
 * {@code igtrace why}'s replays (issue 37): the unchanged run and a what-if replayed in one pass that also collects the
 * calibration's transfer times ({@link TraceReplay#predictScaledCalibrated}) give the numbers of the calibration's pass
 * of its own ({@link TraceReplay#calibrate}, what why fitted before) followed by the what-if pass; a guess the pass does
 * not confirm gives null. The run is {@link MatchedTransfersTest}'s: transfer times 7 ms (1000 bytes) and 6 ms (3000
 * bytes), L = 6.5 ms, B = inf.
 */
class WhatIfPassTest {
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
        call(l[0], INIT, 0, 0, () -> { });
        call(l[1], INIT, 0, 0, () -> { });
        call(l[1], IRECV, 0, 0, () -> l[1].irecvRequest(0, 7));
        call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 8));
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

    /** The what-if: rank 0's bursts twice as long (its work, 0 to 3 ms, replayed as 6 ms). */
    private static final ComputeScaling SLOWER = (p, from, to, seconds) -> p == 0 ? 2 * seconds : seconds;

    @Test
    void onePassCalibratesAndReplaysTheWhatIfs() {
        Analysed a = analyse(l -> postedFirst(l, 1));
        NetworkCalibration.Fit guess = a.tap().fit(null, null);
        assertEquals(6.5 * MS, guess.latency(), 1e-12);
        TraceReplay old = new TraceReplay(a.run(), a.waits().offsets());
        assertEquals(guess, old.calibrate(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null), "the calibration's own pass fits the same");
        ReplayParameters model = ReplayParameters.flat(guess.latency(), guess.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        List<Prediction> before = old.predictScaled(model, Arrays.asList(null, SLOWER));

        TraceReplay replay = new TraceReplay(a.run(), a.waits().offsets());
        List<Prediction> after = replay.predictScaledCalibrated(model, guess, Arrays.asList(null, SLOWER));
        assertNotNull(after, "the pass's fit is the guess");
        assertEquals(1, replay.passes.get(), "one pass: the calibration, the unchanged run and the what-if");
        for (int k = 0; k < 2; k++) {
            assertEquals(before.get(k).predictedRuntime(), after.get(k).predictedRuntime(), 0);
            assertEquals(before.get(k).processes(), after.get(k).processes());
        }
        // rank 0 sends 3 ms later: the what-if's run is longer than the unchanged one's
        assertEquals(true, after.get(1).predictedRuntime() > after.get(0).predictedRuntime());
    }

    @Test
    void aGuessThePassDoesNotConfirmGivesNull() {
        Analysed a = analyse(l -> postedFirst(l, 1));
        NetworkCalibration.Fit truth = a.tap().fit(null, null);
        NetworkCalibration.Fit wrong = new NetworkCalibration.Fit(1 * MS, truth.bandwidth(), truth.messages(), truth.sizes(),
                truth.largestSize(), truth.how());
        ReplayParameters model = ReplayParameters.flat(1 * MS, Double.POSITIVE_INFINITY, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        TraceReplay replay = new TraceReplay(a.run(), a.waits().offsets());
        assertNull(replay.predictScaledCalibrated(model, wrong, Arrays.asList(null, SLOWER)));
    }
}
