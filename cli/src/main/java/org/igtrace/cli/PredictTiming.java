package org.igtrace.cli;

import org.igtrace.core.util.Labels;

/**
 * predict's {@code --timing} line: the wall time of each phase, in the order they end, then this JVM's CPU time
 * (all its threads: the compilers' too) in three parts: up to the end of the read, the matching with the calibration
 * and the replays made with it, the rest. The ideal
 * replay is made with the calibration (then "calibration" is its time), beside a given network's
 * model, or, when neither made it (a sweep of a given network, --ranks), after the models: "ideal
 * wait" is that last part; "ideal replay" is the ideal replay's own duration when made alone or with
 * the calibration.
 */
final class PredictTiming implements org.igtrace.core.predict.PredictionRun.Phases {
    private final long start = System.nanoTime();
    /** Whether the CPU times are taken (with --timing only: the first look-up loads the management classes). */
    private final boolean cpuTaken;
    private long cpuRead;
    private long cpuCalibrated;
    private long read;
    private long matched;
    private long calibrated;
    private long replayed;
    private long idealKnown;
    private long written;

    PredictTiming(boolean timing) {
        this.cpuTaken = timing && cpu() >= 0;
    }

    void read() {
        cpuRead = cpuTaken ? cpu() : 0;
        read = System.nanoTime();
    }

    @Override
    public void matched() {
        matched = System.nanoTime();
    }

    @Override
    public void calibrated() {
        cpuCalibrated = cpuTaken ? cpu() : 0;
        calibrated = System.nanoTime();
    }

    @Override
    public void replayed() {
        replayed = System.nanoTime();
    }

    @Override
    public void idealKnown() {
        idealKnown = System.nanoTime();
    }

    void written() {
        written = System.nanoTime();
    }

    /**
     * {@code igtrace: timing: read 5.12 s, matching 0.05 s, calibration 0.00 s, replay 3.01 s, ideal wait 0.10 s (ideal replay
     * 3.05 s), output 0.00 s, total 8.28 s; CPU read 9.80 s, calibration 5.90 s, rest 0.20 s, total 15.90 s} (CPU from this
     * JVM's start; the CPU part left out where the JVM does not say its CPU time).
     */
    String line(long idealReplayNanos) {
        String cpu = "";
        if (cpuTaken) {
            long cpuEnd = cpu();
            long cpuCalibrated = Math.max(this.cpuCalibrated, cpuRead); // no calibration: nothing between them
            cpu = "; CPU read " + s(cpuRead) + " s, calibration " + s(cpuCalibrated - cpuRead) + " s, rest " + s(cpuEnd - cpuCalibrated)
                    + " s, total " + s(cpuEnd) + " s";
        }
        return "igtrace: timing: read " + s(read - start) + " s, matching " + s(matched - read) + " s, calibration " + s(calibrated - matched)
                + " s, replay " + s(replayed - calibrated) + " s, ideal wait " + s(idealKnown - replayed) + " s (ideal replay " + s(idealReplayNanos)
                + " s), output " + s(written - idealKnown) + " s, total " + s(written - start) + " s" + cpu;
    }

    /** This JVM's CPU time so far (every thread), nanoseconds; -1 when the JVM does not say. */
    private static long cpu() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean b ? b.getProcessCpuTime() : -1;
    }

    /** Seconds to 2 decimals. */
    private static String s(long nanos) {
        return Labels.fixed(Math.max(0, nanos) / 1e9, 2);
    }
}
