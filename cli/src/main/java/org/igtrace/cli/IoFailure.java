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
        if (e instanceof FileSystemException f && f.getFile() != null) {
            // the hidden folder or file written beside it first (.NAME.PID.part) is the run's own: the user named NAME
            return partOf(file, f.getFile()) && f.getOtherFile() == null ? file + ": " + why(f) : of(e);
        }
        return file + ": " + of(e);
    }

    /** Whether {@code other} is the hidden part igtrace writes beside {@code file} ({@code .NAME.PID[-K].part}). */
    private static boolean partOf(java.nio.file.Path file, String other) {
        java.nio.file.Path name = file.getFileName(), o = java.nio.file.Path.of(other).getFileName();
        return name != null && o != null && o.toString().startsWith("." + name + ".") && o.toString().endsWith(".part");
    }

    private static String why(FileSystemException f) {
        return f instanceof NoSuchFileException ? "no such file or directory"
                : f instanceof AccessDeniedException ? "permission denied"
                : f.getReason() != null ? org.igtrace.reader.IoReason.lowerCase(f.getReason()) : f.getClass().getSimpleName();
    }

    /** The file and what went wrong with it: {@code /x/y: no such file or directory}. */
    static String of(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + why(f);
        }
        return e.getMessage() != null ? org.igtrace.reader.IoReason.lowerCase(e.getMessage()) : e.getClass().getSimpleName();
    }
}
