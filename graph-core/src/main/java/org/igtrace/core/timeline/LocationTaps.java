package org.igtrace.core.timeline;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TeeSink;
import org.igtrace.core.wait.MatchTap;

/**
 * Taps that keep a recorder of their own per location read, beside the analyses, and a tap of the join's matches
 * that also gives them the clock offsets, applied once the read is done: what a timeline and a call capture share.
 *
 * @param <R> a location's recorder
 */
abstract class LocationTaps<R extends LocationEvents> implements EventTaps {
    /** The recorders made, in no particular order (the reading threads add to it). */
    final Queue<R> locations = new ConcurrentLinkedQueue<>();
    /** The clock offsets of the join (ticks per process), or null before it. */
    long[] offsets;

    /** The recorder of location {@code order} of {@code process}, or null for a location not kept. */
    abstract R record(int process, long order);

    /** The tap of the join's matches, made once {@link #offsets} are set. */
    abstract MatchTap tap();

    @Override
    public final LocationSink perLocation(LocationSink analyses) {
        return TeeSink.of(analyses, (process, order) -> {
            R r = record(process, order);
            if (r == null) {
                return LocationEvents.NONE;
            }
            locations.add(r);
            return r;
        });
    }

    /** The matches are tapped (the last tap made counts). */
    @Override
    public final boolean tapsMatches() {
        return true;
    }

    @Override
    public final MatchTap matches(long[] offsets) {
        this.offsets = offsets.clone();
        return tap();
    }

    /** The clock offset of {@code process} (ticks), 0 when none is known. */
    final long offset(int process) {
        return offsets != null && process >= 0 && process < offsets.length ? offsets[process] : 0;
    }
}
