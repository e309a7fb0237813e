package org.igtrace.core.util;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Numbers people read on a drawing: 3 significant digits and a unit ({@code 18.2 KB},
 * {@code 51.8 ms}, {@code w=0.812}). Data attributes keep every digit ({@code Numbers}).
 */
public final class Labels {
    private static final String[] BYTES = {"B", "KB", "MB", "GB", "TB", "PB"};
    private static final String[] COUNTS = {"", "k", "M", "G", "T"};

    private Labels() {
    }

    /** {@code value} rounded to {@code digits} significant digits, plain notation, no trailing zeros. */
    public static String significant(double value, int digits) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value == 0 ? "0" : Double.toString(value);
        }
        return new BigDecimal(value).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    /**
     * {@code value} rounded half up to {@code digits} significant digits of its shortest decimal
     * form (0.0009995 to 0.00100, as it reads, not to 0.000999 as its binary value would).
     */
    public static double rounded(double value, int digits) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return BigDecimal.valueOf(value).round(new MathContext(digits, java.math.RoundingMode.HALF_UP)).doubleValue();
    }

    /**
     * A fraction from 0 to 1 to 3 decimals, trailing zeros kept ({@code 0.980} beside
     * {@code 0.918}, {@code 1.000}), as the tables print efficiencies.
     */
    public static String fraction(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).setScale(3, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** Bytes in decimal units: {@code 18.2 KB}. */
    public static String bytes(double bytes) {
        return scaled(bytes, BYTES, " ");
    }

    /** A count of messages: {@code 24 msg}, {@code 1.2k msg}. */
    public static String messages(double messages) {
        return scaled(messages, COUNTS, "") + " msg";
    }

    /** Seconds in s, ms, us or ns: {@code 51.8 ms}. */
    public static String seconds(double seconds) {
        double r = rounded(seconds, 3); // the rounded value in its own unit: 0.9999996 s is 1 s, not 1000 ms
        double a = Math.abs(r);
        if (a == 0 || a >= 1) {
            return significant(r, 3) + " s";
        }
        if (a >= 1e-3) {
            return significant(r * 1e3, 3) + " ms";
        }
        return a >= 1e-6 ? significant(r * 1e6, 3) + " us" : significant(r * 1e9, 3) + " ns";
    }

    private static String scaled(double value, String[] units, String space) {
        int u = 0;
        double v = value;
        while (Math.abs(rounded(v, 3)) >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return significant(v, 3) + (units[u].isEmpty() ? "" : space + units[u]);
    }
}
