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
            return f.getReason() != null ? lowerCase(f.getReason()) : e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? lowerCase(e.getMessage()) : e.getClass().getSimpleName();
    }

    /**
     * The system's words for an error ({@code strerror}'s "Is a directory", "No space left on device") begun in lower case,
     * as igtrace's own after a colon.
     *
     * @param reason the system's words
     * @return them with a capital first letter followed by a small one made small
     */
    public static String lowerCase(String reason) {
        return reason.length() > 1 && Character.isUpperCase(reason.charAt(0)) && Character.isLowerCase(reason.charAt(1))
                ? Character.toLowerCase(reason.charAt(0)) + reason.substring(1) : reason;
    }
}
