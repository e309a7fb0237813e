package org.igtrace.cli;

/** The output could not be written: exit 1, the message names the file (or standard output). */
final class OutputError extends Exception {
    OutputError(String message) {
        super(message);
    }
}
