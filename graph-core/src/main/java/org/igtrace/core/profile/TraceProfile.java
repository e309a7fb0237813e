package org.igtrace.core.profile;

import java.util.List;
import org.igtrace.core.wait.WaitReport;

/**
 * Everything the information graph is built from: per-process times, per-pair traffic, the
 * waiting found by matching messages (when that analysis ran), and the notes about what the
 * trace did not show.
 *
 * @param processes  in rank order
 * @param pairs      ordered by (a, b), only pairs with messages
 * @param messages   point-to-point messages counted (each once)
 * @param notes      human-readable notes, e.g. "312 receive events without a send event ignored"
 * @param waits      clock correction and wait states (SPEC section 8), or null when not analysed
 */
public record TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<String> notes,
                           WaitReport waits) {

    public TraceProfile {
        processes = List.copyOf(processes);
        pairs = List.copyOf(pairs);
        notes = List.copyOf(notes);
    }

    /** A profile without wait analysis. */
    public TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<String> notes) {
        this(processes, pairs, messages, notes, null);
    }

    /** This profile with {@code more} notes after its own (a reader's notes about the events it read). */
    public TraceProfile withNotes(List<String> more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new TraceProfile(processes, pairs, messages, all, waits);
    }

    /** This profile with the wait analysis attached (its notes added to the profile's). */
    public TraceProfile withWaits(WaitReport report) {
        List<String> all = new java.util.ArrayList<>(notes);
        if (report != null) {
            all.addAll(report.notes());
        }
        return new TraceProfile(processes, pairs, messages, all, report);
    }
}
