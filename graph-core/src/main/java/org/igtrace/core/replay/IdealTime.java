package org.igtrace.core.replay;

import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;

/**
 * {@code T_ideal} of definitions section 10, measured over the same part of each process as {@code T_i}:
 * per process, its span in the ideal network's replay (from its own start, the leave of {@code MPI_Init*},
 * to its end, the enter of {@code MPI_Finalize}) plus the time {@code T_i} counts outside that window
 * (code before {@code MPI_Init} and after {@code MPI_Finalize}), at most {@code T_i} and at least
 * {@code U_i}; {@code T_ideal} is the largest over the processes the analysis is about (a process of several
 * threads counts as one: its {@code T_i} is the wall-clock span of its threads, and the replay replays the thread that
 * calls MPI, a parallel region's span on it as computing). So it is a span
 * of one process, as {@code T = max_i T_i} is: the replay's latest end counted from the earliest start
 * of all processes (the run's wall-clock time) gave a transfer efficiency above 1 where processes
 * started at different times, and its window left out code {@code U_i} counts (serialisation above 1).
 */
public final class IdealTime {
    private IdealTime() {
    }

    /**
     * @param profile the processes' {@code T_i} and {@code Tcomm_i}, and which are selected
     * @param run     the recorded run the replay replayed
     * @param ideal   the replay on the ideal network
     */
    public static double of(TraceProfile profile, RecordedRun run, Prediction ideal) {
        double[] span = new double[run.processCount()];
        boolean[] replayed = new boolean[run.processCount()];
        for (Prediction.ProcessPrediction p : ideal.processes()) {
            if (p.rank() >= 0 && p.rank() < span.length) {
                span[p.rank()] = p.predictedTime();
                replayed[p.rank()] = true;
            }
        }
        double ticksPerSecond = run.definitions().ticksPerSecond();
        double tick = 1 / ticksPerSecond;
        double longest = 0;
        for (ProcessProfile p : profile.processes()) {
            int r = p.rank();
            if (!profile.selected(r) || p.threads() == 0 || r >= span.length || !replayed[r]) {
                continue;
            }
            double window = run.process(r).windowTicks() * tick;
            double outside = Math.max(0, p.time() - window);
            // on the ideal network every replayed time is a whole number of ticks: rounded to them, free of the sums' noise
            double t = Math.max(p.time() - p.commTime(), Math.min(p.time(), Math.round((span[r] + outside) * ticksPerSecond) / ticksPerSecond));
            longest = Math.max(longest, t);
        }
        return longest;
    }
}
