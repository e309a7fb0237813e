package org.igtrace.reader;

import java.util.List;
import org.igtrace.core.pipeline.TraceSource;
import org.igtrace.core.trace.LocationSink;

/**
 * A trace whose read splits into parts that can be read on their own, by other threads or other
 * processes (Spark executors open the trace themselves and read their parts): OTF2 locations, OTF
 * event files. Every part keeps the location order a whole read gives it, so the results of the
 * parts add up to those of {@link #read}.
 */
public interface PartitionedSource extends TraceSource<TraceReadException> {
    /** How many parts the events are in. */
    int parts();

    /** The work part {@code part} announces, for balancing: events (OTF2) or bytes of its file (OTF). */
    long announced(int part);

    /**
     * Reads the given parts into {@code sink} on the calling thread.
     *
     * @return counts of what the reader noticed, to be added up over all parts and handed to {@link #notes(long[])}
     */
    long[] readParts(LocationSink sink, int[] parts) throws TraceReadException;

    /** The notes of the trace when the parts' counts added up to {@code counts}. */
    List<String> notes(long[] counts);
}
