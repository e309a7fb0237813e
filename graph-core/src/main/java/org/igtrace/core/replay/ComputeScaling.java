package org.igtrace.core.replay;

/**
 * A what-if of the replay (definitions section 14): each compute burst's replayed length, given the
 * burst's process, its measured start and end (ticks, the process's own clock) and its length as the
 * model would replay it (seconds). A process's bursts come in time order, on one thread.
 */
@FunctionalInterface
public interface ComputeScaling {
    double burst(int process, long from, long to, double seconds);
}
