package org.igtrace.cli;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.select.Selection;
import org.igtrace.core.select.SelectionException;
import picocli.CommandLine.Option;

/** {@code --window}, {@code --ranks}, {@code --region}: the part of the run a command looks at (definitions section 11). */
public final class SelectionOptions {
    @Option(names = "--window", paramLabel = "FROM:TO",
            description = "Only the time from FROM to TO after the start of the run, on the trace's own clocks, each "
                    + "with a unit s, ms, us or ns; either end may be left out. Calls straddling an end are clipped to it; "
                    + "a message counts where it was sent.")
    String window;

    @Option(names = "--ranks", paramLabel = "LIST",
            description = "Only these processes, given as ranks and ranges such as 0-3,8; messages among them, metrics over them.")
    String ranks;

    @Option(names = "--region", paramLabel = "NAME",
            description = "Only time inside the outermost instances of the region NAME (a phase of the program).")
    String region;

    /** The selection; a malformed or empty one is an {@link IllegalArgumentException} with a one-line message. */
    Selection selection() {
        Selection s;
        try {
            s = Selection.parse(window, ranks, region);
        } catch (SelectionException e) {
            throw new IllegalArgumentException(message(e), e);
        }
        List<String> words = new ArrayList<>();
        if (window != null) {
            words.add("--window " + window);
        }
        if (ranks != null) {
            words.add("--ranks " + ranks);
        }
        if (region != null) {
            words.add("--region " + region);
        }
        return s.withWords(String.join(" ", words));
    }

    /**
     * The one-line message of a selection's error, naming the option of the part that is wrong.
     *
     * @param e the error of a selection's part
     * @return e.g. {@code --ranks: rank 7 is not in the trace, which has 3 processes (ranks 0-2)}
     */
    public static String message(SelectionException e) {
        return e.messageNaming("--" + e.part().word());
    }
}
