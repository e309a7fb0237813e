package org.igtrace.core.replay;

import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.RecordBlocks;

/**
 * What the replay replays: one recorded location per process (null for a process with none),
 * with the definitions its regions and communicators refer to, and the store holding their
 * encoded activities (which the replay also uses for the calibration's transfer times).
 */
public final class RecordedRun {
    final TraceDefinitions definitions;
    final LocationActivities[] processes;
    final RecordBlocks store;
    private final List<String> notes;

    RecordedRun(TraceDefinitions definitions, LocationActivities[] processes, RecordBlocks store, List<String> notes) {
        this.definitions = definitions;
        this.processes = processes;
        this.store = store;
        this.notes = List.copyOf(notes);
    }

    public TraceDefinitions definitions() {
        return definitions;
    }

    public int processCount() {
        return processes.length;
    }

    /** The recorded location of process {@code rank}, or null. */
    public LocationActivities process(int rank) {
        return processes[rank];
    }

    public List<String> notes() {
        return notes;
    }

    /**
     * Per process, the place among all locations of the location it replays (a process of threads that take turns in
     * MPI: its master, with the other threads' calls), or -1 for none: what an analysis that stands a process by one of
     * its locations follows, so that its run time is the replay's measured one.
     *
     * @return the locations' orders, by process
     */
    public long[] replayedOrders() {
        long[] orders = new long[processes.length];
        for (int p = 0; p < orders.length; p++) {
            orders[p] = processes[p] == null ? -1 : processes[p].order;
        }
        return orders;
    }

    /** How many processes have a location to replay. */
    public int replayedProcesses() {
        int n = 0;
        for (LocationActivities l : processes) {
            n += l == null ? 0 : 1;
        }
        return n;
    }

    /** Recorded MPI calls over all replayed processes. */
    public long calls() {
        long c = 0;
        for (LocationActivities l : processes) {
            c += l == null ? 0 : l.callCount();
        }
        return c;
    }

    /** Bytes the replayed processes' encoded activities take (in memory or spilled). */
    public long bytes() {
        long b = 0;
        for (LocationActivities l : processes) {
            b += l == null ? 0 : l.bytes();
        }
        return b;
    }

    /** The largest message or collective contribution (bytes sent) of any replayed process. */
    public long largestSize() {
        long b = 0;
        for (LocationActivities l : processes) {
            b = Math.max(b, l == null ? 0 : l.largestSize());
        }
        return b;
    }

    /** Bytes the store spilled to a file (activities of every location, and calibration times). */
    public long spilledBytes() {
        return store.spilledBytes();
    }
}
