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
            try {
                filter = selection.resolve(definitions);
            } catch (IllegalArgumentException e) {
                throw new SelectionError(e.getMessage());
            }
            return filter.then(extra);
        };
        try {
            return TraceInput.read(located, options.read(), options.analysis(), progress, taps);
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
