package org.igtrace.cli;

import java.nio.file.Path;
import org.igtrace.cli.isolation.ReaderSupervisor;
import org.igtrace.cli.isolation.SupervisedChild;

/**
 * Entry point of the igtrace command. A command that reads an OTF2 archive runs supervised: the
 * launcher script supervises the JVM it starts (this one then runs as a {@link SupervisedChild});
 * started otherwise ({@code java -jar}), this JVM runs the command in a child JVM it supervises
 * ({@link ReaderSupervisor}). Everything else runs here.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Path anchor = ReaderSupervisor.enabled() ? ReaderSupervisor.otf2Anchor(args) : null;
        int code = anchor != null
                ? ReaderSupervisor.run(anchor, args, System.err, ProgressBar.stderrIsTerminal())
                : runHere(args);
        System.exit(code);
    }

    /** Runs the command in this JVM; an exception that escapes it is an internal error, exit 1. */
    private static int runHere(String[] args) {
        int code;
        try {
            if (SupervisedChild.active()) {
                SupervisedChild.started(ReaderSupervisor.otf2Anchor(args));
            }
            code = IgtraceCommand.run(args);
        } catch (Throwable t) { // NOPMD: whatever escapes is reported in one line, never as a stack trace
            System.err.println("igtrace: internal error: " + t);
            code = 1;
        }
        SupervisedChild.exiting(code);
        return code;
    }
}
