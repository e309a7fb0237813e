package org.igtrace.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How the trace's files are read: shared by every command that reads events. */
public final class ReadingOptions {
    /** The accepted range of {@code --threads}. */
    static final int MAX_THREADS = 256;

    @Option(names = "--skip-missing",
            description = "Build the result from the readable locations (OTF2) or streams (OTF) when some event files "
                    + "are missing; the summary names the ones left out. Without it a missing event file is an error.")
    boolean skipMissing;

    @Option(names = "--skip-damaged",
            description = "OTF: leave out events files that are truncated or damaged, named in the summary, instead of "
                    + "failing (damaged definitions or master files stay an error).")
    boolean skipDamaged;

    @Option(names = {"-j", "--threads"}, paramLabel = "N",
            description = "Read event files on N threads, N from 1 to " + MAX_THREADS + " (default: one per core).")
    Integer threads;

    @Option(names = "--temp-dir", paramLabel = "DIR",
            description = "Where the wait analysis's match records (and predict's recorded calls) go when they outgrow their memory budget "
                    + "(see Environment in igtrace --help): a temporary file there, deleted when igtrace ends (default: the "
                    + "system's temporary directory).")
    Path tempDir;

    /** Checks the values before anything is read. */
    void check() throws UsageError {
        if (threads != null && (threads < 1 || threads > MAX_THREADS)) {
            throw new UsageError("--threads " + threads + " is out of range: give 1 to " + MAX_THREADS
                    + " threads, or leave the option out for one per core");
        }
        if (tempDir != null && !java.nio.file.Files.isDirectory(tempDir)) {
            // it was only found out after the whole read, when the records spilled, with advice to name another directory
            throw new UsageError("--temp-dir " + tempDir + ": " + (java.nio.file.Files.exists(tempDir) ? "not a directory" : "no such directory"));
        }
        if (tempDir != null && !java.nio.file.Files.isWritable(tempDir)) {
            throw new UsageError("--temp-dir " + tempDir + ": not writable; name a writable directory");
        }
    }

    /** The thread count for the readers: 0 means one per core. */
    int threadCount() {
        return threads == null ? 0 : threads;
    }
}
