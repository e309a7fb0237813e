package org.igtrace.reader.otf1;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.TraceReadException;

/**
 * Parses chosen events files of an OTF trace with what {@link Otf1TraceReader} resolved from the
 * master file and the definitions files: a part opens its own events file and nothing else.
 *
 * @param files      the trace's file set
 * @param resolved   its definitions
 * @param eventFiles the events file of each part
 * @param streams    the master file's stream of each part (null: none lists the file)
 * @param marked     the definitions as the reader gives them (the processes whose streams were left out marked)
 */
record Otf1PartReader(Otf1FileSet files, Otf1Definitions resolved, List<String> eventFiles, List<Otf1FileSet.Stream> streams,
                      TraceDefinitions marked) implements PartReader {
    private static final long serialVersionUID = 1L;

    @Override
    public TraceDefinitions definitions() {
        return marked;
    }

    /** Parses the given events files on the calling thread; returns the counts behind the read's notes. */
    @Override
    public long[] readParts(LocationSink sink, int[] parts) throws TraceReadException {
        List<Otf1EventStream> parsed = new ArrayList<>();
        for (int part : parts) {
            Path file = Path.of(eventFiles.get(part));
            Otf1EventStream stream = new Otf1EventStream(resolved, sink, part);
            try {
                Otf1TraceReader.readEvents(file, stream, eventFiles.size()); // the same error as the command line's
            } catch (RuntimeException e) {
                throw new TraceReadException(file + ": cannot be parsed (" + e + ")");
            }
            stream.finish();
            Otf1DamageCheck.markProcessesWithoutRecords(files, file, streams.get(part), stream, resolved);
            parsed.add(stream);
        }
        return Otf1TraceReader.counts(parsed, parts, Otf1TraceReader.silentOffsets(streams));
    }
}
