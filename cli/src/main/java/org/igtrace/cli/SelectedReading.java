package org.igtrace.cli;

import java.util.function.Function;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionFilter;
import org.igtrace.core.trace.EventTaps;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceInput;
import org.igtrace.reader.TraceReadException;

/** Reads a trace in this JVM with a selection in front of the analyses and further analyses beside them. */
final class SelectedReading {
    /** A selection the trace's definitions refute (a rank it does not have, a region it does not name): a usage error. */
    static final class SelectionError extends RuntimeException {
        SelectionError(String message) {
            super(message);
        }
    }

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
        } catch (IllegalArgumentException e) {
            throw new SelectionError(e.getMessage());
        }
    }

    /** The profile of the read, about the selected ranks only (definitions section 11). */
    private static TraceProfile readWith(TraceFormat.Located located, TraceReading.Request options, ProgressBar progress, Selection selection,
                                         Function<TraceDefinitions, EventTaps> taps) throws TraceReadException {
        try {
            return TraceInput.read(located, options.read(), options.analysis(), progress, taps).withSelectedRanks(selection.ranks());
        } finally {
            progress.finish();
        }
    }

    /** The line for a selection that kept no event, or null when something was kept. */
    String nothingLeft(TraceFormat.Located located) {
        if (filter == null || filter.keptEvents() > 0) {
            return null;
        }
        return "igtrace: " + located.file() + ": the selection (" + filter.selection().words() + ") keeps no event of the trace";
    }
}
