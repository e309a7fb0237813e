package org.igtrace.core.trace;

import org.igtrace.core.wait.MatchListener;

/**
 * What more a read feeds besides the profile and the wait analysis: a filter in front of them
 * (a selection) and further analyses beside them (a timeline, an export). A reader asks for the
 * sinks it feeds; the defaults pass everything through unchanged.
 */
public interface EventTaps {
    /** No filter, no further analysis. */
    EventTaps NONE = new EventTaps() {
    };

    /** The sink the per-location read feeds, given the profile's. May wrap it, or tee it. */
    default LocationSink perLocation(LocationSink profile) {
        return profile;
    }

    /**
     * The sink a merged replay feeds, given the matcher's.
     *
     * @param offsets the clock offsets (ticks per process) the replay's waits are measured with,
     *                or null on a replay that only collects clock constraints
     */
    default LocationSink replay(LocationSink matcher, long[] offsets) {
        return matcher;
    }

    /**
     * A further listener for the messages and collective instances of the matching that measures
     * waits, given the clock offsets it uses; or null. Matches reach it after any filter of
     * {@link #replay}.
     */
    default MatchListener matches(long[] offsets) {
        return null;
    }

    /** These taps, then {@code next} beside them: {@code this} filters what both see. */
    default EventTaps then(EventTaps next) {
        EventTaps first = this;
        return new EventTaps() {
            @Override
            public LocationSink perLocation(LocationSink profile) {
                return first.perLocation(next.perLocation(profile));
            }

            @Override
            public LocationSink replay(LocationSink matcher, long[] offsets) {
                return first.replay(next.replay(matcher, offsets), offsets);
            }

            @Override
            public MatchListener matches(long[] offsets) {
                return MatchListeners.both(first.matches(offsets), next.matches(offsets));
            }
        };
    }
}
