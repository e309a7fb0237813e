package org.igtrace.core.replay;

/**
 * A what-if of the replay (definitions section 14): each compute burst's replayed length, given the
 * burst's process, its measured start and end (ticks, the process's own clock) and its length as the
 * model would replay it (seconds). A process's bursts come in time order, on one thread.
 */
@FunctionalInterface
public interface ComputeScaling {
    double burst(int process, long from, long to, double seconds);

    /**
     * This scaling as two numbers per burst that do not need the model's length ({@link Parts}), so that a thread of
     * their own can work them out ahead of the replay; null (the default) when it has none.
     */
    default Parts parts() {
        return null;
    }

    /** A burst of {@code seconds} with the parts {@code scaled} and {@code plain} ({@link Parts#parts}). */
    static double apply(double seconds, double scaled, double plain) {
        return plain > 0 ? seconds * scaled / plain : seconds;
    }

    /**
     * A scaling whose burst is {@link #apply}{@code (seconds, scaled, plain)}, the two numbers given by the burst's process,
     * start and end alone.
     */
    interface Parts {
        /** Whether any burst of process p may change (false: {@link #parts} gives plain 0 for each). */
        boolean changes(int process);

        /**
         * The parts of p's burst from {@code from} to {@code to} into {@code out[at]} (scaled) and {@code out[at + 1]}
         * (plain); as {@link ComputeScaling#burst}, a process's bursts in time order, on one thread.
         */
        void parts(int process, long from, long to, double[] out, int at);
    }
}
