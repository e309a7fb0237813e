package org.igtrace.cli;

/** Options that do not fit together or a value out of range: exit 2, checked before the trace is read where possible. */
final class UsageError extends Exception {
    UsageError(String message) {
        super(message);
    }
}
