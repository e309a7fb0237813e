package org.igtrace.cli;

import java.nio.file.Path;
import org.igtrace.cli.isolation.ReaderSupervisor;
import org.igtrace.cli.isolation.SupervisedChild;

/**
 * Entry point of the igtrace command. A command that reads an OTF2 archive runs in a child JVM
 * this process supervises ({@link ReaderSupervisor}); everything else runs here.
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
                SupervisedChild.started();
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
