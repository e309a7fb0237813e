package org.igtrace.core.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.MatchRecords;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.WaitAnalysis;
import org.igtrace.core.wait.WaitReport;

/**
 * The analyses of one trace, fed by one read of its events: the profile (definitions sections 3-4,
 * {@link TraceAccumulator}) and, unless turned off, the match records the wait analysis joins
 * afterwards (definitions section 8, {@link MatchRecords}). Every analysis gets each location's events
 * through a tee; a new analysis adds its sink here and its result to the profile. Further
 * analyses a command asks for (a selection filtering all of them, a timeline, the replay's
 * recorder) come as {@link EventTaps}: their per-location sinks join the same read, and their
 * match listeners join the final join of the records.
 */
public final class Pipeline {
    private Pipeline() {
    }

    /**
     * Reads {@code source} once and runs the analyses {@code options} asks for.
     *
     * @param store   where match records go (memory, or a spilling store the caller closes)
     * @param threads how many threads may join the records
     */
    public static <E extends Exception> TraceProfile run(TraceSource<E> source, AnalysisOptions options, RecordBlocks store,
                                                         int threads) throws E {
        return run(source, options, store, threads, d -> EventTaps.NONE);
    }

    /** As above, with the taps {@code taps} makes from the definitions in front of and beside the analyses. */
    public static <E extends Exception> TraceProfile run(TraceSource<E> source, AnalysisOptions options, RecordBlocks store,
                                                         int threads, Function<TraceDefinitions, EventTaps> taps) throws E {
        TraceDefinitions definitions = source.definitions();
        EventTaps tapped = taps.apply(definitions);
        TraceAccumulator accumulator = new TraceAccumulator(definitions, options.modelCollectives());
        List<LocationSink> sinks = new ArrayList<>();
        sinks.add(accumulator);
        MatchRecords records = null;
        if (options.waits() != WaitMode.OFF) {
            records = new MatchRecords(definitions, store);
            if (tapped.matchSizes()) {
                records.withSizes();
            }
            sinks.add(records);
        }
        source.read(tapped.perLocation(TeeSink.of(sinks)));
        TraceProfile profile = accumulator.profile().withNotes(source.notes());
        if (records == null) {
            return profile;
        }
        WaitReport waits = WaitAnalysis.analyse(records, options.waits() == WaitMode.CORRECTED_CLOCKS, threads,
                tapped.tapsMatches() ? tapped::matches : null, tapped.tapsMessagesOnly(),
                !tapped.waitsUnread());
        return profile.withWaits(waits);
    }
}
