package org.igtrace.formats.timeline;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.timeline.TimelineBuilder;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitReport;

/** The words under a timeline (igtrace timeline's SVG, the report's timeline): what the picture leaves out, and why. */
public final class TimelineNotes {
    private TimelineNotes() {
    }

    /** What the measured span left out, when it left out something (null: the picture spans the run). */
    public static String spanNote(Timeline t, double[] whole, int environment, Selection selection, String howWhole) {
        if (selection.from() != null && selection.to() != null) {
            return null;
        }
        double before = t.start() - whole[0], after = whole[1] - t.end();
        if (before <= 0 && after <= 0) { // the whole run (TimelineBuilder draws it when the measured part is over 99 % of it)
            return null;
        }
        // environment: bit 1 a location left MPI_Init, bit 2 one entered MPI_Finalize (TraceR's stencils have no MPI_Finalize)
        return "Drawn from " + ((environment & 1) != 0 ? "the end of MPI_Init" : "the first event") + " to "
                + ((environment & 2) != 0 ? "the start of MPI_Finalize (" : (environment & 1) != 0 ? "the last event (" : "the last (") + Labels.seconds(t.end() - t.start()) + " of the "
                + Labels.seconds(whole[1] - whole[0]) + (selection.isAll() ? " from the trace's start to its end); "
                : " the selection's events span); ") + howWhole + " draws it all."; // under --region: its events', not the trace's
    }

    /**
     * The notes under the picture: what the reader said about the trace, the clocks, what could not be matched or
     * marked, and what was left out or shared per pixel column.
     */
    public static List<String> notes(Timeline t, TraceProfile profile, TimelineBuilder builder, boolean ranks) {
        List<String> notes = new ArrayList<>();
        // what the reader said about the trace (a location --skip-missing left out, threads folded, ...)
        profile.diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.NOTE)
                .forEach(d -> notes.add(d.text().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + d.text().substring(1) + "."));
        List<Integer> blank = profile.selectedProcesses().stream().filter(pr -> !pr.hasRow()).map(pr -> profile.worldRank(pr.rank()))
                .toList();
        if (!blank.isEmpty()) { // as stats says it: under a --window on each process's own clock, a row can be empty
            String list = blank.stream().limit(8).map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                    + (blank.size() > 8 ? ", ..." : "");
            notes.add((blank.size() == 1 ? "Rank " + list + "'s row is" : blank.size() + " ranks' rows (" + list + ") are")
                    + " blank or show" + (blank.size() == 1 ? "s" : "") + " only MPI_Init and MPI_Finalize: no region event was read (none recorded, none inside the"
                    + " --window, which each process's own clock selects, or the files left out), or all the time was in MPI_Init"
                    + " or MPI_Finalize or with recording off.");
        }
        WaitReport w = profile.waits();
        if (w != null) {
            double largest = 0;
            for (double o : w.offsets()) {
                largest = Math.max(largest, Math.abs(o));
            }
            notes.add(!w.corrected() ? "Raw clocks (--clock-correction none): " + w.conflictsBefore() + " clock conflicts, drawn in red."
                    : !w.settled() ? "Clocks drift (no offsets explain them): the last offsets, up to " + Labels.seconds(largest)
                    + ", are used; " + w.conflictsAfter() + " clock conflicts remain."
                    : largest == 0 ? "Clocks needed no correction; " + w.conflictsAfter() + " clock conflicts."
                    : "Clocks corrected by per-process offsets up to " + Labels.seconds(largest) + "; " + w.conflictsAfter()
                    + " clock conflicts remain.");
            // why arrows, marks and waits may be missing: unmatched ends, collectives not every member recorded
            // (with --ranks or --skip-missing: instances of members not drawn)
            w.diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.UNMATCHED_SENDS
                            || d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.UNMATCHED_RECEIVES
                            || d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.COLLECTIVES_INCOMPLETE)
                    .map(d -> d.sentence().replaceFirst(" \\(per edge: [a-z_]+\\)$", "")
                            + (ranks && d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.COLLECTIVES_INCOMPLETE
                            ? " (with --ranks, every instance with a member left out); none of them is marked" : ""))
                    .forEach(text -> notes.add(text.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + text.substring(1) + "."));
        }
        notes.addAll(pictureNotes(t, builder));
        return notes;
    }

    /**
     * The notes on what the picture itself left out or shares per pixel column (arrows not drawn, collectives not marked,
     * rows shown as shares): under the report's timeline too, whose page says the rest (the reader's notes, the clocks)
     * in its summary.
     */
    public static List<String> pictureNotes(Timeline t, TimelineBuilder builder) {
        List<String> notes = new ArrayList<>();
        long shared = t.arrowMessages() - t.arrows().size();
        String drawn = shared > 0 ? Diagnostic.count(t.arrowMessages(), "message", "messages") + " drawn as " + t.arrows().size()
                + (t.arrows().size() == 1 ? " arrow" : " arrows") : null;
        if (t.arrowsLeftOut() > 0) {
            notes.add(Diagnostic.count(t.arrowsLeftOut(), "message", "messages") + " not drawn" + (drawn == null ? "" : ", " + drawn)
                    + " (at most " + TimelineBuilder.MAX_ARROWS + " arrows, spread over the run; messages sharing both ends' pixels"
                    + " drawn once); narrow the time with --window.");
        } else if (drawn != null) {
            notes.add(drawn + " (messages sharing both ends' pixels drawn once); narrow the time with --window to tell them apart.");
        }
        if (t.collectivesLeftOut() > 0) {
            notes.add(t.collectivesLeftOut() + (t.collectivesLeftOut() == 1 ? " collective instance" : " collective instances") + " not marked (one mark per 3 pixels, at most "
                    + TimelineBuilder.MAX_COLLECTIVES + ", only with two drawn members).");
        }
        boolean shares = t.rows().stream().anyMatch(r -> r.states() == null);
        if (shares) {
            notes.add("Processes with several threads, and rows with more than " + builder.exactStates
                    + " states, show per pixel column the share of each state.");
        }
        return notes;
    }

    /**
     * With a {@code --window} and clocks corrected by offsets that differ: the window is on each process's own clock and
     * the picture on corrected time, so what a process kept can lie past the picture's edges; null otherwise.
     */
    public static String windowNote(Selection selection, WaitReport clocks) {
        if (clocks == null || selection.from() == null && selection.to() == null) {
            return null;
        }
        double latest = 0, earliest = 0;
        for (double o : clocks.offsets()) {
            latest = Math.max(latest, o);
            earliest = Math.min(earliest, o);
        }
        return latest > earliest ? "The window is on each process's own clock; corrected, the processes' parts are shifted by up to "
                + Labels.seconds(latest - earliest) + " against each other, and what falls outside the window is cut." : null;
    }
}
