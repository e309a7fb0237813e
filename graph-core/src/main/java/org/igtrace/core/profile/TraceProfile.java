package org.igtrace.core.profile;

import java.util.List;

/**
 * Everything the information graph is built from: per-process times, per-pair traffic, and the
 * notes about what the trace did not show.
 *
 * @param processes  in rank order
 * @param pairs      ordered by (a, b), only pairs with messages
 * @param messages   point-to-point messages counted (each once)
 * @param notes      human-readable notes, e.g. "312 receive events without a send event ignored"
 */
public record TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<String> notes) {

    public TraceProfile {
        processes = List.copyOf(processes);
        pairs = List.copyOf(pairs);
        notes = List.copyOf(notes);
    }

    /** This profile with {@code more} notes after its own (a reader's notes about the events it read). */
    public TraceProfile withNotes(List<String> more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new TraceProfile(processes, pairs, messages, all);
    }
}
