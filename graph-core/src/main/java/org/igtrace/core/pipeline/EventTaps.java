package org.igtrace.core.pipeline;

import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.wait.MatchTap;
import org.igtrace.core.wait.WaitAnalysis;

/**
 * What more a read feeds besides the profile and the wait analysis's match records: a filter in
 * front of all of them (a selection) and further analyses beside them (a timeline, an export, the
 * replay's recorder). The pipeline asks for the sink the read feeds; the defaults pass everything
 * through unchanged.
 */
public interface EventTaps {
    /** No filter, no further analysis. */
    EventTaps NONE = new EventTaps() {
    };

    /**
     * The sink the per-location read feeds, given the analyses' (the profile and the match records
     * behind one tee). May wrap it (a filter), or tee it (a further analysis). Called from the
     * reading threads, one location each.
     */
    default LocationSink perLocation(LocationSink analyses) {
        return analyses;
    }

    /**
     * A further analysis of the messages and collective instances of the join that measures
     * waits, given the clock offsets (ticks per process) it uses; or null. Matches reach it after
     * any filter of {@link #perLocation}, a listener per join thread; a
     * {@link org.igtrace.core.wait.MatchedMessage} is reused after the call.
     */
    default MatchTap matches(long[] offsets) {
        return null;
    }

    /** Whether {@link #matches} makes a tap (the wait analysis then joins in a way that feeds it). */
    default boolean tapsMatches() {
        return false;
    }

    /**
     * Whether the tap {@link #matches} makes reads only the messages, at the offsets it was made with (no collective
     * instance, no call's combined wait, no task order): the wait analysis may then feed it in the join that meets
     * every message at the final offsets instead of a join of its own ({@link WaitAnalysis#analyse}).
     */
    default boolean tapsMessagesOnly() {
        return false;
    }

    /**
     * Whether the command these taps serve reads of the wait analysis only the clock offsets, the counts and the
     * diagnostics, not the waits (its tap, if any, ignores {@link org.igtrace.core.wait.MatchListener#callWait}):
     * the waits of the calls that completed several receives, combined per call after the join, are then not measured
     * ({@link WaitAnalysis#analyse}), and the report's waits leave them out. Said by a command's own taps (predict's);
     * a filter in front of them leaves it to them.
     */
    default boolean waitsUnread() {
        return false;
    }

    /** Whether the matches {@link #matches} gets carry each end's size ({@link org.igtrace.core.wait.MatchedMessage#sendSize()}). */
    default boolean matchSizes() {
        return false;
    }

    /**
     * These taps, then {@code next} beside them: {@code this} filters what both see, and leaves to {@code next}
     * whether the waits are read ({@link #waitsUnread}).
     *
     * @param next the taps fed what this keeps
     * @return both, this in front
     */
    default EventTaps then(EventTaps next) {
        return chain(this, next, next.waitsUnread());
    }

    /**
     * These taps and {@code other}, two subscribers of one read side by side: the waits are unread only when
     * neither reads them ({@link #waitsUnread}).
     *
     * @param other the other subscriber's taps
     * @return both
     */
    default EventTaps beside(EventTaps other) {
        return chain(this, other, waitsUnread() && other.waitsUnread());
    }

    private static EventTaps chain(EventTaps first, EventTaps next, boolean unread) {
        return new EventTaps() {
            @Override
            public LocationSink perLocation(LocationSink analyses) {
                return first.perLocation(next.perLocation(analyses));
            }

            @Override
            public MatchTap matches(long[] offsets) {
                return MatchTap.both(first.matches(offsets), next.matches(offsets));
            }

            @Override
            public boolean tapsMatches() {
                return first.tapsMatches() || next.tapsMatches();
            }

            @Override
            public boolean tapsMessagesOnly() {
                return (!first.tapsMatches() || first.tapsMessagesOnly()) && (!next.tapsMatches() || next.tapsMessagesOnly());
            }

            @Override
            public boolean matchSizes() {
                return first.matchSizes() || next.matchSizes();
            }

            @Override
            public boolean waitsUnread() {
                return unread;
            }
        };
    }

    /** Taps that feed {@code sink} beside the analyses (null: none). */
    static EventTaps alsoFeeding(LocationSink sink) {
        return new EventTaps() {
            @Override
            public LocationSink perLocation(LocationSink analyses) {
                return TeeSink.of(analyses, sink);
            }
        };
    }
}
