package org.igtrace.cli;

/**
 * A command ends with an exit code and at most one line, from wherever it is (a read inside an
 * output's writer): the one handler (igtrace's top command) says the line and returns the code;
 * code 2 adds the usage hint as every usage error does.
 */
final class CommandExit extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    /**
     * @param line what to say on standard error, whole ({@code igtrace: FILE: ...}), or null when it was said already
     * @param code the exit code
     */
    CommandExit(String line, int code) {
        super(line, null, false, false);
        this.code = code;
    }

    /** @return the exit code */
    int code() {
        return code;
    }
}
