package org.igtrace.formats.predict;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.replay.LocationActivities;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.replay.RecordedRun;
import org.igtrace.core.util.Labels;

/**
 * Whether a self-prediction's shortfall lies in MPI calls: a process whose recorded calls lasted, as
 * measured, at least half the shortfall longer than the replay on the fitted network made them (its
 * replayed MPI time already holds the waits a partner's lateness explains). Then that time inside MPI is
 * the likely reason, not the threads or GPU streams (a Score-P CUDA run: each rank inside MPI_Sendrecv
 * for 16 s where the network fitted to its messages gives 10.2 us per call; issue 34 item 12).
 */
final class MpiShortfall {
    /** The share of the shortfall a process's extra MPI time must reach to be named. */
    static final double SHARE = 0.5;

    private MpiShortfall() {
    }

    /** The reason, or null when the prediction is not short or no process's MPI calls account for half of it. */
    static String reason(RecordedRun run, Prediction p) {
        return reason(run, p, p.measuredRuntime() - p.predictedRuntime(), 0);
    }

    /**
     * The reason for a shortfall of {@code shortfall} seconds, counting of a process's MPI time beyond the replay's only
     * what exceeds {@code lateness} seconds (the time some process had recording off, {@link OffTime}: partners recorded
     * off reach their calls up to that much earlier in the replay than they did in the run); null when no process's calls
     * account for half of the shortfall so.
     */
    static String reason(RecordedRun run, Prediction p, double shortfall, double lateness) {
        if (!(shortfall > 0) || run == null) {
            return null;
        }
        double tick = 1 / run.definitions().ticksPerSecond();
        // by name: EZTrace defines each region once per process, so one id holds one process's time only
        Map<String, Long> byRegion = new TreeMap<>();
        Prediction.ProcessPrediction worst = null;
        double worstMeasured = 0;
        for (Prediction.ProcessPrediction q : p.processes()) {
            LocationActivities l = q.rank() < run.processCount() ? run.process(q.rank()) : null;
            if (l == null) {
                continue;
            }
            long ticks = 0;
            for (Map.Entry<Integer, Long> e : l.callTicksByRegion().entrySet()) {
                ticks += e.getValue();
                byRegion.merge(run.definitions().regionName(e.getKey()), e.getValue(), Long::sum);
            }
            double measured = ticks * tick;
            if (worst == null || measured - q.mpi() > worstMeasured - worst.mpi()) {
                worst = q;
                worstMeasured = measured;
            }
        }
        if (worst == null || !(worstMeasured - worst.mpi() - lateness >= SHARE * shortfall)) {
            return null;
        }
        String most = byRegion.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        return String.format(Locale.ROOT, "the processes stay inside MPI calls longer than the network fitted to the run's messages"
                        + " explains, time no partner's lateness accounts for: rank %d's calls last %s as measured, %s replayed (%s more),"
                        + " most in %s (%s measured in it, summed over the processes); time inside MPI the trace cannot show, such as a wait for a GPU"
                        + " or for I/O, or a slow MPI library",
                run.definitions().worldRank(worst.rank()), Labels.seconds3(worstMeasured), Labels.seconds3(worst.mpi()), Labels.seconds3(worstMeasured - worst.mpi()),
                most, Labels.seconds3(byRegion.get(most) * tick));
    }
}
