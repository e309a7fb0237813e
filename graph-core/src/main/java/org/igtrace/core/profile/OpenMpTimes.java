package org.igtrace.core.profile;

import java.util.List;

/**
 * A process's threads' OpenMP waiting, idle, runtime and useful time (definitions section 10a), in seconds; the
 * process's values are the sums over its threads.
 *
 * @param threads    per thread, in location order
 * @param constructs whether a thread of the process recorded an OpenMP construct (a parallel region, a barrier, a runtime
 *                   call); false for threads of another kind (pthreads, HPX's workers), whose times are their own spans
 */
public record OpenMpTimes(List<ThreadTimes> threads, boolean constructs) {

    /**
     * One thread's times, seconds.
     *
     * @param waitBarrier  wait at implicit barriers: the last arrival minus its own, per barrier instance
     * @param waitEBarrier wait at explicit barriers, as for implicit ones
     * @param idle         a worker's time of the process's span outside parallel regions (0 for the master)
     * @param runtime      time in the OpenMP runtime's own calls, and in barriers after their last arrival
     * @param mpi          its time in MPI communication calls
     * @param useful       its time (the process's span; a thread of a process without parallel regions: its own span)
     *                     outside MPI, the OpenMP barriers' waiting, the OpenMP runtime and idle
     * @param name         the name the trace gives the thread ({@code "OMP thread 3"}), or null when it gives none or the
     *                     reader does not tell it (OTF1, a stream of several processes): untrusted text
     */
    public record ThreadTimes(double waitBarrier, double waitEBarrier, double idle, double runtime, double mpi, double useful,
            String name) {
        /** A thread's times without its name. */
        public ThreadTimes(double waitBarrier, double waitEBarrier, double idle, double runtime, double mpi, double useful) {
            this(waitBarrier, waitEBarrier, idle, runtime, mpi, useful, null);
        }

        /**
         * @param name the thread's name in the trace, or null
         * @return these times with that name
         */
        public ThreadTimes named(String name) {
            return new ThreadTimes(waitBarrier, waitEBarrier, idle, runtime, mpi, useful, name);
        }
    }

    public OpenMpTimes {
        threads = List.copyOf(threads);
    }

    /**
     * Times of threads that recorded OpenMP constructs.
     *
     * @param threads per thread, in location order
     */
    public OpenMpTimes(List<ThreadTimes> threads) {
        this(threads, true);
    }

    /**
     * A process of one thread in a run where others have several (definitions section 10a): no OpenMP waiting, idle or
     * runtime, its MPI time and the rest useful, as the hybrid efficiency counts it.
     *
     * @param mpi    the process's {@code Tcomm_i}, seconds
     * @param useful its {@code T_i - Tcomm_i}, seconds
     * @return its one thread's times
     */
    public static OpenMpTimes oneThread(double mpi, double useful) {
        return new OpenMpTimes(List.of(new ThreadTimes(0, 0, 0, 0, mpi, useful)), false);
    }

    public double waitBarrier() {
        return threads.stream().mapToDouble(ThreadTimes::waitBarrier).sum();
    }

    public double waitEBarrier() {
        return threads.stream().mapToDouble(ThreadTimes::waitEBarrier).sum();
    }

    public double idle() {
        return threads.stream().mapToDouble(ThreadTimes::idle).sum();
    }

    public double runtime() {
        return threads.stream().mapToDouble(ThreadTimes::runtime).sum();
    }

    /** Its threads' useful time added up. */
    public double useful() {
        return threads.stream().mapToDouble(ThreadTimes::useful).sum();
    }
}
