package org.igtrace.core.replay;

import java.util.List;

/**
 * What a replay predicts (definitions section 9), seconds.
 *
 * @param measuredRuntime  {@code T}: latest end minus earliest start, corrected clocks
 * @param predictedRuntime {@code T' = max_p s_p(end)}
 * @param parameters       the model machine
 * @param processes        per process in rank order (processes without a recorded location left out)
 * @param notes            what the replay could not model (unmatched ends, incomplete collectives, ...)
 */
public record Prediction(double measuredRuntime, double predictedRuntime, ReplayParameters parameters,
                         List<ProcessPrediction> processes, List<String> notes) {

    /**
     * One process in the replay.
     *
     * @param predictedTime its replayed span {@code s_p(end) - s_p(start)}
     * @param compute       its compute bursts, scaled by the cpu ratio
     * @param mpi           its time in MPI calls
     * @param waiting       the part of {@code mpi} spent waiting for partners to arrive (late
     *                      sender, receiver posted late under rendezvous, last member of a collective)
     * @param end           {@code s_p(end)}
     */
    public record ProcessPrediction(int rank, double predictedTime, double compute, double mpi, double waiting, double end) {
    }

    public Prediction {
        processes = List.copyOf(processes);
        notes = List.copyOf(notes);
    }

    /** {@code T / T'}; 1 when both are 0 (a replay of no length), infinite when only {@code T'} is: never NaN. */
    public double speedup() {
        return predictedRuntime > 0 ? measuredRuntime / predictedRuntime : measuredRuntime > 0 ? Double.POSITIVE_INFINITY : 1;
    }
}
