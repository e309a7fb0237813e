package org.igtrace.cli;

import java.util.function.Consumer;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.select.Selection;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;

/**
 * Reads a located trace into its profile: in this JVM by default ({@link #HERE}); another engine
 * (igtrace on Spark) reads it elsewhere and the command does the rest the same way
 * (igtrace's top command, run with a reader of its own).
 */
@FunctionalInterface
public interface ProfileReader {
    /** The whole trace read in this JVM; {@code beforeEvents} runs between its definitions and its events. */
    ProfileReader HERE = new ProfileReader() {
        @Override
        public TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
                throws TraceReadException {
            return TraceInput.read(located.file(), options, analysis, progress);
        }

        @Override
        public TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress,
                                 Consumer<TraceDefinitions> beforeEvents) throws TraceReadException {
            return TraceInput.read(located, options, analysis, progress, definitions -> {
                beforeEvents.accept(definitions);
                return EventTaps.NONE;
            });
        }
    };

    TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress)
            throws TraceReadException;

    /**
     * As {@link #read(TraceFormat.Located, ReadOptions, AnalysisOptions, ReadProgress)}, giving
     * {@code beforeEvents} the definitions (their processes) as soon as they are read, before any
     * event, so that a command line the trace cannot satisfy fails at once (it throws). An engine
     * that cannot stop in between calls it after reading.
     */
    default TraceProfile read(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis, ReadProgress progress,
                              Consumer<TraceDefinitions> beforeEvents) throws TraceReadException {
        TraceProfile profile = read(located, options, analysis, progress);
        beforeEvents.accept(profile.processDefinitions());
        return profile;
    }

    /**
     * The profile of what {@code selection} keeps (definitions section 11), read where this reader
     * reads with the selection's filter in front of the analyses there, and the events it kept; or
     * null when this reader leaves selections to the command, which then reads in this JVM (the
     * default).
     *
     * @throws RefusedSelection when the trace's definitions refute the selection
     */
    default Selected readSelected(TraceFormat.Located located, ReadOptions options, AnalysisOptions analysis,
                                  ReadProgress progress, Selection selection) throws TraceReadException {
        return null;
    }

    /** A selected read's profile (not yet narrowed to the selected ranks) and the events the selection kept. */
    record Selected(TraceProfile profile, long keptEvents) {
    }

    /** The trace's definitions refute a selection (a rank it does not have, a region it does not name): a usage error. */
    final class RefusedSelection extends UsageError {
        private static final long serialVersionUID = 1L;

        public RefusedSelection(String message) {
            super(message);
        }
    }
}
