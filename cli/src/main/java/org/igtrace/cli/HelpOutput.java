package org.igtrace.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Standard output as picocli writes the help and the version to it: a {@link PrintWriter} hides a failed write, so
 * {@code igtrace --help > /dev/full} ended with exit 0 and nothing said, where every command says "standard output: No
 * space left on device" and exits 1. This one keeps the first failure for {@link #failure()}; a reader that went away
 * ({@code | head}) is no failure, as for the commands.
 */
final class HelpOutput extends FilterWriter {
    private IOException failed;

    HelpOutput(Writer stdout) {
        super(stdout);
    }

    @Override
    public void write(int c) throws IOException {
        guarded(() -> super.write(c));
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        guarded(() -> super.write(buf, off, len));
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        guarded(() -> super.write(str, off, len));
    }

    @Override
    public void flush() throws IOException {
        guarded(super::flush);
    }

    private interface Write {
        void run() throws IOException;
    }

    private void guarded(Write w) throws IOException {
        try {
            w.run();
        } catch (IOException e) {
            if (failed == null) {
                failed = e;
            }
            throw e;
        }
    }

    /** @return the line to print for the first write that failed (not a reader gone away), or null when none did */
    String failure() {
        return failed == null || Output.isBrokenPipe(failed) ? null : "igtrace: standard output: " + org.igtrace.reader.IoReason.lowerCase(String.valueOf(failed.getMessage()));
    }
}
