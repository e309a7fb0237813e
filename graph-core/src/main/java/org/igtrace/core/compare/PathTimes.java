package org.igtrace.core.compare;

import java.util.List;
import java.util.Locale;

/**
 * A run's critical path (definitions section 14) as {@link PathAttribution} reads it: its length and its time
 * split into shares, each a stretch of the path on one process, of one kind, in one region. The shares add up
 * to the length, less what of the path lies outside every process's span.
 *
 * @param length the path's length, seconds (the measured run time, within what the path could follow)
 * @param shares the path's time per kind, process and region, in any order; one key may come several times
 */
public record PathTimes(double length, List<Share> shares) {
    /** What the path did in a stretch. */
    public enum Kind {
        /** Computing, outside MPI: the region is the user region. */
        COMPUTE,
        /**
         * Inside an MPI call: the region is the call. The path leaves a call where it waited for the process it
         * waited for (definitions section 14), so what it keeps of MPI calls is their own time, a transfer.
         */
        TRANSFER,
        /** The run time the shares do not cover (before a process's span, after its end): no process, no region. */
        OFF_PATH,
        /**
         * A process's time with recording switched off (MeasurementOnOff) on the path: what ran then is unknown, neither
         * compute nor MPI (definitions section 3); the region is {@code (recording off)}.
         */
        RECORDING_OFF,
        /**
         * A process's waiting (definitions section 8): never on the path, so only a per-process contributor
         * ({@link ProcessContributors}).
         */
        WAITING;

        /** The output name: compute, transfer, off_path, recording_off, waiting. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A stretch of the path.
     *
     * @param kind    compute, transfer or recording off
     * @param rank    the process the path was on, by its world rank (the two runs' shares are matched by it)
     * @param region  the user region (compute) or the MPI call (transfer)
     * @param seconds its time
     */
    public record Share(Kind kind, int rank, String region, double seconds) {
    }

    public PathTimes {
        shares = List.copyOf(shares);
    }
}
