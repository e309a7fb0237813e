package org.igtrace.reader;

import java.util.List;
import org.igtrace.core.pipeline.TraceSource;

/**
 * A trace whose read splits into parts that can be read on their own, by other threads or other
 * processes (Spark executors read their parts through the {@link PartReader} the driver made):
 * OTF2 locations, OTF event files. Every part keeps the location order a whole read gives it, so the results of the
 * parts add up to those of {@link #read}.
 */
public interface PartitionedSource extends TraceSource<TraceReadException> {
    /** How many parts the events are in. */
    int parts();

    /** The work part {@code part} announces, for balancing: events (OTF2) or bytes of its file (OTF). */
    long announced(int part);

    /** What reading parts of this trace elsewhere needs (serialisable; see {@link PartReader}). */
    PartReader partReader();

    /**
     * The notes of the trace when the parts' counts added up to {@code counts}.
     *
     * @param counts the parts' counts added up
     * @return the notes
     * @throws TraceReadException when the counts show the parts cannot be analysed together (OTF2 locations whose times
     *                            lie on both sides of 2^63 ticks)
     */
    List<String> notes(long[] counts) throws TraceReadException;
}
