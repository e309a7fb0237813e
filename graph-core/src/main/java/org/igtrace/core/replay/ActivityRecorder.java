package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Records every location's activities for the replay (definitions section 9) as a reader pushes the
 * events, in any order of locations and on any threads (each location on one thread). A plain
 * {@link LocationSink}: it can be fed alone or beside other analyses.
 */
public final class ActivityRecorder implements LocationSink {
    private final TraceDefinitions definitions;
    private final List<LocationActivities> locations = Collections.synchronizedList(new ArrayList<>());

    public ActivityRecorder(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    @Override
    public LocationActivities location(int process, long order) {
        LocationActivities l = new LocationActivities(definitions, process, order);
        locations.add(l);
        return l;
    }

    /**
     * The recorded run: per process the location holding its MPI events (the one with the most
     * recorded events, the first in definition order among equals); other locations of the same
     * process are left out and counted in a note.
     */
    public RecordedRun recorded() {
        int n = definitions.processCount();
        LocationActivities[] chosen = new LocationActivities[n];
        List<LocationActivities> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingLong(l -> l.order));
        int leftOut = 0;
        long untranslated = 0;
        for (LocationActivities l : ordered) {
            untranslated += l.untranslated;
            if (l.process < 0 || l.process >= n) {
                continue;
            }
            LocationActivities c = chosen[l.process];
            if (c == null) {
                chosen[l.process] = l;
            } else {
                leftOut++;
                if (l.eventCount() > c.eventCount() || (l.eventCount() == c.eventCount() && l.callCount() > c.callCount())) {
                    chosen[l.process] = l;
                }
            }
        }
        List<String> notes = new ArrayList<>();
        if (leftOut > 0) {
            notes.add(leftOut + " further thread locations of processes are not replayed (each process replays the"
                    + " location holding its MPI events)");
        }
        if (untranslated > 0) {
            notes.add(untranslated + " message events name a partner outside the known processes: not replayed");
        }
        return new RecordedRun(definitions, chosen, notes);
    }

    /** Bytes the recorded arrays take now, over all locations. */
    public long bytes() {
        long b = 0;
        synchronized (locations) {
            for (LocationActivities l : locations) {
                b += l.bytes();
            }
        }
        return b;
    }
}
