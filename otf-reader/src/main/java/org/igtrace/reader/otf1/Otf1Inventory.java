package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.trace.ProcessInfo;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.TraceInventory;
import org.igtrace.reader.TraceReadException;

/**
 * What an OTF trace holds: its definitions as {@link Otf1Definitions} resolves them, and per
 * process the event records of the stream files, counted line by line (OTF announces no counts).
 * Records are lines that start with a capital letter; a line of lower-case hexadecimal digits is a
 * time stamp, and {@code *P} switches to process P.
 */
public final class Otf1Inventory {
    private Otf1Inventory() {
    }

    public static TraceInventory read(Path master) throws TraceReadException {
        Otf1FileSet files = Otf1FileSet.open(master);
        Otf1DefinitionRecords records = new Otf1DefinitionRecords();
        List<String> missing = new ArrayList<>();
        Path global = files.globalDefinitions();
        if (global == null) {
            throw new TraceReadException(master.resolveSibling(master.getFileName().toString().replaceAll("\\.otf$", "")
                    + ".0.def[.z]") + ": missing (the trace's global definitions)");
        }
        readLines(global, records);
        records.local = true;
        for (int s = 0; s < files.streamCount(); s++) {
            Path local = files.localDefinitions(files.streamId(s));
            if (local != null && files.streamId(s) != 0) {
                readLines(local, records);
            }
        }
        Otf1Definitions definitions = new Otf1Definitions(records, global);
        EventCounter counter = new EventCounter();
        List<String> unreadable = new ArrayList<>();
        List<String> masterNotes = new ArrayList<>();
        java.util.Set<Long> uncounted = new java.util.HashSet<>();
        try {
            Otf1DamageCheck.masterAgreesWithDefinitions(files, definitions);
        } catch (TraceReadException e) { // info lists what the trace holds, and says that the analyses refuse it (it said nothing)
            masterNotes.add(e.getMessage());
        }
        int eventFiles = 0;
        for (Otf1FileSet.Stream stream : files.streams()) {
            Path events = files.events(stream.id());
            if (events == null) {
                missing.add(master.resolveSibling(files.eventsName(stream.id())).toString());
                continue;
            }
            eventFiles++;
            // each file counted on its own and added when read to its end: a damaged one (a truncated GPU
            // stream's file, which the analyses leave out anyway) is named, its processes uncounted, and
            // the rest still listed, as for OTF2
            // (read to its end is not whole: a flipped byte that zlib lets through, or a file cut at a line end, reads to its
            // end and is a shorter trace, which the analyses refuse: it is parsed as they parse it)
            EventCounter one = new EventCounter();
            try {
                readLines(events, one);
                String damage = Otf1DamageCheck.damage(events, stream, definitions, files, true, masterNotes);
                if (damage != null) {
                    throw new TraceReadException(events + ": " + damage);
                }
                counter.add(one);
            } catch (TraceReadException e) {
                unreadable.add(e.getMessage());
                for (long process : stream.processes()) {
                    uncounted.add(process);
                }
            }
        }
        TraceInventory inventory = inventory(records, definitions, counter, missing, uncounted,
                unreadable.isEmpty() ? "counted in the event files" : "counted in " + (eventFiles - unreadable.size()) + " of " + eventFiles
                        + " event files");
        if (unreadable.isEmpty() && masterNotes.isEmpty()) {
            return inventory;
        }
        List<String> notes = new ArrayList<>(inventory.notes());
        unreadable.forEach(u -> notes.add(u + ": its events are not counted"));
        masterNotes.forEach(m -> notes.add(m + ": the analyses refuse the trace"));
        return new TraceInventory(inventory.format(), inventory.producer(), inventory.processes(), inventory.locations(),
                inventory.regions(), inventory.communicators(), inventory.ticksPerSecond(), inventory.spanSeconds(),
                inventory.eventCounts(), inventory.missing(), notes);
    }

