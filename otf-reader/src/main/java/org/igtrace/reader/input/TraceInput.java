package org.igtrace.reader.input;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Function;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.Pipeline;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1TraceReader;
import org.igtrace.reader.otf2.Otf2TraceReader;
import org.igtrace.reader.spill.TempFileRecordBlocks;

/**
 * A trace in, its profile out: finds the trace ({@link TraceFormat#locate}), opens the format's
 * source and runs the {@link Pipeline} over one read of its events. Match records beyond the
 * memory budget spill to a temporary file that is gone when this returns or fails.
 */
public final class TraceInput {
    private TraceInput() {
    }

    public static TraceProfile read(Path path, ReadOptions read, AnalysisOptions analysis, ReadProgress progress)
            throws TraceReadException {
        return read(TraceFormat.locate(path), read, analysis, progress, d -> EventTaps.NONE);
    }

    /**
     * As above for a located trace, with the taps {@code taps} makes from the definitions in
     * front of the analyses (a selection) and beside them (further analyses, match listeners).
     */
    public static TraceProfile read(TraceFormat.Located located, ReadOptions read, AnalysisOptions analysis, ReadProgress progress,
                                    Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        TraceSource<TraceReadException> source = open(located, read, progress);
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(read.tempDir(), TempFileRecordBlocks.defaultBudget())) {
            return Pipeline.run(source, analysis, store, read.threadCount(), taps);
        } catch (org.igtrace.core.pipeline.OutputFailure e) {
            throw e; // an analysis's output failed, not the trace (a streamed export's reader went away)
        } catch (UncheckedIOException e) {
            throw new TraceReadException(e.getMessage());
        }
    }

    /**
     * The trace's definitions alone, no event read: for a check of two traces against each other before either's events
     * are read (diff's numbers of processes).
     */
    public static TraceDefinitions definitions(TraceFormat.Located located, ReadOptions read) throws TraceReadException {
        return open(located, read, ReadProgress.NONE).definitions();
    }

    /** The format's source: the trace's global definitions read, its events not yet. */
    private static TraceSource<TraceReadException> open(TraceFormat.Located located, ReadOptions read, ReadProgress progress)
            throws TraceReadException {
        return switch (located.format()) {
            case OTF2 -> Otf2TraceReader.open(located.file(), read, progress);
            case OTF1 -> Otf1TraceReader.open(located.file(), read, progress);
        };
    }

    public static TraceProfile read(Path path, ReadOptions read, AnalysisOptions analysis) throws TraceReadException {
        return read(path, read, analysis, ReadProgress.NONE);
    }

    /** The profile alone, read on every core. */
    public static TraceProfile read(Path path, boolean modelCollectives) throws TraceReadException {
        return read(path, ReadOptions.DEFAULT, AnalysisOptions.profile(modelCollectives));
    }
}
