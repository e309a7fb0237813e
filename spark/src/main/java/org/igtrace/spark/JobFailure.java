package org.igtrace.spark;

/**
 * Carries a reader's one-line error from an executor to the driver: Spark hands the driver the
 * executor's exception as text, so the line is marked and found there again.
 */
final class JobFailure {
    private static final String MARK = "igtrace-failure<<";
    private static final String END = ">>";

    private JobFailure() {
    }

    static String tell(String message) {
        return MARK + message + END;
    }

    /** The marked line inside {@code failure}'s messages, or null. */
    static String find(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(MARK);
            if (at >= 0) {
                int end = m.indexOf(END, at);
                return m.substring(at + MARK.length(), end < 0 ? m.length() : end);
            }
        }
        return null;
    }
}
