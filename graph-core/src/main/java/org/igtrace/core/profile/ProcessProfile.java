package org.igtrace.core.profile;

/**
 * One process's times (definitions section 3).
 *
 * @param rank     world rank
 * @param name     the trace's name for the process
 * @param host     the node it ran on, or null
 * @param time     {@code T_i} in seconds: the span of its region events summed over its CPU threads,
 *                 less the time in MPI_Init/MPI_Init_thread/MPI_Finalize
 * @param commTime {@code Tcomm_i} in seconds: time inside outermost MPI communication calls
 */
public record ProcessProfile(int rank, String name, String host, double time, double commTime) {

    /** {@code w_i = 1 - Tcomm_i / T_i}, and 1 when {@code T_i = 0} (paper, formula 1). */
    public double computeFraction() {
        return time > 0 ? 1.0 - commTime / time : 1.0;
    }
}
