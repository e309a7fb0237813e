package org.igtrace.cli;

/**
 * A command ends with exit code 1 and at most one line, from wherever it is (a read inside an
 * output's writer): the one handler (igtrace's top command) says the line. A usage error (exit 2) is a
 * {@link UsageError}, never this.
 */
final class CommandExit extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param line what to say on standard error, whole ({@code igtrace: FILE: ...}), or null when it was said already */
    CommandExit(String line) {
        super(line, null, false, false);
    }
}
