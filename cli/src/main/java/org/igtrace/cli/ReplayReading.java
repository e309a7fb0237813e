package org.igtrace.cli;

import org.igtrace.core.select.Selection;
import picocli.CommandLine.Mixin;

/**
 * How {@code predict} and {@code map} read a trace for a replay, and their options for it: the model network's
 * ({@link NetworkOptions}), then the trace's ({@link TraceOptions}), in that order in the help; the selection of the
 * command line, a store for the recorded calls (in --temp-dir past their memory budget), and a session that records
 * every rank, since with {@code --ranks} the selected ranks still wait for their partners (definitions section 11).
 * One mixin, so that both commands declare and set up the same.
 */
public final class ReplayReading {
    @Mixin
    NetworkOptions network = new NetworkOptions();

    @Mixin
    TraceOptions common;

    /** The selection of the run (--window, --ranks, --region); a malformed one is a usage error. */
    Selection selection() throws UsageError {
        return UsageError.of(common.selection::selection);
    }

    /** The store of the recorded calls, spilled to a temporary file in --temp-dir past their budget. */
    TemporaryStore store() {
        return new TemporaryStore(common.reading.tempDir, "replay activities");
    }

    /** The session reading {@code trace} with {@code selection} on the clocks {@code correction} says, recording every rank. */
    TraceSession open(Invocation parent, TraceArgument trace, ClockCorrection correction, Selection selection)
            throws Failure {
        TraceReading.Request options = TraceReading.options(common.reading, false, correction, false);
        return TraceSession.open(parent, trace.path(), options, selection, ProgressBar.on(parent.err(), common.output.quiet)).everyRank();
    }
}
