package org.igtrace.cli;

import java.util.function.Supplier;

/**
 * Options that do not fit together or a value out of range: exit 2, said by the one handler
 * (igtrace's top command) with the hint to --help; checked before the trace is read where possible. The one
 * exception of exit code 2: a selection the trace refutes is one too, also when the reader (Spark's) refuses it.
 */
class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
        super(message);
    }

    /**
     * What an option's parser makes of the command line; the IllegalArgumentException with which it refuses a value is a
     * usage error (the one place that turns one into the other).
     */
    static <T> T of(Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }
}
