package org.igtrace.reader.otf2;

import java.nio.file.Path;
import java.util.Map;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

/**
 * Reads an OTF2 archive through libotf2 into a {@link TraceProfile}: global definitions first,
 * then each CPU-thread location's local definitions and events, accumulated as they are read so
 * that memory does not grow with the number of events.
 */
public final class Otf2TraceReader {
    private Otf2TraceReader() {
    }

    /**
     * @param anchor           the archive's anchor file
     * @param modelCollectives whether collectives add modelled traffic ({@code --collectives})
     */
    public static TraceProfile read(Path anchor, boolean modelCollectives) throws TraceReadException {
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            Otf2Definitions collected = new Otf2Definitions();
            archive.readGlobalDefinitions(collected);
            TraceDefinitions definitions = collected.resolve();
            TraceAccumulator accumulator = new TraceAccumulator(definitions, modelCollectives);
            Map<Long, Integer> locations = collected.locationProcesses();
            long[] ids = locations.keySet().stream().mapToLong(Long::longValue).toArray();
            archive.readEvents(ids, location -> {
                int process = locations.get(location);
                return new Otf2LocationTranslator(collected, process, accumulator.location(process));
            });
            return accumulator.profile();
        } catch (Otf2Exception e) {
            throw new TraceReadException(anchor + ": " + e.getMessage());
        }
    }
}
