package org.igtrace.core.pipeline;

/** Whether messages are matched for waiting times, and whether clocks are corrected first (definitions section 8). */
public enum WaitMode {
    /** No matching: the profile only. */
    OFF,
    /** Matching and waiting on the raw timestamps ({@code --clock-correction none}). */
    RAW_CLOCKS,
    /** Matching, clock offsets, then waiting on corrected timestamps (the default of the command). */
    CORRECTED_CLOCKS
}
