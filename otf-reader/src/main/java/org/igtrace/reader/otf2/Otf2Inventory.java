package org.igtrace.reader.otf2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.igtrace.core.trace.ProcessInfo;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.TraceInventory;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

/**
 * What an OTF2 archive holds, from its anchor and global definitions alone (no event is read):
 * the definitions go both to {@link Otf2Definitions}, which resolves processes and ranks as the
 * reader does, and to this class, which keeps what the reader does not need.
 */
public final class Otf2Inventory implements GlobalDefinitionVisitor {
    private record Location(long id, int name, LocationKind kind, long events) {
    }

    private record Group(GroupKind kind, int size) {
    }

    private final Otf2Definitions definitions = new Otf2Definitions();
    private final Map<Integer, String> strings = new HashMap<>();
    private final List<Location> locations = new ArrayList<>();
    private final Map<String, Integer> regions = new TreeMap<>();
    private final Map<Integer, Group> groups = new HashMap<>();
    private final Map<Integer, int[]> communicators = new LinkedHashMap<>();
    private long ticksPerSecond = 1;
    private long traceLength = -1;

    private Otf2Inventory() {
    }

    public static TraceInventory read(Path anchor) throws TraceReadException {
        Otf2Inventory inventory = new Otf2Inventory();
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(inventory);
        } catch (Otf2Exception e) {
            throw new TraceReadException(anchor + ": " + e.getMessage());
        }
        return inventory.inventory(anchor, Otf2AnchorProperties.read(anchor));
    }

    private TraceInventory inventory(Path anchor, Otf2AnchorProperties.Properties anchorProperties) {
        TraceDefinitions resolved = definitions.resolve();
        Map<Long, Integer> locationProcess = definitions.locationProcesses();
        int[] threads = new int[resolved.processCount()];
        locationProcess.values().forEach(rank -> threads[rank]++);
        List<TraceInventory.Process> processes = new ArrayList<>();
        for (ProcessInfo p : resolved.processes()) {
            processes.add(new TraceInventory.Process(p.rank(), p.name(), p.host(), threads[p.rank()]));
        }
        List<TraceInventory.Location> listed = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        Path dir = eventDirectory(anchor);
        for (Location l : locations) {
            Integer rank = locationProcess.get(l.id());
            listed.add(new TraceInventory.Location(Long.toString(l.id()), strings.get(l.name()), rank == null ? -1 : rank,
                    kindName(l.kind()), l.events()));
            Path evt = dir.resolve(l.id() + ".evt");
            if (rank != null && Files.isDirectory(dir) && !Files.isRegularFile(evt)) {
                missing.add(evt.toString());
            }
        }
        if (!Files.isDirectory(dir)) {
            missing.add(dir + "/ (the directory of event files)");
        }
        List<TraceInventory.Communicator> comms = new ArrayList<>();
        for (Map.Entry<Integer, int[]> c : communicators.entrySet()) {
            Group g = groups.get(c.getValue()[0]);
            comms.add(new TraceInventory.Communicator(strings.getOrDefault(c.getValue()[1], "communicator " + c.getKey()),
                    g == null ? 0 : g.kind() == GroupKind.COMM_SELF ? 1 : g.size()));
        }
        String format = "OTF2" + (anchorProperties.version() == null ? "" : " " + anchorProperties.version());
        double span = traceLength < 0 ? -1 : (double) traceLength / ticksPerSecond;
        return new TraceInventory(format, anchorProperties.creator(), processes, listed, regions, comms, ticksPerSecond, span,
                "announced by the definitions", missing, resolved.notes());
    }

    private static Path eventDirectory(Path anchor) {
        String name = anchor.getFileName().toString();
        return anchor.resolveSibling(name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name);
    }

    private static String kindName(LocationKind kind) {
        return switch (kind) {
            case CPU_THREAD -> "CPU thread";
            case ACCELERATOR_STREAM -> "accelerator stream";
            case METRIC -> "metric";
            case OTHER -> "other";
        };
    }

    @Override
    public void clockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
        definitions.clockProperties(ticksPerSecond, globalOffset, traceLength);
        this.ticksPerSecond = Math.max(1, ticksPerSecond);
        this.traceLength = traceLength;
    }

    @Override
    public void string(int id, String value) {
        definitions.string(id, value);
        strings.putIfAbsent(id, value);
    }

    @Override
    public void systemTreeNode(int id, int name, int className, int parent) {
        definitions.systemTreeNode(id, name, className, parent);
    }

    @Override
    public void locationGroup(int id, int name, LocationGroupKind kind, int systemTreeParent) {
        definitions.locationGroup(id, name, kind, systemTreeParent);
    }

    @Override
    public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
        definitions.location(id, name, kind, numberOfEvents, locationGroup);
        locations.add(new Location(id, name, kind, numberOfEvents));
    }

    @Override
    public void region(int id, int name, boolean mpiParadigm) {
        definitions.region(id, name, mpiParadigm);
        // MPI as igtrace reads it (definitions section 3): the MPI paradigm, or a name starting MPI_ (EZTrace marks MPI calls USER)
        boolean mpi = RegionKind.classify(strings.get(name), mpiParadigm) != RegionKind.OTHER;
        regions.merge(mpi ? "MPI" : "other", 1, Integer::sum);
    }

    @Override
    public void group(int id, int name, GroupKind kind, boolean mpiParadigm, long[] members) {
        definitions.group(id, name, kind, mpiParadigm, members);
        if (kind == GroupKind.COMM_GROUP || kind == GroupKind.COMM_SELF) {
            groups.putIfAbsent(id, new Group(kind, members.length));
        }
    }

    @Override
    public void communicator(int id, int name, int group, int parent) {
        definitions.communicator(id, name, group, parent);
        communicators.putIfAbsent(id, new int[] {group, name});
    }
}
