package org.igtrace.core.util;

/**
 * How igtrace prints numbers in data (definitions section 7): enough digits to round-trip, whole numbers
 * without a fraction, never in scientific notation ({@code 110028096}, not {@code 1.10028096E8}).
 */
public final class Numbers {
    private Numbers() {
    }

    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        // Double.toString's shortest round-trip digits, written out in plain decimal notation (by
        // hand: BigDecimal's start-up costs more than a small run's whole output)
        return plain(Double.toString(value));
    }

    /**
     * Double.toString's text in plain notation: {@code -1.25E-5} as {@code -0.0000125},
     * {@code 1.5E20} as {@code 150000000000000000000} (its mantissa has one digit before the point).
     */
    static String plain(String decimal) {
        int e = decimal.indexOf('E');
        if (e < 0) {
            return decimal.endsWith(".0") ? decimal.substring(0, decimal.length() - 2) : decimal;
        }
        boolean negative = decimal.charAt(0) == '-';
        String mantissa = decimal.substring(negative ? 1 : 0, e);
        String digits = mantissa.charAt(0) + mantissa.substring(2);
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        digits = digits.substring(0, end);
        int point = 1 + Integer.parseInt(decimal.substring(e + 1)); // digits before the decimal point
        String body = point <= 0 ? "0." + "0".repeat(-point) + digits
                : point >= digits.length() ? digits + "0".repeat(point - digits.length())
                : digits.substring(0, point) + "." + digits.substring(point);
        return negative ? "-" + body : body;
    }
}
