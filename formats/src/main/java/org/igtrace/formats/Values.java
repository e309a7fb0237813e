package org.igtrace.formats;

import org.igtrace.core.util.Numbers;

/** Attribute values as text: doubles with enough digits to round-trip, whole numbers without a fraction. */
final class Values {
    private Values() {
    }

    static String text(Object value) {
        if (value instanceof Double d) {
            return Numbers.format(d);
        }
        return String.valueOf(value);
    }
}
