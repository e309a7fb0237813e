package org.igtrace.cli;

import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.replay.ActivityRecorder;
import org.igtrace.core.replay.MatchedTransfers;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.MatchTap;

/**
 * What {@code predict} takes from the read besides the profile: the recording of the calls
 * ({@link ActivityRecorder}) and, when the network is fitted, the calibration's transfer times from the
 * wait analysis' matched messages ({@link MatchedTransfers}, the records keeping each end's size), so that
 * one replay pass can make the calibration, the ideal network and the model.
 */
final class PredictTaps implements EventTaps {
    private final ActivityRecorder recorder;
    private final long eagerLimit;
    private final boolean calibrate;
    private RecordedRun run;
    private volatile MatchedTransfers transfers;

    PredictTaps(TraceDefinitions definitions, RecordBlocks store, boolean calibrate, long eagerLimit) {
        // with the network fitted, the recording keeps what the fits before the replay need, so that they read no call
        this.recorder = new ActivityRecorder(definitions, store, calibrate ? eagerLimit : -1, eagerLimit);
        this.calibrate = calibrate;
        this.eagerLimit = eagerLimit;
    }

    @Override
    public LocationSink perLocation(LocationSink analyses) {
        return TeeSink.of(analyses, recorder);
    }

    @Override
    public boolean tapsMatches() {
        return calibrate;
    }

    /** {@link MatchedTransfers} reads the messages only. */
    @Override
    public boolean tapsMessagesOnly() {
        return true;
    }

    /**
     * predict prints of the wait analysis the clock offsets and its notes, never the waits: the waits of the calls that
     * completed several receives are not measured. Its efficiency prints the run's figures only; the processes' rows
     * ({@code Efficiency.processes()}: lost wait, lost transfer) would leave those calls' waits out, so a predict that
     * prints them must read the waits (return false here).
     */
    @Override
    public boolean waitsUnread() {
        return true;
    }

    @Override
    public boolean matchSizes() {
        return calibrate;
    }

    @Override
    public MatchTap matches(long[] offsets) {
        if (!calibrate) {
            return null;
        }
        transfers = new MatchedTransfers(recorded(), offsets, eagerLimit); // the read is over: every location ended
        return transfers;
    }

    /** The recorded run (made once). */
    synchronized RecordedRun recorded() {
        if (run == null) {
            run = recorder.recorded();
        }
        return run;
    }

    /** The transfer times of the wait analysis' last join, or null when none fed them to the end. */
    MatchedTransfers transfers() {
        MatchedTransfers t = transfers;
        return t != null && t.ready() ? t : null;
    }
}
