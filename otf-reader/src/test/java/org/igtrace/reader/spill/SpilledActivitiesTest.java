package org.igtrace.reader.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TimeIndependentTrace;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay's recorded activities (predict) spilled to a temporary file answer exactly as when they
 * stay in memory, and leave nothing behind: one read of each trace feeds two recorders, one
 * keeping its activities in memory and one with a budget of 0 bytes, so that every block goes to
 * the file and is read back from it by every replay.
 */
class SpilledActivitiesTest {
    @TempDir
    Path dir;

    private static final ReplayParameters[] MODELS = {
        ReplayParameters.ideal(),
        ReplayParameters.flat(5e-6, 1e9, 0, 1), // every message by rendezvous: cycles broken
        ReplayParameters.flat(1e-6, 1e8, 1024, 2),
    };

    private record Replays(TraceReplay memory, TraceReplay spilled) {
    }

    private Replays read(Path trace, TempFileRecordBlocks store) throws Exception {
        ActivityRecorder[] recorders = new ActivityRecorder[2];
        TraceProfile profile = TraceInput.read(TraceFormat.locate(trace), new ReadOptions(false, 2),
                new AnalysisOptions(false, WaitMode.CORRECTED_CLOCKS), ReadProgress.NONE, d -> {
                    recorders[0] = new ActivityRecorder(d, new MemoryRecordBlocks());
                    recorders[1] = new ActivityRecorder(d, store);
                    return EventTaps.alsoFeeding(TeeSink.of(recorders[0], recorders[1]));
                });
        double[] offsets = profile.waits().offsets();
        RecordedRun spilled = recorders[1].recorded();
        assertTrue(spilled.spilledBytes() > 0 && spilled.spilledBytes() >= spilled.bytes(), trace + ": everything spilled");
        return new Replays(new TraceReplay(recorders[0].recorded(), offsets), new TraceReplay(spilled, offsets));
    }

    private static String simgrid(TraceReplay replay, int processes) throws IOException {
        StringBuilder b = new StringBuilder();
        // every action core hands out, with its arguments (formats.simgrid writes them as text)
        TimeIndependentTrace.Actions record = (TimeIndependentTrace.Actions) java.lang.reflect.Proxy.newProxyInstance(
                TimeIndependentTrace.Actions.class.getClassLoader(), new Class<?>[] {TimeIndependentTrace.Actions.class},
                (proxy, method, args) -> {
                    b.append(method.getName()).append(java.util.Arrays.toString(args)).append('\n');
                    return null;
                });
        for (int p = 0; p < processes; p++) {
            replay.timeIndependentActions(p, org.igtrace.core.replay.ReplayParameters.ideal().withCpuRatio(2), record);
        }
        return b.toString();
    }

    private long filesIn(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            return files.count();
        }
    }

    /** Open descriptors of this JVM on files in {@code d} (an unlinked file still shows, "(deleted)"). */
    private static List<String> openIn(Path d) throws IOException {
        List<String> open = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(d.toString())) {
                        open.add(target);
                    }
                } catch (IOException gone) {
                    // the listing's own descriptor, closed by now
                }
            }
        }
        return open;
    }

    /**
     * Predictions on three models (every field of every process), the calibrated network and
     * SimGrid's time-independent trace are equal with and without spilling, on traces with
     * blocking and non-blocking messages (Score-P ping-pong and Jacobi, EZTrace patterns with
     * MPI_Irecv posts, OTF2 synth with MPI_Isend completions), collectives (delays-4) and OTF.
     */
    @Tag("slow")
    @Test
    void spilledActivitiesReplayExactlyAsInMemory() throws Exception {
        Path[] traces = {TestTraces.otf2("scorep-ping-pong"), TestTraces.otf2("scorep-jacobi-2nodes"), TestTraces.otf2("patterns-8"),
            TestTraces.otf2("synth"), TestTraces.otf2("delays-4"), TestTraces.otf1("vt-md-mpi-cuda")};
        for (Path trace : traces) {
            try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "replay activities")) {
                Replays r = read(trace, store);
                for (ReplayParameters model : MODELS) {
                    assertEquals(r.memory().predict(model), r.spilled().predict(model), trace + " " + model);
                }
                assertEquals(r.memory().predict(List.of(MODELS), 1), r.spilled().predict(List.of(MODELS), 2), trace + ": two at once");
                assertEquals(r.memory().calibrate(), r.spilled().calibrate(), trace.toString());
                int n = r.memory().predict(MODELS[0]).processes().size();
                assertEquals(simgrid(r.memory(), n), simgrid(r.spilled(), n), trace.toString());
                assertEquals(0, filesIn(dir), "the file is unlinked as soon as it is made");
                assertEquals(1, openIn(dir).size(), "one open descriptor holds the spilled blocks: " + openIn(dir));
            }
            assertEquals(List.of(), openIn(dir), trace + ": closed with the store");
        }
    }

    /** A failure while the spilled activities are replayed still closes (and so frees) the file. */
    @Test
    void aFailureAfterSpillingLeavesNothingBehind() throws Exception {
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
            try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "replay activities")) {
                Replays r = read(TestTraces.otf2("patterns-8"), store);
                r.spilled().predict(ReplayParameters.ideal());
                assertEquals(1, openIn(dir).size());
                throw new IllegalStateException("a failure after the read");
            }
        });
        assertEquals("a failure after the read", thrown.getMessage());
        assertEquals(0, filesIn(dir));
        assertEquals(List.of(), openIn(dir));
    }
}
