package org.igtrace.core.profile;

import java.util.List;
import java.util.PriorityQueue;

/**
 * A process's {@code Tcomm_i} when several of its threads call MPI (definitions section 3): the time in which at least
 * one of them was inside an outermost MPI communication call, each thread's calls less its own time with recording off.
 * Threads that take turns (MPI_THREAD_SERIALIZED, the calls moving from thread to thread) add up; threads in MPI at the
 * same time (MPI_THREAD_MULTIPLE) count that time once. The threads' calls are merged in time order, one interval of
 * each thread at a time.
 */
final class CommunicationUnion {
    private CommunicationUnion() {
    }

    /**
     * One thread's calls and its intervals off.
     *
     * @param calls the thread's outermost MPI communication calls, in order
     * @param off   its intervals with recording off, disjoint and in order, as {@code start, end} pairs
     */
    record Thread(CallIntervals calls, long[] off) {
    }

    /**
     * The length of the union of the threads' calls, each less its own intervals off.
     *
     * @param threads the process's threads that called MPI
     * @return ticks in which at least one of them was in a call and recorded
     */
    static long ticks(List<Thread> threads) {
        PriorityQueue<Pieces> queue = new PriorityQueue<>((a, b) -> Long.compare(a.start, b.start));
        for (Thread t : threads) {
            Pieces p = new Pieces(t);
            if (p.next()) {
                queue.add(p);
            }
        }
        long sum = 0;
        long from = 0, to = Long.MIN_VALUE;
        while (!queue.isEmpty()) {
            Pieces p = queue.poll();
            if (p.start > to) {
                sum += to > from ? to - from : 0;
                from = p.start;
                to = p.end;
            } else {
                to = Math.max(to, p.end);
            }
            if (p.next()) {
                queue.add(p);
            }
        }
        return sum + (to > from ? to - from : 0);
    }

    /** One thread's calls cut by its intervals off, a piece at a time. */
    private static final class Pieces {
        private final CallIntervals.Cursor calls;
        private final long[] off;
        private int j;
        private long callStart, callEnd;
        private boolean inCall;
        long start, end;

        Pieces(Thread t) {
            this.calls = t.calls().cursor();
            this.off = t.off();
        }

        /** Moves to the thread's next recorded piece of a call ({@link #start}, {@link #end}); false at the end. */
        boolean next() {
            while (true) {
                if (!inCall) {
                    if (!calls.next()) {
                        return false;
                    }
                    callStart = calls.start;
                    callEnd = calls.end;
                    inCall = callEnd > callStart;
                    continue;
                }
                while (j + 1 < off.length && off[j + 1] <= callStart) {
                    j += 2;
                }
                if (j + 1 < off.length && off[j] < callEnd) {
                    if (off[j] > callStart) {
                        start = callStart;
                        end = off[j];
                        callStart = Math.min(callEnd, off[j + 1]);
                        inCall = callEnd > callStart;
                        return true;
                    }
                    callStart = Math.min(callEnd, off[j + 1]);
                    inCall = callEnd > callStart;
                    continue;
                }
                start = callStart;
                end = callEnd;
                inCall = false;
                return true;
            }
        }
    }
}
