package org.igtrace.cli;

import java.util.Locale;

/** {@code --clock-correction}: whether clocks are corrected before waiting times are measured. */
enum ClockCorrection {
    OFFSETS, NONE;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
