package org.igtrace.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The trace every command reads: the one positional argument. */
public final class TraceArgument {
    @Parameters(index = "0", paramLabel = "TRACE",
            description = "An OTF2 anchor file, an OTF master file (as VampirTrace writes it), or a directory "
                    + "holding exactly one of them: a Score-P experiment, an EZTrace output directory.")
    Path trace;

    public Path path() {
        return trace;
    }
}
