package org.igtrace.reader;

import java.io.Serializable;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * Reads chosen parts of a trace (OTF2 locations, OTF event files) in another process: made by the
 * {@link PartitionedSource} that opened the trace and read its definitions, and handed over
 * serialised (Spark broadcasts it to the executors). It carries the resolved definitions and id
 * tables, so a part is read from its own files alone: the trace's global definitions and the
 * other parts' files are not opened again.
 */
public interface PartReader extends Serializable {
    /** The trace's definitions, as the process that opened it resolved them. */
    TraceDefinitions definitions();

    /**
     * Reads the given parts into {@code sink} on the calling thread, each with the location order
     * a whole read gives it.
     *
     * @return counts of what the reader noticed, to be added up over all parts and handed to
     *         {@link PartitionedSource#notes(long[])}
     */
    long[] readParts(LocationSink sink, int[] parts) throws TraceReadException;
}
