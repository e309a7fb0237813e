package org.igtrace.core.compare;

import java.util.List;
import java.util.Locale;

/**
 * A run's critical path (definitions section 14) as {@link PathAttribution} reads it: its length and its time
 * split into shares, each a stretch of the path on one process, of one kind, in one region. The shares add up
 * to the length.
 *
 * @param length the path's length, seconds (the measured run time, within what the path could follow)
 * @param shares the path's time per kind, process and region, in any order; one key may come several times
 */
public record PathTimes(double length, List<Share> shares) {
    /** What the path did in a stretch. */
    public enum Kind {
        /** Computing, outside MPI: the region is the user region. */
        COMPUTE,
        /** Waiting inside an MPI call the path could not leave for the process waited for: the region is the call. */
        WAITING,
        /** Inside an MPI call, not waiting (the message's or collective's own time): the region is the call. */
        TRANSFER,
        /** The run time the path does not cover (run time minus path length): no process, no region. */
        OFF_PATH;

        /** The output name: compute, waiting, transfer, off_path. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A stretch of the path.
     *
     * @param kind    compute, waiting or transfer
     * @param rank    the process the path was on
     * @param region  the user region (compute) or the MPI call (waiting, transfer)
     * @param seconds its time
     */
    public record Share(Kind kind, int rank, String region, double seconds) {
    }

    public PathTimes {
        shares = List.copyOf(shares);
    }
}
