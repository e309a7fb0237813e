package org.igtrace.reader.otf2;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.PartReader;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TraceReadException;

/**
 * Reads chosen locations of an OTF2 archive with what {@link Otf2TraceReader} resolved from the
 * global definitions (the definitions, the id tables, each part's location and process). libotf2
 * reads a location's local definitions and events without the global definitions (the reader
 * selects the location, opens its files, applies its mapping tables and clock offsets; the shim's
 * calling-context callbacks keep libotf2 from converting calling contexts, the one step that
 * needs global definitions read by the same reader), so a part opens the anchor file and its own
 * location's two files, nothing else. {@code names}: each part's location's name (null: none), for a refusal.
 */
record Otf2PartReader(String anchor, TraceDefinitions definitions, Otf2IdMaps ids, long[] locations, int[] processes, String[] names)
        implements PartReader {
    private static final long serialVersionUID = 1L;

    @Override
    public long[] readParts(LocationSink sink, int[] parts) throws TraceReadException {
        long[] share = new long[parts.length];
        Map<Long, Integer> partOf = new HashMap<>();
        for (int i = 0; i < parts.length; i++) {
            share[i] = locations[parts[i]];
            partOf.put(share[i], parts[i]);
        }
        long[] counts = ReaderCounts.of(locations.length); // the counts behind Otf2TraceReader#notes(long[])
        Otf2TraceReader.readShare(Path.of(anchor), share, location -> {
            int part = partOf.get(location);
            int process = processes[part];
            return new Otf2LocationTranslator(ids, definitions, process, sink.location(process, part), counts, part);
        }, location -> names[partOf.get(location)], ReadProgress.NONE);
        int n = counts.length;
        while (n > 0 && counts[n - 1] == 0) {
            n--;
        }
        return java.util.Arrays.copyOf(counts, n); // none: no count at all, as before the count was kept
    }
}
