package org.igtrace.cli;

/** The output could not be written: exit 1, the message names the file (or standard output). */
final class OutputError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutputError(String message) {
        super(message);
    }
}
