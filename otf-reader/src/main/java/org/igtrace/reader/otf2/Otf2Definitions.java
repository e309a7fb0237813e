package org.igtrace.reader.otf2;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.OmpRole;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;

/**
 * Collects an OTF2 archive's global definitions, then resolves them (definitions section 2): processes
 * and their world ranks, which locations belong to which process, dense region and communicator
 * numbers, and the communicator-rank to world-rank translation.
 * <p>
 * Real traces break the format's rules: EZTrace 2.0 writes a COMM_LOCATIONS and a COMM_GROUP
 * group with the same id, so groups are kept apart by type; a repeated id of the same kind keeps
 * its first definition and is counted in a note.
 */
final class Otf2Definitions implements GlobalDefinitionVisitor {
    private record Node(String name, int parent) { }

    private record LocationGroup(int name, LocationGroupKind kind, int node) { }

    private record Location(int name, LocationKind kind, int group, long events) { }

    private record Region(int name, boolean mpi, OmpRole omp) { }

    private final Map<Integer, String> strings = new HashMap<>();
    private final Map<Integer, Node> nodes = new HashMap<>();
    private final Map<Integer, LocationGroup> locationGroups = new TreeMap<>();
    private final Map<Long, Location> locations = new LinkedHashMap<>();
    private final Map<Integer, Region> regions = new LinkedHashMap<>();
    private final Map<Integer, long[]> commGroups = new HashMap<>();
    private final Set<Integer> selfGroups = new HashSet<>();
    private final Map<Integer, Integer> communicators = new LinkedHashMap<>();
    /** OTF2 calling context id -> OTF2 region id. */
    private final Map<Integer, Integer> callingContexts = new HashMap<>();
    private long[] mpiCommLocations;
    private long ticksPerSecond = 1;
    private long globalOffset;
    private long duplicates;

    // Resolved
    private TraceDefinitions definitions;
    private final Map<Long, Integer> locationProcess = new LinkedHashMap<>();
    private final Otf2IdMaps ids = new Otf2IdMaps();

