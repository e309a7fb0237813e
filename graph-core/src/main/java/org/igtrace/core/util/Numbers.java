package org.igtrace.core.util;

/**
 * How igtrace prints numbers in data (definitions section 7): the shortest decimal that reads back to
 * the double, rounded (half up) to at most {@value #DIGITS} significant digits, whole numbers without a
 * fraction, never in scientific notation ({@code 110028096}, not {@code 1.10028096E8}). The rounding
 * removes the noise of floating-point arithmetic ({@code 0.000075 / 0.0001} is
 * {@code 0.7499999999999999}, written {@code 0.75}); what is read back is within 5e-15 of the computed
 * value (relative), far below any time or size a trace records.
 */
public final class Numbers {
    /** Significant digits at most: a double holds 15.95, so the 16th and 17th carry only noise. */
    public static final int DIGITS = 15;

    private Numbers() {
    }

    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        // Double.toString's shortest round-trip digits, rounded and written out in plain decimal
        // notation (by hand: BigDecimal's start-up costs more than a small run's whole output)
        return plain(Double.toString(value));
    }

    /**
     * Double.toString's text in plain notation, rounded half up to {@value #DIGITS} significant
     * digits: {@code -1.25E-5} as {@code -0.0000125}, {@code 1.5E20} as {@code 150000000000000000000},
     * {@code 38.025710149999995} as {@code 38.02571015}.
     */
    static String plain(String decimal) {
        boolean negative = decimal.charAt(0) == '-';
        int e = decimal.indexOf('E');
        String mantissa = decimal.substring(negative ? 1 : 0, e < 0 ? decimal.length() : e);
        int dot = mantissa.indexOf('.');
        StringBuilder digits = new StringBuilder(mantissa.length());
        digits.append(mantissa, 0, dot).append(mantissa, dot + 1, mantissa.length());
        int point = dot + (e < 0 ? 0 : Integer.parseInt(decimal.substring(e + 1))); // digits before the point
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
        }
        digits.delete(0, lead);
        point -= lead;
        if (digits.length() > DIGITS) {
            boolean up = digits.charAt(DIGITS) >= '5';
            digits.setLength(DIGITS);
            for (int i = DIGITS - 1; up && i >= 0; i--) {
                char c = digits.charAt(i);
                up = c == '9';
                digits.setCharAt(i, up ? '0' : (char) (c + 1));
            }
            if (up) { // 9.99...9 rounded up to 10
                digits.insert(0, '1');
                point++;
            }
        }
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        digits.setLength(end);
        String body = point <= 0 ? "0." + "0".repeat(-point) + digits
                : point >= digits.length() ? digits + "0".repeat(point - digits.length())
                : digits.substring(0, point) + "." + digits.substring(point);
        return negative ? "-" + body : body;
    }
}
