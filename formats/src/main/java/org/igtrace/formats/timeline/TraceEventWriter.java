package org.igtrace.formats.timeline;

import java.io.IOException;
import java.util.List;

/**
 * Where a trace-event export writes the run: its processes first, then (once the clock offsets are
 * known) its threads, the messages as flows, and each thread's region calls in time order, enters
 * and leaves as they came. Times are raw ticks plus the process's clock offset. Implementations:
 * {@link PerfettoTraceWriter} (Perfetto's protobuf trace), {@link ChromeJsonWriter} (Chrome's
 * trace-event JSON).
 */
public interface TraceEventWriter {
    /** A process of the run: its rank and name (null: none). */
    record Process(int rank, String name) {
    }

    /** A location: its process, its place among all locations, its place in its process (0, 1, ...). */
    record Thread(int process, long order, int index) {
    }

    /** The threads that follow, in the order they are written; {@code originTicks}: the earliest corrected time. */
    void threads(List<Thread> threads, long originTicks) throws IOException;

    /** A message from {@code sender}'s thread to {@code receiver}'s, at corrected times. */
    void flow(long id, int sender, long senderThread, long sendTicks, int receiver, long receiverThread, long receiveTicks)
            throws IOException;

    /** The calls that follow are {@code thread}'s. */
    void location(Thread thread) throws IOException;

    void enter(int region, long ticks) throws IOException;

    void leave(int region, long enterTicks, long ticks) throws IOException;

    /** The thread's events are over; {@code open} calls were never left, its last event at {@code lastTicks}. */
    void endLocation(int open, long lastTicks) throws IOException;

    /** Closes the output; returns the number of calls written. */
    long finish() throws IOException;
}
