package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Counts, as a location's events come, what decides which of a process's locations the replay takes (section 9,
 * {@link ActivityRecorder}): its recorded message and collective events, then its MPI calls (an outermost MPI call
 * outside {@code MPI_Init}/{@code MPI_Finalize}, or such an event outside any call), as {@link LocationActivities}
 * counts them while it records. An analysis that stands a process by one of its locations (why's region slices) takes
 * the one the replay takes, so that its run time is the replay's measured one. Requests an {@code isendComplete} names
 * are counted whether or not the recording matched them.
 */
public final class ReplayedLocation {
    private final TraceDefinitions definitions;
    private int environmentDepth;
    private int mpiDepth;
    private long events;
    private long calls;

    public ReplayedLocation(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    /** A region entered. */
    public void enter(int region) {
        if (definitions.regionKind(region) == RegionKind.ENVIRONMENT) {
            environmentDepth++;
        } else if (environmentDepth == 0 && definitions.isMpiCall(region)) {
            mpiDepth++;
        }
    }

    /** A region left. */
    public void leave(int region) {
        if (definitions.regionKind(region) == RegionKind.ENVIRONMENT) {
            environmentDepth = Math.max(0, environmentDepth - 1);
        } else if (environmentDepth == 0 && definitions.isMpiCall(region) && mpiDepth > 0 && --mpiDepth == 0) {
            calls++;
        }
    }

    /** A call of {@code region} holding one message end, to or from {@code partner}: its enter, message and leave. */
    public void wholeCall(int region, int partner) {
        enter(region);
        message(partner);
        leave(region);
    }

    /** A message end with a known partner ({@code partner >= 0}) or not. */
    public void message(int partner) {
        if (environmentDepth == 0 && partner >= 0) {
            event();
        }
    }

    /** A request completed or posted (isendComplete, irecvRequest). */
    public void request() {
        if (environmentDepth == 0) {
            event();
        }
    }

    /** A collective arrival. */
    public void collective(CollectiveKind kind) {
        if (environmentDepth == 0 && kind != CollectiveKind.OTHER) {
            event();
        }
    }

    private void event() {
        events++;
        if (mpiDepth == 0) {
            calls++;
        }
    }

    /**
     * Whether this location is taken rather than {@code other}, which came before it in location order.
     *
     * @param other the location kept so far
     * @return true when this one has more events, or as many and more calls
     */
    /** The message and collective events (and requests) counted. */
    public long events() {
        return events;
    }

    public boolean beats(ReplayedLocation other) {
        return events > other.events || (events == other.events && calls > other.calls);
    }
}
