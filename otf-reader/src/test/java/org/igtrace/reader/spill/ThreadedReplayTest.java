package org.igtrace.reader.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay split among threads (the processes in blocks, one per thread) answers as one thread's on
 * real 8-rank traces (EZTrace's Jacobi, patterns with MPI_Irecv posts and collectives, pi), with the
 * recorded calls spilled to a file that the threads read at once: every model, a given network beside
 * the ideal one, and the calibration made in the ideal replay.
 */
class ThreadedReplayTest {
    @TempDir
    Path dir;

    private static final ReplayParameters[] MODELS = {
        ReplayParameters.ideal(),
        ReplayParameters.flat(5e-6, 1e9, 0, 1), // every message by rendezvous: cycles let through
        ReplayParameters.flat(1e-6, 1e8, 1024, 2),
    };

    @Tag("slow")
    @Test
    void twoThreadsAnswerAsOne() throws Exception {
        for (String name : new String[] {"jacobi-8", "patterns-8", "pi-8"}) {
            Path trace = TestTraces.otf2(name);
            try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "replay activities")) {
                ActivityRecorder[] recorder = new ActivityRecorder[1];
                TraceProfile profile = TraceInput.read(TraceFormat.locate(trace), new ReadOptions(false, 2),
                        new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS), ReadProgress.NONE,
                        d -> EventTaps.alsoFeeding(recorder[0] = new ActivityRecorder(d, store)));
                RecordedRun run = recorder[0].recorded();
                double[] offsets = profile.waits().offsets();
                assertEquals(8, run.processCount(), name);
                for (ReplayParameters model : MODELS) {
                    Prediction one = new TraceReplay(run, offsets).predict(model);
                    Prediction two = new TraceReplay(run, offsets).withThreadsAlways(2).predict(model);
                    assertEquals(one, two, name + " " + model);
                }
                ReplayParameters given = ReplayParameters.flat(1e-6, 1e9, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
                TraceReplay a = new TraceReplay(run, offsets), b = new TraceReplay(run, offsets).withThreadsAlways(2);
                assertEquals(a.predictBesideIdeal(given), b.predictBesideIdeal(given), name + ": beside the ideal network");
                assertEquals(a.idealRuntime(), b.idealRuntime(), name + ": ideal");
                TraceReplay c = new TraceReplay(run, offsets), e = new TraceReplay(run, offsets).withThreadsAlways(2);
                assertEquals(c.calibrateInIdealReplay(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null),
                        e.calibrateInIdealReplay(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null), name + ": calibration");
            }
        }
    }
}
