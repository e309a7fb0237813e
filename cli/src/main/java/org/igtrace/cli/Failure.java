package org.igtrace.cli;

import java.io.UncheckedIOException;
import org.igtrace.reader.TraceReadException;

/**
 * The one exception of exit code 1: a trace, an output, a temporary file or another file of the command line
 * could not be handled, said by the one handler (igtrace's top command) in one line naming the file. Thrown where
 * the failure is found, or made once from what a layer below threw: a trace's {@link TraceReadException} by the
 * door every command reads a trace through, an {@link UncheckedIOException} of a file by the code that wrote or
 * read it (the output's, the temporary store's). A usage error (exit 2) is a {@link UsageError}, never this.
 */
final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The whole line to say, or null when it was said already. */
    private final String line;

    /** @param message what went wrong, naming the file ({@code FILE: ...}): said as {@code igtrace: FILE: ...} */
    Failure(String message) {
        this(message, "igtrace: " + message);
    }

    private Failure(String message, String line) {
        super(message, null, false, false);
        this.line = line;
    }

    /** A failure in words of the command's own, whole ({@code igtrace map: FILE: ...}). */
    static Failure saying(String line) {
        return new Failure(line, line);
    }

    /** A failure said already on standard error (the command's exit code 1 with nothing more to say). */
    static Failure saidAlready() {
        return new Failure(null, null);
    }

    /** A trace that could not be read, as its reader said it. */
    static Failure of(TraceReadException e) {
        return new Failure(e.getMessage());
    }

    /** A file that could not be written or read: its one line ({@link IoFailure#line}). */
    static Failure of(UncheckedIOException e) {
        return new Failure(IoFailure.line(e));
    }

    /** @return the line the handler says on standard error, or null when it was said already */
    String line() {
        return line;
    }
}
