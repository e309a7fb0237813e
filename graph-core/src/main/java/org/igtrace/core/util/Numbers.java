package org.igtrace.core.util;

import java.math.BigDecimal;

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
        // Double.toString's shortest round-trip digits, written out in plain decimal notation
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }
}
