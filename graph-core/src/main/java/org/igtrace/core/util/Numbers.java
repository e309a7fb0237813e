package org.igtrace.core.util;

/** How igtrace prints numbers (SPEC section 7): enough digits to round-trip, whole numbers without a fraction. */
public final class Numbers {
    private Numbers() {
    }

    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }
}
