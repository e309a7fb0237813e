package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * Replays a recorded run on model machines (definitions section 9): matches its messages and collective
 * instances once, then answers any number of predictions (a sweep replays the same matching with
 * other parameters) and the calibration of {@code --network measured}.
 */
public final class TraceReplay {
    private final ReplayMatching matching;
    private final double[] offsets;

    /**
     * @param run           the recorded activities
     * @param offsetSeconds clock offset per process (the wait analysis' {@code ClockOffsets}, seconds),
     *                      or null for raw clocks
     */
    public TraceReplay(RecordedRun run, double[] offsetSeconds) {
        this.matching = new ReplayMatching(run);
        this.offsets = offsetSeconds == null ? new double[run.processCount()] : Arrays.copyOf(offsetSeconds, run.processCount());
    }

    /** The replay on {@code parameters}. */
    public Prediction predict(ReplayParameters parameters) {
        return new ReplaySimulation(matching, parameters, offsets).run();
    }

    /** {@code T_ideal}: the predicted run time on the ideal network (L = 0, B infinite, r = 1). */
    public double idealRuntime() {
        return predict(ReplayParameters.ideal()).predictedRuntime();
    }

    /** L and B fitted to this run's own messages, with the default eager limit (see {@link NetworkCalibration}). */
    public NetworkCalibration.Fit calibrate() {
        return calibrate(ReplayParameters.DEFAULT_EAGER_LIMIT);
    }

    /** L and B fitted to this run's own messages, rendezvous above {@code eagerLimit} (see {@link NetworkCalibration}). */
    public NetworkCalibration.Fit calibrate(long eagerLimit) {
        return NetworkCalibration.fit(matching, offsets, eagerLimit);
    }

    /**
     * Writes process {@code rank}'s actions as SimGrid's time-independent trace (for
     * {@code smpirun -replay}), compute bursts divided by {@code cpuRatio}.
     */
    public void writeTimeIndependent(int rank, double cpuRatio, java.lang.Appendable out) throws java.io.IOException {
        new TimeIndependentTrace(matching, offsets).write(rank, cpuRatio, out);
    }

    /** Writes a SimGrid platform whose links give {@code L + S / B} (see {@link TimeIndependentTrace}). */
    public static void writeSimGridPlatform(int processes, double latency, double bandwidth, java.lang.Appendable out)
            throws java.io.IOException {
        TimeIndependentTrace.platform(processes, latency, bandwidth, out);
    }

    public long matchedMessages() {
        return matching.matchedMessages;
    }
}
