package org.igtrace.core.replay;

/**
 * A what-if of the replay (definitions section 14): each compute burst's replayed length, given the
 * burst's process, its measured start and end (ticks, the process's own clock) and its length as the
 * model would replay it (seconds). A process's bursts come in time order, on one thread.
 */
@FunctionalInterface
public interface ComputeScaling {
    /**
     * @param process the burst's process
     * @param from    its measured start, ticks
     * @param to      its measured end, ticks
     * @param seconds its length as the model would replay it
     * @return its replayed length, seconds
     */
    double burst(int process, long from, long to, double seconds);

    /**
     * A replay with this scaling starts: its bursts come again from each process's first (a scaling that reads
     * along the bursts starts its reading again). Called before the replay's first burst.
     */
    default void replayStarts() {
    }
}
