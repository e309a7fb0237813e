package org.igtrace.core.pipeline;

import java.util.List;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * A trace as a reader offers it: its definitions, and one read of every location's events into a
 * {@link LocationSink} (locations in parallel, each in its own time order, each closed with
 * {@link org.igtrace.core.trace.LocationEvents#end()}).
 *
 * @param <E> what reading can fail with
 */
public interface TraceSource<E extends Exception> {
    TraceDefinitions definitions();

    /** Reads the events of every location into {@code sink}. */
    void read(LocationSink sink) throws E;

    /** What the reader noticed about the events it read (after {@link #read}). */
    List<String> notes();
}
