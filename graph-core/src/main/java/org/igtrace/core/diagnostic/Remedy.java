package org.igtrace.core.diagnostic;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a user can do about an error or a note, by what it does: core and the readers say which
 * remedy (skip the missing files, draw the collectives, ...), and the front end says how its user
 * asks for it. The command line names each remedy by its option ({@code cli}'s {@code OptionNames}
 * registers them once, before any trace is read); without a front end a remedy is named by its
 * {@link #key()}.
 */
public enum Remedy {
    /** Read the locations or streams whose files are there, leaving out the missing ones. */
    SKIP_MISSING,
    /** Read the events files that are sound, leaving out the damaged ones. */
    SKIP_DAMAGED,
    /** Model what collective operations carry as pairwise traffic. */
    COLLECTIVES,
    /** Put the temporary files in another directory. */
    TEMP_DIR,
    /** The rank at the centre of a star topology. */
    CENTRE,
    /** Place the processes on the topology's nodes from a file. */
    PLACEMENT,
    /** Keep only the events inside one region's calls (the selection a note can blame). */
    REGION;

    private static volatile Function<Remedy, String> names = Remedy::key;

    /** The remedy's neutral name: {@code skip-missing}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** How the front end's user asks for it (the command line: its option). */
    public String named() {
        return names.apply(this);
    }

    /** Sets how the front end names the remedies; called once at its start. */
    public static void nameWith(Function<Remedy, String> frontEnd) {
        names = Objects.requireNonNull(frontEnd);
    }
}
