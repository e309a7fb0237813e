package org.igtrace.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Writes a command's result to {@code -o FILE} (whole or not at all) or to standard output
 * (rendered fully first, so a failure leaves nothing half-printed). A reader of standard output
 * that went away ({@code igtrace ... | head -1}) is not an error: the rest is dropped. A write that fails, also one
 * that fails inside the body (an {@link UncheckedIOException}), is a {@link Failure} naming the file.
 */
final class Output {
    private Output() {
    }

    static <E extends Exception> void write(OutputOptions options, Writer stdout, AtomicOutput.Body<E> body) throws E {
        write(options.output, stdout, body);
    }

    /** As above, to {@code output} (null: standard output). */
    static <E extends Exception> void write(java.nio.file.Path output, Writer stdout, AtomicOutput.Body<E> body) throws E {
        if (output != null) {
            try {
                AtomicOutput.write(output, body);
            } catch (IOException e) {
                throw failure(output, e);
            } catch (UncheckedIOException e) {
                throw failure(output, e);
            }
            return;
        }
        StringWriter text = new StringWriter();
        try {
            body.writeTo(text);
        } catch (IOException e) {
            throw new Failure("standard output: " + org.igtrace.reader.IoReason.lowerCase(String.valueOf(e.getMessage())));
        } catch (UncheckedIOException e) {
            throw Failure.of(e);
        }
        stream(stdout, out -> out.write(text.toString()));
    }

    /** Bytes to {@code output}, whole or not at all (a Perfetto trace). */
    static <E extends Exception> void writeBytes(java.nio.file.Path output, AtomicOutput.BytesBody<E> body) throws E {
        try {
            AtomicOutput.writeBytes(output, body);
        } catch (IOException e) {
            throw failure(output, e);
        } catch (UncheckedIOException e) {
            throw failure(output, e);
        }
    }

    /**
     * What a write to {@code -o output} that failed is: the file it could not make and why, naming it; a reader that went
     * away from the pipe it names ({@code -o /dev/stdout | head}) ends the run quietly, as on standard output.
     */
    private static RuntimeException failure(java.nio.file.Path output, Exception e) {
        if (isBrokenPipe(e)) {
            return e instanceof UncheckedIOException u ? u : new UncheckedIOException((IOException) e); // the handler's exit 0
        }
        if (e instanceof IOException io) {
            return new Failure((output.toString().equals("-") ? "standard output" : output) + ": " + IoFailure.of(io));
        }
        return Failure.of((UncheckedIOException) e);
    }

    /**
     * Streams to standard output as the body writes (its head leaves at once); a reader that went away ({@code | head})
     * ends it quietly.
     */
    static <E extends Exception> void stream(Writer stdout, AtomicOutput.Body<E> body) throws E {
        try {
            body.writeTo(stdout);
            stdout.flush();
        } catch (IOException e) {
            if (isBrokenPipe(e)) {
                throw new UncheckedIOException(e); // the reader went away: the quiet end (exit 0), no "written" line after it
            }
            throw new Failure("standard output: " + org.igtrace.reader.IoReason.lowerCase(String.valueOf(e.getMessage())));
        } catch (UncheckedIOException e) {
            if (isBrokenPipe(e)) {
                throw e; // the reader went away: no failure (the handler's exit 0)
            }
            throw Failure.of(e);
        }
    }


    /** Whether writing failed because the reading end of a pipe was closed (EPIPE). */
    static boolean isBrokenPipe(IOException e) {
        return e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }

    /** As above for an exception that may wrap the write's (an UncheckedIOException). */
    static boolean isBrokenPipe(Exception e) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < 5; depth++, t = t.getCause()) {
            if (t instanceof IOException io && isBrokenPipe(io)) {
                return true;
            }
        }
        return false;
    }
}
