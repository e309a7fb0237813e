package org.igtrace.reader;

/** A trace could not be read. The message is one line that names the file and the problem. */
public final class TraceReadException extends Exception {
    public TraceReadException(String message) {
        super(message);
    }
}
