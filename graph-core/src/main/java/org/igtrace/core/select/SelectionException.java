package org.igtrace.core.select;

import java.util.Locale;

/**
 * A selection that cannot be read or does not fit the trace: which part of it, the value as given
 * (or null), and what is wrong, so that the command line can name its own option for the part.
 */
public final class SelectionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The parts of a selection. */
    public enum Part {
        /** The time window. */
        WINDOW,
        /** The set of ranks. */
        RANKS,
        /** The region. */
        REGION;

        /** The part's name in lower case, as messages name it. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Part part;
    private final String value;
    private final String problem;

    /**
     * @param part    the part that is wrong
     * @param value   the part's value as given, or null when the problem names what is wrong itself
     * @param problem what is wrong, without the part's name
     */
    public SelectionException(Part part, String value, String problem) {
        super(render(part.word(), value, problem));
        this.part = part;
        this.value = value;
        this.problem = problem;
    }

    /** @return the part that is wrong */
    public Part part() {
        return part;
    }

    /**
     * The message with {@code name} standing for the part, e.g. {@code --window '1:2': ... needs a unit}.
     *
     * @param name how the caller names the part (an option, a field)
     * @return the one-line message
     */
    public String messageNaming(String name) {
        return render(name, value, problem);
    }

    private static String render(String name, String value, String problem) {
        return name + (value == null ? "" : " '" + value + "'") + (problem.startsWith(" ") ? "" : ": ") + problem;
    }
}
