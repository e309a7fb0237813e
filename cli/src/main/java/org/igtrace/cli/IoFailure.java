package org.igtrace.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * The one line of an I/O error that escaped a command ({@link UncheckedIOException}: a temporary file in
 * --temp-dir that could not be written, an export's file): it names the file and says what went wrong, as a
 * trace or an output that could not be handled does (exit 1), never as an internal error.
 */
final class IoFailure {
    private IoFailure() {
    }

    /** {@code FILE: what went wrong}: the exception's own message, or its cause's when it has none of its own. */
    static String line(UncheckedIOException e) {
        IOException cause = e.getCause();
        boolean own = e.getMessage() != null && (cause == null || !e.getMessage().equals(cause.toString()));
        return own ? e.getMessage() : of(cause);
    }

    /**
     * As {@link #of}, naming {@code file} when the failure names none ("Is a directory" from a read of {@code /tmp}).
     *
     * @param file the file that was read or written
     * @param e    what went wrong
     * @return {@code file: why}, or the failure's own file and why
     */
    static String naming(java.nio.file.Path file, IOException e) {
        return e instanceof FileSystemException f && f.getFile() != null ? of(e) : file + ": " + of(e);
    }

    /** The file and what went wrong with it: {@code /x/y: no such file or directory}. */
    static String of(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            String why = e instanceof NoSuchFileException ? "no such file or directory"
                    : e instanceof AccessDeniedException ? "permission denied"
                    : f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + why;
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
