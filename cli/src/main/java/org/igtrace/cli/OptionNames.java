package org.igtrace.cli;

import org.igtrace.core.diagnostic.Remedy;

/**
 * The command-line option of each {@link Remedy} that core and the readers advise: the one place
 * where their messages get the option's text ("use --skip-missing to ...").
 */
public final class OptionNames {
    static {
        Remedy.nameWith(OptionNames::option);
    }

    private OptionNames() {
    }

    /**
     * Makes the remedies named by their options (the first use of this class does it); a JVM that
     * runs part of a command without its command line (a Spark executor) calls it too.
     */
    public static void install() {
        // the static initializer did it
    }

    static String option(Remedy remedy) {
        return switch (remedy) {
            case SKIP_MISSING -> "--skip-missing";
            case SKIP_DAMAGED -> "--skip-damaged";
            case COLLECTIVES -> "--collectives";
            case TEMP_DIR -> "--temp-dir";
            case CENTRE -> "--centre";
            case PLACEMENT -> "--placement";
            case REGION -> "--region";
        };
    }
}
