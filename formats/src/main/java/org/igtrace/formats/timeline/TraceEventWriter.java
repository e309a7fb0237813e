package org.igtrace.formats.timeline;

import java.io.IOException;
import org.igtrace.core.timeline.CallSink;

/**
 * Where a trace-event export writes the run: its processes first, then (once the clock offsets are
 * known, as a {@link CallSink}) its threads, the messages as flows, and each thread's region calls in time order, enters
 * and leaves as they came. Times are raw ticks plus the process's clock offset. Implementations:
 * {@link PerfettoTraceWriter} (Perfetto's protobuf trace), {@link ChromeJsonWriter} (Chrome's
 * trace-event JSON).
 */
public interface TraceEventWriter extends CallSink {
    /** A process of the run: its rank and name (null: none). */
    record Process(int rank, String name) {
    }

    /** Closes the output; returns the number of calls written. */
    long finish() throws IOException;
}
