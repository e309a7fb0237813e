package org.igtrace.core.timeline;

import org.igtrace.core.trace.RegionKind;

/**
 * What a process is doing at a moment, as the timeline colours it (definitions section 12): compute,
 * split by the outermost user region ({@link #COMPUTE_REGIONS} colours, the last for all further
 * regions), or inside an outermost MPI call of one of three kinds; the waiting part of MPI calls
 * (definitions section 8) is a class of its own, drawn over the call.
 */
public final class StateClass {
    /** Compute outside any user region. */
    public static final int COMPUTE = 0;
    /** Colours for compute inside user regions; regions beyond the last share it. */
    public static final int COMPUTE_REGIONS = 8;
    public static final int MPI_POINT_TO_POINT = 1 + COMPUTE_REGIONS;
    public static final int MPI_COLLECTIVE = MPI_POINT_TO_POINT + 1;
    public static final int MPI_OTHER = MPI_COLLECTIVE + 1;
    /** Waiting inside an MPI call (late sender, barrier, ...). */
    public static final int WAITING = MPI_OTHER + 1;
    /** Inside an OpenMP barrier (implicit or explicit): a thread waiting for its team (definitions section 10a). */
    public static final int OMP_WAITING = WAITING + 1;
    /**
     * A master's OpenMP fork and join: from its ThreadFork to its enter of the team's parallel region, and from its leave
     * to the ThreadJoin, which {@code stats} counts as OpenMP runtime (definitions section 10a).
     */
    public static final int OMP_RUNTIME = OMP_WAITING + 1;
    public static final int COUNT = OMP_RUNTIME + 1;
    /**
     * Recorded, never drawn as itself: compute of a thread outside its own parallel regions with only its outermost region
     * open (EZTrace keeps {@code Working} open on every thread). On a worker of a team that is its idle time (definitions
     * section 10a), not drawn; on any other thread compute in that region ({@link TimelineBuilder}).
     */
    static final int OUTSIDE_TEAM = COUNT;
    /**
     * Recorded, never drawn as itself: a thread of an OpenMP run with no region open. On a worker of a team that is its
     * idle time, not drawn; on any other thread (a master between the instances a {@code --region} keeps) compute outside
     * every region.
     */
    static final int NOTHING_OPEN = COUNT + 1;
    /** The classes a location records: those drawn, {@link #OUTSIDE_TEAM} and {@link #NOTHING_OPEN}. */
    static final int RECORDED = COUNT + 2;

    private StateClass() {
    }

    /**
     * What a region means to a location's states beyond its class: 1 MPI_Init (or MPI_Init_thread), 2 MPI_Finalize, 3 an
     * OpenMP parallel region, 4 an OpenMP task, else 0.
     */
    static byte environment(String name, RegionKind kind, org.igtrace.core.trace.OmpRole role) {
        if (kind == RegionKind.ENVIRONMENT) {
            return (byte) (name.strip().startsWith("MPI_Init") ? 1 : name.strip().equals("MPI_Finalize") ? 2 : 0);
        }
        return (byte) (role == org.igtrace.core.trace.OmpRole.PARALLEL ? 3 : role == org.igtrace.core.trace.OmpRole.TASK ? 4 : 0);
    }

    /** The class of compute in user-region colour {@code slot}. */
    public static int computeIn(int slot) {
        return 1 + Math.min(slot, COMPUTE_REGIONS - 1);
    }

    public static boolean isMpi(int c) {
        return c >= MPI_POINT_TO_POINT && c <= WAITING;
    }

    /** The MPI state class of a region, or -1 for user code. */
    static int of(String name, RegionKind kind) {
        if (kind == RegionKind.OTHER) {
            return -1;
        }
        if (kind == RegionKind.ENVIRONMENT) {
            return StateClass.MPI_OTHER;
        }
        String n = name.toLowerCase(java.util.Locale.ROOT);
        for (String c : new String[] {"barrier", "bcast", "reduce", "gather", "scatter", "alltoall", "scan"}) {
            if (n.contains(c)) {
                return StateClass.MPI_COLLECTIVE;
            }
        }
        for (String p : new String[] {"send", "recv", "wait", "test", "probe", "start"}) {
            if (n.contains(p)) {
                return StateClass.MPI_POINT_TO_POINT;
            }
        }
        return StateClass.MPI_OTHER;
    }
}
