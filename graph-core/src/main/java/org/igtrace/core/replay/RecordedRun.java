package org.igtrace.core.replay;

import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * What the replay replays: one recorded location per process (null for a process with none),
 * with the definitions its regions and communicators refer to.
 */
public final class RecordedRun {
    final TraceDefinitions definitions;
    final LocationActivities[] processes;
    private final List<String> notes;

    RecordedRun(TraceDefinitions definitions, LocationActivities[] processes, List<String> notes) {
        this.definitions = definitions;
        this.processes = processes;
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

    /** Recorded MPI calls over all replayed processes. */
    public long calls() {
        long c = 0;
        for (LocationActivities l : processes) {
            c += l == null ? 0 : l.callCount();
        }
        return c;
    }

    /** Bytes the replayed processes' recorded arrays take. */
    public long bytes() {
        long b = 0;
        for (LocationActivities l : processes) {
            b += l == null ? 0 : l.bytes();
        }
        return b;
    }
}