    private static TraceInventory inventory(Otf1DefinitionRecords records, Otf1Definitions definitions, EventCounter counter,
                                            List<String> missing, java.util.Set<Long> uncounted, String counted) {
        TraceDefinitions resolved = definitions.definitions();
        int[] threads = new int[resolved.processCount()];
        List<TraceInventory.Location> locations = new ArrayList<>();
        Otf1ProcessTable table = records.processes;
        for (int place = 0; place < table.size(); place++) {
            long id = table.id(place);
            int rank = definitions.isLeftOut(id) ? -1 : definitions.rank(id);
            if (rank >= 0 && rank < threads.length) {
                threads[rank]++;
            }
            String kind = definitions.isLeftOut(id) ? "left out (GPU stream or orphaned thread)"
                    : table.parent(place) == 0 ? "process" : "thread";
            locations.add(new TraceInventory.Location(Long.toHexString(id), table.name(place), rank < 0 ? -1 : rank, kind,
                    uncounted.contains(id) ? -1 : counter.records.getOrDefault(id, 0L)));
        }
        List<TraceInventory.Process> processes = new ArrayList<>();
        for (ProcessInfo p : resolved.processes()) {
            processes.add(new TraceInventory.Process(p.rank(), p.name(), p.host(), threads[p.rank()]));
        }
        Map<String, Integer> regions = new TreeMap<>();
        for (Otf1DefinitionRecords.Function f : records.functions.values()) {
            regions.merge(records.functionGroups.getOrDefault(f.group(), "no group"), 1, Integer::sum);
        }
        List<TraceInventory.Communicator> communicators = new ArrayList<>();
        java.util.Set<String> hosts = new java.util.HashSet<>();
        resolved.processes().forEach(p -> hosts.add(p.host()));
        for (Otf1DefinitionRecords.Group g : records.groups.values()) {
            // VampirTrace's groups that are not communicators: per host, "All", and the GPU groups
            boolean notCommunicator = hosts.contains(g.name()) || "All".equals(g.name()) || g.name().startsWith("GPU_");
            if (definitions.communicator(g.id()) >= 0 && !notCommunicator) {
                communicators.add(new TraceInventory.Communicator(g.name(), g.members().length));
            }
        }
        double tick = resolved.ticksPerSecond();
        double span = counter.first <= counter.last ? (counter.last - counter.first) / tick : -1;
        String producer = records.creators.isEmpty() ? null : String.join(", ", records.creators);
        return new TraceInventory("OTF", producer, processes, locations, regions, communicators, tick, span,
                counted, missing, resolved.notes());
    }

    /**
     * Counts event records per process (every record but the key-value lists VampirTrace writes in
     * front of the record they belong to, as otfprint counts them) and keeps the first and last time stamp.
     */
    private static final class EventCounter implements LineSource.LineConsumer {
        final Map<Long, Long> records = new HashMap<>();
        long process = -1;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        /** Adds what {@code other} counted (another file). */
        void add(EventCounter other) {
            other.records.forEach((process, n) -> records.merge(process, n, Long::sum));
            first = Math.min(first, other.first);
            last = Math.max(last, other.last);
        }

        @Override
        public boolean line(byte[] buf, int start, int end) {
            if (start >= end) {
                return true;
            }
            byte c = buf[start];
            if (c == '*') {
                process = hex(buf, start + 1, end);
            } else if (c == 'K') {
                return true; // a key-value list (K, KEY), part of the record after it: not an event of its own
            } else if (c >= 'A' && c <= 'Z') {
                records.merge(process, 1L, Long::sum);
            } else {
                long time = hex(buf, start, end);
                if (time >= 0) {
                    first = Math.min(first, time);
                    last = Math.max(last, time);
                }
            }
            return true;
        }

        /** The line as a hexadecimal number, or -1 when it is not one; blanks after it (a CRLF line's CR) are no part of it. */
        private static long hex(byte[] buf, int start, int end) {
            while (end > start && (buf[end - 1] == '\r' || buf[end - 1] == ' ' || buf[end - 1] == '\t')) {
                end--;
            }
            long v = 0;
            for (int i = start; i < end; i++) {
                int d = Character.digit(buf[i], 16);
                if (d < 0 || i - start >= 16) {
                    return -1;
                }
                v = v * 16 + d;
            }
            return start < end ? v : -1;
        }
    }

    private static void readLines(Path file, LineSource.LineConsumer consumer) throws TraceReadException {
        try (InputStream in = Otf1FileSet.openData(file)) {
            LineSource.forEachLine(in, consumer);
        } catch (IOException e) {
            throw new TraceReadException(file + ": " + org.igtrace.reader.IoReason.of(e));
        }
    }
}