    @Override
    public void clockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
        this.ticksPerSecond = ticksPerSecond;
        this.globalOffset = globalOffset;
    }

    @Override
    public void string(int id, String value) {
        if (strings.putIfAbsent(id, value) != null) {
            duplicates++;
        }
    }

    @Override
    public void systemTreeNode(int id, int name, int className, int parent) {
        if (nodes.putIfAbsent(id, new Node(stringOrNull(name), parent)) != null) {
            duplicates++;
        }
    }

    @Override
    public void locationGroup(int id, int name, LocationGroupKind kind, int systemTreeParent) {
        if (locationGroups.putIfAbsent(id, new LocationGroup(name, kind, systemTreeParent)) != null) {
            duplicates++;
        }
    }

    @Override
    public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
        if (locations.putIfAbsent(id, new Location(name, kind, locationGroup, numberOfEvents)) != null) {
            duplicates++;
        }
    }

    @Override
    public void region(int id, int name, boolean mpiParadigm) {
        if (regions.putIfAbsent(id, new Region(name, mpiParadigm, OmpRole.NONE)) != null) {
            duplicates++;
        }
    }

    @Override
    public void regionOfParadigm(int id, int name, int role, int paradigm) {
        if (regions.putIfAbsent(id, new Region(name, paradigm == PARADIGM_MPI, OmpRole.ofOtf2(paradigm, role))) != null) {
            duplicates++;
        }
    }

    @Override
    public void callingContext(int id, int region, int parent) {
        if (callingContexts.putIfAbsent(id, region) != null) {
            duplicates++;
        }
    }

    @Override
    public void group(int id, int name, GroupKind kind, boolean mpiParadigm, long[] members) {
        switch (kind) {
            case COMM_LOCATIONS -> {
                if (mpiParadigm && mpiCommLocations == null) {
                    mpiCommLocations = members;
                }
            }
            case COMM_GROUP -> {
                if (commGroups.putIfAbsent(id, members) != null) {
                    duplicates++;
                }
            }
            case COMM_SELF -> selfGroups.add(id);
            default -> {
            }
        }
    }

    @Override
    public void communicator(int id, int name, int group, int parent) {
        if (communicators.putIfAbsent(id, group) != null) {
            duplicates++;
        }
    }

    private String stringOrNull(int id) {
        return strings.get(id);
    }

    /** Resolves everything collected; call once, after the global definitions are read. */
    TraceDefinitions resolve() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(ticksPerSecond).startTicks(globalOffset);
        long[] worldLocations = mpiCommLocations == null ? new long[0] : mpiCommLocations;
        Map<Integer, Integer> groupRank = numberProcesses(worldLocations, b);
        assignLocations(groupRank, b);
        for (Map.Entry<Integer, Region> r : regions.entrySet()) {
            ids.addRegion(r.getKey(), b.addRegion(strings.get(r.getValue().name()), r.getValue().mpi(), r.getValue().omp()));
        }
        callingContexts.forEach(ids::addCallingContext);
        resolveCommunicators(worldLocations, groupRank, b);
        ids.seal();
        if (duplicates > 0) {
            b.note(duplicates + " definitions repeat an id already defined: the first definition kept");
        }
        if (mpiCommLocations == null && !locationGroups.isEmpty()) {
            b.note("no MPI location group in the definitions: processes numbered in location-group order");
        }
        definitions = b.build();
        return definitions;
    }

    /**
     * Numbers the processes (definitions section 2): the location groups of MPI_COMM_WORLD's locations in
     * their order, then the other PROCESS groups in id order. A PROCESS group without a CPU-thread
     * location (lo2s's "Metric Location Group") is not a process; it is counted in a note.
     */
    private Map<Integer, Integer> numberProcesses(long[] worldLocations, TraceDefinitions.Builder b) {
        Map<Integer, Integer> groupRank = new HashMap<>();
        List<Integer> rankGroups = new ArrayList<>();
        for (long location : worldLocations) {
            Location l = locations.get(location);
            if (l != null && groupRank.putIfAbsent(l.group(), rankGroups.size()) == null) {
                rankGroups.add(l.group());
            }
        }
        Set<Integer> withThreads = new HashSet<>();
        locations.values().stream().filter(l -> l.kind() == LocationKind.CPU_THREAD).forEach(l -> withThreads.add(l.group()));
        List<String> threadless = new ArrayList<>();
        for (Map.Entry<Integer, LocationGroup> g : locationGroups.entrySet()) {
            if (g.getValue().kind() != LocationGroupKind.PROCESS || groupRank.containsKey(g.getKey())) {
                continue;
            }
            if (withThreads.contains(g.getKey())) {
                groupRank.put(g.getKey(), rankGroups.size());
                rankGroups.add(g.getKey());
            } else {
                threadless.add("\"" + strings.getOrDefault(g.getValue().name(), "group " + g.getKey()) + "\"");
            }
        }
        for (int group : rankGroups) {
            LocationGroup g = locationGroups.get(group);
            String name = g == null ? "process " + group : strings.getOrDefault(g.name(), "process " + group);
            b.addProcess(name, g == null ? null : hostOf(g.node()));
        }
        if (!threadless.isEmpty()) {
            b.note(threadless.size() + (threadless.size() == 1 ? " location group" : " location groups")
                    + " without a CPU thread left out, not a process (" + String.join(", ", threadless) + ")");
        }
        return groupRank;
    }

    /**
     * Maps each CPU-thread location of a process to the process's rank; counts the others in a note
     * per reason: not a CPU thread (GPU streams, metric locations), a CPU thread whose location group
     * is not defined (libotf2's own test archives), or one whose location group is not a process.
     */
    private void assignLocations(Map<Integer, Integer> groupRank, TraceDefinitions.Builder b) {
        long notThreads = 0;
        List<String> noGroup = new ArrayList<>(), notProcess = new ArrayList<>();
        for (Map.Entry<Long, Location> e : locations.entrySet()) {
            Location l = e.getValue();
            Integer rank = groupRank.get(l.group());
            if (rank != null && l.kind() == LocationKind.CPU_THREAD) {
                locationProcess.put(e.getKey(), rank);
            } else if (l.kind() != LocationKind.CPU_THREAD) {
                notThreads++;
            } else if (!locationGroups.containsKey(l.group())) {
                noGroup.add(locationName(e.getKey(), l));
            } else {
                notProcess.add(locationName(e.getKey(), l));
            }
        }
        if (notThreads > 0) {
            b.note(Diagnostic.count(notThreads, "location that is not a CPU thread", "locations that are not CPU threads")
                    + " of a process (GPU streams, metric locations) ignored");
        }
        if (!noGroup.isEmpty()) {
            b.note(threads(noGroup) + " in no process ignored: their location group is not defined (" + named(noGroup) + ")");
        }
        if (!notProcess.isEmpty()) {
            b.note(threads(notProcess) + " ignored: their location group is not a process (" + named(notProcess) + ")");
        }
    }

    private String locationName(long id, Location l) {
        String name = strings.get(l.name());
        return name == null ? "location " + id : "\"" + name + "\"";
    }

    private static String threads(List<String> names) {
        return names.size() == 1 ? "1 CPU thread" : names.size() + " CPU threads";
    }

    private static String named(List<String> names) {
        return names.size() <= 3 ? String.join(", ", names) : String.join(", ", names.subList(0, 3)) + ", ...";
    }

    /** Dense communicator numbers, each with the world ranks of its members (null for COMM_SELF). */
    private void resolveCommunicators(long[] worldLocations, Map<Integer, Integer> groupRank, TraceDefinitions.Builder b) {
        for (Map.Entry<Integer, Integer> c : communicators.entrySet()) {
            int group = c.getValue();
            int[] ranks;
            boolean self = selfGroups.contains(group) && !commGroups.containsKey(group);
            if (self) {
                ranks = new int[0];
            } else {
                long[] members = commGroups.getOrDefault(group, new long[0]);
                ranks = new int[members.length];
                for (int i = 0; i < members.length; i++) {
                    ranks[i] = worldRankOfMember(members[i], worldLocations, groupRank);
                }
            }
            ids.addCommunicator(c.getKey(), b.addCommunicator(ranks), self ? null : ranks);
        }
    }

    private int worldRankOfMember(long member, long[] worldLocations, Map<Integer, Integer> groupRank) {
        if (member < 0 || member >= worldLocations.length) {
            return -1;
        }
        Location l = locations.get(worldLocations[(int) member]);
        Integer rank = l == null ? null : groupRank.get(l.group());
        return rank == null ? -1 : rank;
    }

    private String hostOf(int node) {
        Node n = nodes.get(node);
        return n == null ? null : n.name();
    }

    /** A location's name as the trace defines it, or null. */
    String locationName(long location) {
        Location l = locations.get(location);
        return l == null ? null : strings.get(l.name());
    }

    /** The number of events the definitions announce for a location (0 when unknown). */
    long locationEvents(long location) {
        Location l = locations.get(location);
        return l == null ? 0 : Math.max(0, l.events());
    }

    /** The CPU-thread locations to read, each with the world rank of its process. */
    Map<Long, Integer> locationProcesses() {
        return locationProcess;
    }

    /** The id translation tables (after {@link #resolve()}). */
    Otf2IdMaps ids() {
        return ids;
    }
}
