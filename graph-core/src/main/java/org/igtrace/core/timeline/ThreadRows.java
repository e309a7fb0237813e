package org.igtrace.core.timeline;

/**
 * The order of a process's thread rows (definitions section 12): first its master's, the thread with the longest span
 * from its first to its last region event (the first in location order among equals, as {@code stats} takes it), which
 * carries the process's name, its MPI waits and its messages' arrows; then the others in location order.
 */
final class ThreadRows {
    private ThreadRows() {
    }

    /**
     * The rows' order.
     *
     * @param spans each thread's first-to-last span, in location order
     * @return the threads' places in location order, the master's first
     */
    static int[] order(long[] spans) {
        int master = 0;
        for (int k = 1; k < spans.length; k++) {
            if (spans[k] > spans[master]) {
                master = k;
            }
        }
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
