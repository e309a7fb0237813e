package org.igtrace.core.timeline;

import java.util.List;

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
}
