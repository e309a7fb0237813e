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
        StringBuilder b = new StringBuilder(24);
        append(b, value);
        return b.toString();
    }

    /**
     * {@link #format}'s text appended to {@code b}, made in place: a writer of millions of values
     * (GraphML at 10^5 processes: 3.5 million) makes no string per value. Double.toString's digits
     * come from {@link StringBuilder#append(double)}, the same characters without the string.
     */
    public static void append(StringBuilder b, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            b.append((long) value);
            return;
        }
        int start = b.length();
        b.append(value);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return;
        }
        plain(b, start);
    }

    /**
     * Double.toString's text at {@code b[start..]} rewritten in plain notation, rounded half up to
     * {@value #DIGITS} significant digits: {@code -1.25E-5} as {@code -0.0000125}, {@code 1.5E20} as
     * {@code 150000000000000000000}, {@code 38.025710149999995} as {@code 38.02571015}. Made in the
     * builder itself (the digits, then the result, after the text; the result moved down), no array.
     */
    private static void plain(StringBuilder b, int start) {
        int end = b.length();
        boolean negative = b.charAt(start) == '-';
        int from = negative ? start + 1 : start;
        int e = from;
        while (e < end && b.charAt(e) != 'E') {
            e++;
        }
        int exponent = 0;
        if (e < end) {
            boolean minus = b.charAt(e + 1) == '-';
            for (int i = minus ? e + 2 : e + 1; i < end; i++) {
                exponent = exponent * 10 + (b.charAt(i) - '0');
            }
            exponent = minus ? -exponent : exponent;
        }
        // the mantissa's digits without the point and its leading zeros (one kept), after the text
        int point = 0; // digits before the point
        int n = 0;
        for (int i = from; i < e; i++) {
            char c = b.charAt(i);
            if (c == '.') {
                point = n;
            } else {
                n++;
            }
        }
        point += exponent;
        int lead = 0;
        for (int i = from, seen = 0; i < e && seen < n - 1; i++) {
            char c = b.charAt(i);
            if (c == '.') {
                continue;
            }
            if (c != '0') {
                break;
            }
            lead++;
            seen++;
        }
        point -= lead;
        for (int i = from, seen = 0; i < e; i++) {
            char c = b.charAt(i);
            if (c != '.' && seen++ >= lead) {
                b.append(c);
            }
        }
        int first = end; // the digits: b[first, first + length)
        int length = n - lead;
        if (length > DIGITS) {
            boolean up = b.charAt(first + DIGITS) >= '5';
            length = DIGITS;
            for (int i = first + DIGITS - 1; up && i >= first; i--) {
                char c = b.charAt(i);
                up = c == '9';
                b.setCharAt(i, up ? '0' : (char) (c + 1));
            }
            if (up) { // 9.99...9 rounded up to 10: the digits are "1" (the zeros it became are trailing)
                b.setCharAt(first, '1');
                length = 1;
                point++;
            }
        }
        while (length > 1 && b.charAt(first + length - 1) == '0') {
            length--;
        }
        b.setLength(first + length);
        int out = b.length(); // the result, after the digits
        if (negative) {
            b.append('-');
        }
        if (point <= 0) {
            b.append("0.");
            for (int i = point; i < 0; i++) {
                b.append('0');
            }
            b.append(b, first, first + length);
        } else if (point >= length) {
            b.append(b, first, first + length);
            for (int i = length; i < point; i++) {
                b.append('0');
            }
        } else {
            b.append(b, first, first + point).append('.').append(b, first + point, first + length);
        }
        int size = b.length() - out;
        for (int i = 0; i < size; i++) {
            b.setCharAt(start + i, b.charAt(out + i));
        }
        b.setLength(start + size);
    }
}
