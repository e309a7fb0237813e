package org.igtrace.core.timeline;

import java.io.IOException;
import java.util.List;

/**
 * Where the calls and messages kept by {@link CallCapture} go once the clock offsets are known: the
 * threads, the messages as flows, and each thread's region calls in time order, enters and leaves
 * as they came. Times are raw ticks plus the process's clock offset. The trace-event writers of
 * {@code formats} (Perfetto's protobuf trace, Chrome's JSON) are such sinks.
 */
public interface CallSink {
    /**
     * A location: its process, its place among all locations, its place in its process (0, 1, ...).
     *
     * @param process the process (rank)
     * @param order the location's place among all locations
     * @param index its place in its process
     * @param name  the name the trace gives it when its process has several threads ("OMP thread 3"), else null:
     *              untrusted text
     */
    record Thread(int process, long order, int index, String name) {
        /** A thread the trace names none. */
        public Thread(int process, long order, int index) {
            this(process, order, index, null);
        }

        /** @return its name in a viewer: the trace's, else "thread" and its place in its process ("thread 0") */
        public String label() {
            return name != null ? name : "thread " + index;
        }
    }

    /**
     * @param threads the threads that follow, in the order they are written
     * @param originTicks the earliest corrected time
     * @throws IOException when the output fails
     */
    void threads(List<Thread> threads, long originTicks) throws IOException;

    /**
     * A message from {@code sender}'s thread to {@code receiver}'s, at corrected times.
     *
     * @throws IOException when the output fails
     */
    void flow(long id, int sender, long senderThread, long sendTicks, int receiver, long receiverThread, long receiveTicks)
            throws IOException;

    /**
     * @param thread the thread whose calls follow
     * @throws IOException when the output fails
     */
    void location(Thread thread) throws IOException;

    /** @throws IOException when the output fails */
    void enter(int region, long ticks) throws IOException;

    /** @throws IOException when the output fails */
    void leave(int region, long enterTicks, long ticks) throws IOException;

    /**
     * The thread's events are over.
     *
     * @param open calls that were never left
     * @param lastTicks its last event's time
     * @throws IOException when the output fails
     */
    void endLocation(int open, long lastTicks) throws IOException;
}
