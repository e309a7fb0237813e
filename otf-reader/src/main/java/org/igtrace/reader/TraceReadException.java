package org.igtrace.reader;

/**
 * A trace could not be read. The message is one line that names the file and the problem: a line
 * break in it (a path holding a newline) is written as {@code \n} ({@code \r}), as the launcher's
 * and the other messages write it; "PATH: no such file or directory" gave two lines (found by
 * bench/fault-campaign.sh). The other control characters are escaped where standard error is written.
 */
public final class TraceReadException extends Exception {
    public TraceReadException(String message) {
        super(oneLine(message));
    }

    private static String oneLine(String message) {
        return message == null || message.indexOf('\n') < 0 && message.indexOf('\r') < 0 ? message
                : message.replace("\n", "\\n").replace("\r", "\\r");
    }
}
