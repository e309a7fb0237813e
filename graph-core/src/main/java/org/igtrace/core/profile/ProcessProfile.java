package org.igtrace.core.profile;

import java.util.Objects;

/**
 * One process's times (definitions section 3).
 *
 * @param rank     world rank
 * @param name     the trace's name for the process
 * @param host     the node it ran on, or null
 * @param time     {@code T_i} in seconds: the wall-clock span of its region events over its CPU threads,
 *                 less the time in MPI_Init/MPI_Init_thread/MPI_Finalize
 * @param commTime {@code Tcomm_i} in seconds: time inside outermost MPI communication calls
 * @param threads  its CPU-thread locations with region events
 * @param openMp   with several threads, their OpenMP waiting and useful times (definitions section 10a); else null
 * @param leftOut  its files were left out ({@code --skip-missing}): nothing of it was read, its {@code time} and
 *                 {@code commTime} of 0 are unknowns (definitions section 2)
 */
public record ProcessProfile(int rank, String name, String host, double time, double commTime, int threads, OpenMpTimes openMp,
                             boolean leftOut) {

    /** A process read (not {@link #leftOut}). */
    public ProcessProfile(int rank, String name, String host, double time, double commTime, int threads, OpenMpTimes openMp) {
        this(rank, name, host, time, commTime, threads, openMp, false);
    }

    /** A process without per-thread times. */
    public ProcessProfile(int rank, String name, String host, double time, double commTime, int threads) {
        this(rank, name, host, time, commTime, threads, null);
    }

    /** This process with its threads' times. */
    public ProcessProfile withOpenMp(OpenMpTimes times) {
        return new ProcessProfile(rank, name, host, time, commTime, threads, times, leftOut);
    }

    /** A process of one thread. */
    public ProcessProfile(int rank, String name, String host, double time, double commTime) {
        this(rank, name, host, time, commTime, 1);
    }

    /**
     * Whether the process has a row in the per-process tables and counts in the maxima and means (definitions section
     * 10): region events read, and {@code T_i} above 0. A process read with none of its time outside the environment calls
     * (in a {@code --window} that falls inside its MPI_Init, say) has {@code T_i = 0}, which would read as
     * {@code w_i = 1}, a process that computed all the time, and lower LB as one with {@code U_i = 0}.
     *
     * @return true when it has a row
     */
    public boolean hasRow() {
        return threads > 0 && time > 0;
    }

    /** {@code w_i = 1 - Tcomm_i / T_i}, and 1 when {@code T_i = 0} (paper, formula 1). */
    public double computeFraction() {
        return time > 0 ? 1.0 - commTime / time : 1.0;
    }

    // equals and hashCode as a record's (every component; doubles as Double.compare), written out:
    // the generated ones link method handles at first use, about 10 ms of an igtrace run's start,
    // since every graph puts processes in hash maps.
    @Override
    public boolean equals(Object o) {
        return o instanceof ProcessProfile p && rank == p.rank && Objects.equals(name, p.name) && Objects.equals(host, p.host)
                && Double.compare(time, p.time) == 0 && Double.compare(commTime, p.commTime) == 0 && leftOut == p.leftOut;
    }

    @Override
    public int hashCode() {
        int h = rank;
        h = 31 * h + Objects.hashCode(name);
        h = 31 * h + Objects.hashCode(host);
        h = 31 * h + Double.hashCode(time);
        return 31 * h + Double.hashCode(commTime);
    }
}
