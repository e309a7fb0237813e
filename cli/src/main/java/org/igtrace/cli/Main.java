package org.igtrace.cli;

import picocli.CommandLine;

/** Entry point of the igtrace command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(IgtraceCommand.run(args));
    }
}
