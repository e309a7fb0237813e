package org.igtrace.core.timeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order of a process's thread rows (definitions section 12): first its master's ({@link
 * org.igtrace.core.trace.MasterThread}: the longest span from its first to its last region event among the threads of
 * its teams, as {@code stats} takes it), which carries the process's name, its MPI waits and its messages' arrows; then
 * the others in location order.
 */
final class ThreadRows {
    private ThreadRows() {
    }

    /**
     * The rows' order.
     *
     * @param threads the process's threads with events, in location order
     * @return the threads' places in location order, the master's first
     */
    static int[] order(List<TimelineBuilder.Recorder> threads) {
        long[] spans = new long[threads.size()];
        boolean[] inTeam = new boolean[threads.size()];
        for (int k = 0; k < spans.length; k++) {
            spans[k] = threads.get(k).last - threads.get(k).first;
            inTeam[k] = threads.get(k).inTeam;
        }
        return order(spans, inTeam);
    }

    /** The order of threads of these spans and team memberships (location order). */
    static int[] order(long[] spans, boolean[] inTeam) {
        int master = org.igtrace.core.trace.MasterThread.of(spans, inTeam);
        int[] order = new int[spans.length];
        order[0] = master;
        for (int k = 0, n = 1; k < spans.length; k++) {
            if (k != master) {
                order[n++] = k;
            }
        }
        return order;
    }

    /**
     * Marks the workers of teams (definitions section 10a): of a process drawn one row per thread, every thread in a parallel
     * region but the master; their time outside their parallel regions is idle ({@link StateClass#OUTSIDE_TEAM}), not drawn.
     *
     * @param locations the locations read
     */
    static void markIdleWorkers(java.util.Collection<TimelineBuilder.Recorder> locations) {
        Map<Integer, List<TimelineBuilder.Recorder>> byProcess = new HashMap<>();
        for (TimelineBuilder.Recorder r : locations) {
            if (r.first <= r.last) {
                byProcess.computeIfAbsent(r.process, k -> new ArrayList<>()).add(r);
            }
        }
        for (List<TimelineBuilder.Recorder> threads : byProcess.values()) {
            threads.sort(java.util.Comparator.comparingLong(r -> r.order));
            int[] order = threads.size() > 1 ? order(threads) : new int[0];
            for (int k = 1; k < order.length; k++) {
                TimelineBuilder.Recorder r = threads.get(order[k]);
                r.idleWorker = r.inTeam;
            }
        }
    }
}
