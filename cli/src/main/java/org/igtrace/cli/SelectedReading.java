package org.igtrace.cli;

import java.util.function.Function;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionException;
import org.igtrace.core.select.SelectionFilter;
import org.igtrace.core.pipeline.EventTaps;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.igtrace.reader.TraceReadException;

/** Reads a trace in this JVM with a selection in front of the analyses and further analyses beside them. */
final class SelectedReading {
    private SelectionFilter filter;

    /** The filter the read used, or null without a selection. */
    SelectionFilter filter() {
        return filter;
    }

    /**
     * Reads {@code located}: the profile (and waits, as {@code options} say) of what
     * {@code selection} keeps, with {@code more} (made from the definitions) fed what it keeps too.
     */
    TraceProfile read(TraceFormat.Located located, TraceReading.Request options, ProgressBar progress, Selection selection,
                      Function<TraceDefinitions, EventTaps> more) throws TraceReadException {
        Function<TraceDefinitions, EventTaps> taps = definitions -> {
            EventTaps extra = more.apply(definitions);
            if (selection.isAll()) {
                return extra;
            }
            filter = resolve(selection, definitions);
            return filter.then(extra);
        };
        return readWith(located, options, progress, selection, taps);
    }

    /**
     * Reads {@code located} as {@link #read} does, but the read (profile, clock correction and
     * {@code more}) keeps what the selection's window and region keep of every process, whatever
     * its ranks; the profile is then about the selected ranks. The replay of the selected ranks
     * needs their partners' calls and messages, and the clocks corrected by every process's.
     */
    TraceProfile readEveryRank(TraceFormat.Located located, TraceReading.Request options, ProgressBar progress, Selection selection,
                               Function<TraceDefinitions, EventTaps> more) throws TraceReadException {
        Selection wide = selection.withoutRanks();
        Function<TraceDefinitions, EventTaps> taps = definitions -> {
            EventTaps extra = more.apply(definitions);
            resolve(selection, definitions); // a rank the trace does not have is still a usage error
            if (wide.isAll()) {
                return extra;
            }
            filter = resolve(wide, definitions);
            return filter.then(extra);
        };
        return readWith(located, options, progress, selection, taps);
    }

    private static SelectionFilter resolve(Selection selection, TraceDefinitions definitions) {
        try {
            return selection.resolve(definitions);
        } catch (SelectionException e) {
            throw new UsageError(SelectionOptions.message(e)); // the trace refutes the selection
        }
    }

    /** The profile of the read, about the selected ranks only (definitions section 11). */
    private static TraceProfile readWith(TraceFormat.Located located, TraceReading.Request options, ProgressBar progress, Selection selection,
                                         Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        try {
            return selected(TraceInput.read(located, options.read(), options.analysis(), progress, taps), selection);
        } finally {
            progress.finish();
        }
    }

    /**
     * The line for a selection that kept no event, or no time of a selected process to analyse (a window inside
     * MPI_Init: its clipped calls are kept, but no process has a row), or null when something was kept.
     */
    String nothingLeft(TraceFormat.Located located, TraceProfile profile) {
        return filter == null ? null : nothingLeft(located, filter.selection(), filter.keptEvents(), profile);
    }

    /**
     * The line for a {@link #readEveryRank} read whose selected ranks kept no event (the other
     * ranks' events were kept for the replay), or null when they kept some.
     */
    static String nothingLeftOfRanks(TraceFormat.Located located, Selection selection, TraceProfile profile) {
        if (selection.ranks() == null) {
            return null;
        }
        boolean none = profile.processes().stream().filter(p -> profile.selected(p.rank())).allMatch(p -> p.threads() == 0);
        return nothingLeft(located, selection, none ? 0 : 1, profile);
    }

    private static String nothingLeft(TraceFormat.Located located, Selection selection, long kept, TraceProfile profile) {
        if (kept == 0) {
            return "igtrace: " + located.file() + ": the selection (" + selection.words() + ") keeps no event of the trace";
        }
        if (profile.processes().stream().filter(p -> profile.selected(p.rank())).noneMatch(org.igtrace.core.profile.ProcessProfile::hasRow)) {
            // every number would read 0 s or a perfect 1 (definitions section 10), as for a trace without processes
            return "igtrace: " + located.file() + ": the selection (" + selection.words() + ") keeps no time to analyse: what it keeps of "
                    + "every process is in MPI_Init or MPI_Finalize, or recording was off";
        }
        return null;
    }

    /** A selection read elsewhere: its profile, or (profile null) the exit code of a read that kept nothing, already said. */
    record Elsewhere(TraceProfile profile, Integer exit) {
    }

    /**
     * The profile of what {@code selection} keeps, read where {@code parent}'s reader reads when it
     * reads selections itself (igtrace on Spark: the filter runs on the executors), {@code beforeEvents}
     * given the processes' definitions after the read; or null: the reader leaves the selection to
     * this JVM, and the front door reads it here (or in a child JVM: it decides). A selection
     * that keeps no event is said on standard error, exit code 1.
     */
    static Elsewhere elsewhere(Invocation parent, TraceFormat.Located located, TraceReading.Request options, ProgressBar progress,
                               Selection selection, java.util.function.Consumer<org.igtrace.core.trace.TraceDefinitions> beforeEvents) throws TraceReadException, UsageError {
        ProfileReader.Selected remote = null;
        boolean read = true; // by the reader, or failed there: its progress is over
        try {
            remote = parent.reader().readSelected(located, options.read(), options.analysis(), progress, selection);
            read = remote != null;
        } finally {
            if (read) {
                progress.finish();
            }
        }
        if (remote == null) {
            return null;
        }
        beforeEvents.accept(remote.profile().processDefinitions());
        String nothing = nothingLeft(located, selection, remote.keptEvents(), selected(remote.profile(), selection));
        if (nothing != null) {
            parent.err().println(nothing);
            return new Elsewhere(null, 1);
        }
        return new Elsewhere(selected(remote.profile(), selection), null);
    }

    /** {@code profile} about the processes of the selection's world ranks (all without --ranks). */
    private static TraceProfile selected(TraceProfile profile, Selection selection) {
        return profile.withSelectedRanks(profile.processesOf(selection.ranks()));
    }
}
