package org.igtrace.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.MatchedTransfers;
import org.igtrace.core.replay.NetworkCalibration;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.select.Selection;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.why.RegionSlices;
import org.igtrace.core.why.WaitLog;
import org.igtrace.core.why.WhatIfReplays;
import org.igtrace.core.why.Why;
import org.igtrace.reader.TraceFormat;

/**
 * The read of {@code igtrace why} (and of {@code graph --weight critical|delay}): one read of the trace through
 * the selected reading every command uses, feeding besides the profile the region slices, the replay's
 * recorder (with what-ifs) and the waits' tap; then the analysis of definitions section 14.
 */
final class WhyReading {
    /**
     * The read's profile, the trace's location and the analysis; or, with {@code exit} not null, the exit code of a
     * command that ended without them (it ran in a child JVM, or the selection kept nothing, said on standard error).
     */
    /**
     * @param replayNotes what the replay of the what-ifs says of the run it replays (MPI calls on threads it leaves out)
     */
    record Result(TraceFormat.Located located, TraceProfile profile, Why why, Integer exit, java.util.List<String> replayNotes) {
    }

    private WhyReading() {
    }

    /**
     * Reads {@code trace} (the window and region of {@code selection} kept of every process) and analyses it, with the
     * what-ifs of the {@code top} first causes when {@code whatIf}, through the door every command reads by; the unchanged
     * run is replayed without a what-if only when {@code unchangedShown} (its run time is written).
     */
    static Result read(Invocation parent, Path trace, ReadingOptions reading, Selection selection, boolean quiet, int top,
                       boolean whatIf, boolean unchangedShown) throws Failure, UsageError {
        try (TemporaryStore store = new TemporaryStore(reading.tempDir, "the region slices")) {
            Taps taps = new Taps(whatIf);
            TraceReading.Request options = TraceReading.options(reading, false, ClockCorrection.OFFSETS, false);
            TraceSession session = TraceSession.open(parent, trace, options, selection, ProgressBar.on(parent.err(), quiet)).everyRank();
            session.subscribe(d -> taps.on(d, store, session));
            Integer ended = session.start();
            if (ended != null) {
                return new Result(session.located(), null, null, ended, java.util.List.of());
            }
            Why why;
            try (WorkingLine line = WorkingLine.start(parent.err(), quiet, whatIf && top > 0
                    ? "the causes of the waiting and what fixing them would gain" : "the critical path and the causes of the waiting")) {
                why = analyse(session.profile(), taps, reading, top, unchangedShown);
            }
            java.util.List<String> notes = taps.recorder == null ? java.util.List.of() : taps.recorded().notes().stream()
                    .filter(n -> n.contains(org.igtrace.core.replay.ActivityRecorder.OTHER_THREADS)
                            || n.contains(org.igtrace.core.replay.ActivityRecorder.MERGED_THREADS)).toList();
            return new Result(session.located(), session.profile(), why, null, notes);
        }
    }

    /**
     * The analysis of what {@code taps} kept of the read of {@code profile}, with the what-ifs of the {@code top} first causes
     * if it recorded the calls. The what-ifs' model is the run's own fitted network and collectives: the network fitted
     * first to the wait analysis' matched messages and checked in the unchanged run's replay ({@link WhatIfReplays}), which
     * with the collectives' fit runs on a thread of its own while the critical path and the delay costs are found (on
     * the caller's with {@code -j 1}). Nothing is replayed when no what-if is tried and the unchanged run's run time is not
     * shown ({@code unchangedShown} false: text, the report, the placement's weights).
     */
    static Why analyse(TraceProfile profile, Taps taps, ReadingOptions reading, int top, boolean unchangedShown) {
        WaitLog waits = taps.waits;
        if (waits == null) {
            waits = new WaitLog(new long[profile.processes().size()]);
            waits.joined();
        }
        taps.standByReplayedThreads();
        RecordedRun run = taps.recorder != null ? taps.recorded() : null;
        if (run == null || run.replayedProcesses() == 0) {
            return Why.analyse(waits, taps.slices, null, top, reading.threadCount() != 1, unchangedShown);
        }
        TraceReplay replay = new TraceReplay(run, profile.waits() == null ? null : profile.waits().offsets()).withThreads(reading.threadCount());
        MatchedTransfers matched = taps.transfers;
        java.util.function.Supplier<NetworkCalibration.Fit> guess = matched != null && matched.ready() ? () -> matched.fit(null, null) : () -> null;
        return Why.analyse(waits, taps.slices, new WhatIfReplays(replay, guess), top, reading.threadCount() != 1, unchangedShown);
    }

