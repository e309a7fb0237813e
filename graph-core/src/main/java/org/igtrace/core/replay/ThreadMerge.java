package org.igtrace.core.replay;

import java.util.List;
import java.util.PriorityQueue;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * The stream a process of several threads replays (definitions section 9): its replayed thread's events, and the MPI
 * calls of its other threads (their enters and leaves and the message and collective events inside them) in time order
 * among them, so that threads that take turns calling MPI (MPI_THREAD_SERIALIZED, an {@code omp single} moving the
 * calls) replay as one thread that makes every call. Threads in MPI at the same time (MPI_THREAD_MULTIPLE) cannot be
 * one thread's calls: {@link #overlaps} tells them, and the process then replays its one thread alone.
 */
final class ThreadMerge {
    private final TraceDefinitions definitions;
    private final List<ThreadEvents> threads;

    /**
     * @param definitions the trace's definitions (which regions are MPI calls)
     * @param threads     the process's threads, the replayed one first
     */
    ThreadMerge(TraceDefinitions definitions, List<ThreadEvents> threads) {
        this.definitions = definitions;
        this.threads = threads;
    }

    /** Whether the threads' outermost MPI calls overlap in time (one thread enters a call while another is in one). */
    boolean overlaps() {
        return !run(null);
    }

    /**
     * Hands the merged events to {@code to}; to an {@link OtherThreadCalls}, the other threads' outermost calls as
     * {@link OtherThreadCalls#otherThreadCall} (their events inside left out).
     */
    void feed(LocationEvents to) {
        run(to);
    }

    /** One pass over the merged events, fed to {@code to} when not null; false when calls of two threads overlap. */
    private boolean run(LocationEvents to) {
        PriorityQueue<Head> queue = new PriorityQueue<>((a, b) -> {
            int c = Long.compare(a.cursor.time, b.cursor.time);
            if (c != 0) {
                return c;
            }
            c = Boolean.compare(a.cursor.type == ThreadEvents.ENTER, b.cursor.type == ThreadEvents.ENTER); // leaves first
            return c != 0 ? c : Integer.compare(a.index, b.index);
        });
        for (int i = 0; i < threads.size(); i++) {
            Head h = new Head(i, threads.get(i).cursor());
            if (h.cursor.next()) {
                queue.add(h);
            }
        }
        int owner = -1;
        while (!queue.isEmpty()) {
            Head h = queue.poll();
            ThreadEvents.Cursor c = h.cursor;
            boolean kept = h.index == 0;
            if (c.type == ThreadEvents.ENTER || c.type == ThreadEvents.LEAVE) {
                boolean enter = c.type == ThreadEvents.ENTER;
                int region = c.region();
                if (definitions.regionKind(region) == RegionKind.ENVIRONMENT) {
                    h.environment = Math.max(0, h.environment + (enter ? 1 : -1));
                } else if (h.environment == 0 && definitions.isMpiCall(region)) {
                    kept = true;
                    if (enter && h.mpi++ == 0) {
                        if (owner >= 0 && owner != h.index) {
                            return false;
                        }
                        owner = h.index;
                    } else if (!enter && h.mpi > 0 && --h.mpi == 0) {
                        owner = -1;
                    }
                }
            } else if (h.mpi > 0 && insideCall(c.type) || h.environment == 0 && leftOut(c.type)) {
                kept = true;
            }
            if (kept && to != null) {
                if (h.index == 0 || !(to instanceof OtherThreadCalls other)) {
                    c.feed(to);
                } else if ((c.type == ThreadEvents.ENTER && h.mpi == 1 || c.type == ThreadEvents.LEAVE && h.mpi == 0)
                        && definitions.isMpiCall(c.region())) {
                    other.otherThreadCall(c.time, c.region(), c.type == ThreadEvents.ENTER); // outermost calls only
                }
            }
            if (c.next()) {
                queue.add(h);
            }
        }
        return true;
    }

    /** Whether an event of this type belongs to the call it lies in (a message, a collective, a request). */
    private static boolean insideCall(int type) {
        return switch (type) {
            case ThreadEvents.SEND, ThreadEvents.RECEIVE, ThreadEvents.COLLECTIVE, ThreadEvents.NB_COLLECTIVE, ThreadEvents.ISEND,
                    ThreadEvents.IRECV, ThreadEvents.ISEND_COMPLETE, ThreadEvents.IRECV_REQUEST -> true;
            default -> false;
        };
    }

    /**
     * Whether an event of this type stands for a process's message end or collective arrival that a selection left out
     * (--window, --region, --ranks): the k-th matching counts them on whichever thread they lie.
     */
    private static boolean leftOut(int type) {
        return switch (type) {
            case ThreadEvents.OUTSIDE_MESSAGE, ThreadEvents.OUTSIDE_COLLECTIVE, ThreadEvents.TO_UNSELECTED, ThreadEvents.FROM_UNSELECTED -> true;
            default -> false;
        };
    }

    /** A thread's next event and its depth in MPI and environment calls. */
    private static final class Head {
        final int index;
        final ThreadEvents.Cursor cursor;
        int mpi;
        int environment;

        Head(int index, ThreadEvents.Cursor cursor) {
            this.index = index;
            this.cursor = cursor;
        }
    }
}
