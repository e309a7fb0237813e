package org.igtrace.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;

/**
 * One run of igtrace as its commands see it: the standard streams, the command line as given and how whole traces
 * are read. The top command is one; a subcommand gets it as its parent command ({@code @ParentCommand Invocation
 * parent}), so that no command imports the command that lists them.
 */
abstract class Invocation {
    Writer stdout;
    PrintWriter err;
    /** The command line as given, for running the whole command again in a child JVM ({@link IsolatedCommand}). */
    List<String> args = List.of();
    ProfileReader reader = ProfileReader.HERE;

    Writer stdout() {
        return stdout;
    }

    PrintWriter err() {
        return err;
    }

    List<String> args() {
        return args;
    }

    /** How the commands read a whole trace's profile. */
    ProfileReader reader() {
        return reader;
    }
}