    /**
     * What the read feeds beside the profile: the region slices, the replay's recorder (or none), and the waits' tap
     * (also {@code igtrace diff}'s read, without the recorder) with, beside the recorder, the calibration's first fit from
     * the matched messages ({@link MatchedTransfers}, the match records keeping each end's size).
     */
    static final class Taps implements EventTaps {
        private final boolean record;
        RegionSlices slices;
        ActivityRecorder recorder;
        /** Without the replay's recorder, where some process has several threads: their events alone ({@link #standByReplayedThreads}). */
        private ActivityRecorder threads;
        volatile WaitLog waits;
        volatile MatchedTransfers transfers;
        private RecordedRun run;
        private RecordBlocks store;

        Taps(boolean record) {
            this.record = record;
        }

        /**
         * @param session its selection: one that cuts the processes' starts (a window's start, a region) lets no late start
         *                be seen; under a region the time outside every region is the time between its instances
         */
        EventTaps on(TraceDefinitions d, RecordBlocks store, TraceSession session) {
            this.store = store;
            slices = new RegionSlices(d, store);
            if (session.cutsStarts()) {
                slices.noLateStarts();
            }
            if (session.selectedRegion() != null) {
                slices.betweenInstancesOf(session.selectedRegion());
            }
            // keeping beside the calls what the fits before the what-ifs' replay need (the calls with a collective, the eager
            // sends' durations), so that those fits read no call: on the 98 M-event imbalanced trace they read every one of
            // its 28 M calls, about 0.9 s of CPU, partly with the other core idle
            recorder = record ? new ActivityRecorder(d, store, ReplayParameters.DEFAULT_EAGER_LIMIT) : null;
            threads = !record && d.anySeveralThreads() ? ActivityRecorder.threadsOnly(d, store) : null;
            return this;
        }

        @Override
        public LocationSink perLocation(LocationSink analyses) {
            ActivityRecorder r = recorder != null ? recorder : threads;
            return r == null ? TeeSink.of(analyses, slices) : TeeSink.of(List.of(analyses, slices, r));
        }

        /**
         * Stands each process of the region slices by the thread the replay takes (definitions section 9): with threads
         * taking turns in MPI, that thread with the others' calls in it, whether or not this read replays anything (why,
         * graph's and map's path weights, diff). Once the read is over, before the slices are read.
         */
        void standByReplayedThreads() {
            if (slices == null) {
                return;
            }
            if (recorder != null) {
                RecordedRun run = recorded();
                if (run.replayedProcesses() > 0) {
                    slices.follow(run.replayedOrders(), recorder);
                }
            } else if (threads != null) {
                threads.recorded();
                slices.follow(null, threads);
            }
        }

        @Override
        public boolean tapsMatches() {
            return true;
        }

        @Override
        public boolean matchSizes() {
            return recorder != null;
        }

        @Override
        public MatchTap matches(long[] offsets) {
            waits = new WaitLog(offsets, store); // the waits too go to the store (spilled beyond its budget)
            if (recorder == null) {
                return waits;
            }
            // the read is over: every location ended
            transfers = new MatchedTransfers(recorded(), offsets, ReplayParameters.DEFAULT_EAGER_LIMIT);
            return MatchTap.both(waits, transfers);
        }

        /** The recorded run (made once). */
        synchronized RecordedRun recorded() {
            if (run == null) {
                run = recorder.recorded();
            }
            return run;
        }
    }

    /**
     * The edge weight {@code weight} (critical or delay) of {@code why} per pair; the critical one with the pairs of the
     * path's jumps that had no message and no wait (an all-to-one's root to its last member), whose edges the graph adds.
     */
    static org.igtrace.core.graph.EdgeWeight.PairSeconds pairSeconds(Why why, org.igtrace.core.graph.EdgeWeight weight) {
        if (weight != org.igtrace.core.graph.EdgeWeight.CRITICAL) {
            return why::delayOfPair;
        }
        return new org.igtrace.core.graph.EdgeWeight.PairSeconds() {
            @Override
            public double of(int a, int b) {
                return why.criticalOfPair(a, b);
            }

            @Override
            public List<int[]> morePairs() {
                return why.path().pairs().stream().map(p -> new int[] {p.from(), p.to()}).toList();
            }
        };
    }
}
