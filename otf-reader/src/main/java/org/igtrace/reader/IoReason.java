package org.igtrace.reader;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * What went wrong reading a trace's file, in the words a line naming that file goes on with: a file-system failure's
 * message is the file's path alone (Java's {@link AccessDeniedException} says only the path), so
 * {@code FILE: } + its message read "FILE: FILE".
 */
public final class IoReason {
    private IoReason() {
    }

    /**
     * @param e what reading failed with
     * @return "not readable (permission denied)", "missing", the file system's reason, or the failure's own message
     */
    public static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "not readable (permission denied)";
        }
        if (e instanceof NoSuchFileException) {
            return "missing";
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
