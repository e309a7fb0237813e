package org.igtrace.spark;

/**
 * Carries a reader's one-line error from an executor to the driver: Spark hands the driver the
 * executor's exception as text, so the line is marked and found there again. Inside the mark the
 * line is percent-encoded where it could end the mark or reach a terminal raw in Spark's own log lines
 * ({@code %}, {@code >}, control characters): a path such as {@code a>>b} or one holding an escape
 * sequence arrives whole, and Spark's lines show {@code %3E} and {@code %1B}, never the bytes.
 */
final class JobFailure {
    private static final String MARK = "igtrace-failure<<";
    private static final String END = ">>";

    private JobFailure() {
    }

    /**
     * The line marked for the driver.
     *
     * @param message the reader's one-line error
     * @return the mark, the encoded line and the mark's end
     */
    static String tell(String message) {
        StringBuilder b = new StringBuilder(MARK.length() + message.length() + END.length());
        b.append(MARK);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c == '%' || c == '>' || c < 0x20 || (c >= 0x7f && c < 0xa0)) {
                b.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            } else {
                b.append(c);
            }
        }
        return b.append(END).toString();
    }

    /**
     * The marked line inside {@code failure}'s messages, decoded, or null.
     *
     * @param failure what Spark handed the driver
     * @return the reader's line as {@link #tell} was given it
     */
    static String find(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage();
            int at = m == null ? -1 : m.indexOf(MARK);
            if (at >= 0) {
                int end = m.indexOf(END, at);
                return decode(m.substring(at + MARK.length(), end < 0 ? m.length() : end));
            }
        }
        return null;
    }

    private static String decode(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (c == '%' && hi >= 0 && lo >= 0) {
                b.append((char) (hi << 4 | lo));
                i += 2;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
