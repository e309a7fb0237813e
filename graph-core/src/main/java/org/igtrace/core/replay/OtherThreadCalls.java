package org.igtrace.core.replay;

import org.igtrace.core.trace.LocationEvents;

/**
 * A location's events that also takes the MPI calls of its process's other threads, where they take turns calling MPI
 * ({@link ActivityRecorder#feedMerged}): an analysis that stands a process by one thread (why's region slices) counts the
 * time another thread was in MPI as that call, as the replay does, and not as what its own thread did meanwhile.
 */
public interface OtherThreadCalls extends LocationEvents {
    /**
     * Another thread of the process entered ({@code enter}) or left an outermost MPI call.
     *
     * @param time   the event's time, ticks
     * @param region the call's region
     * @param enter  true at its enter, false at its leave
     */
    void otherThreadCall(long time, int region, boolean enter);
}
