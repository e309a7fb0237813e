package org.igtrace.reader.otf2;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.OmpRole;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;

/**
 * Collects an OTF2 archive's global definitions, then resolves them (definitions section 2): processes
 * and their world ranks, which locations belong to which process, dense region and communicator
 * numbers, and the communicator-rank to world-rank translation.
 * <p>
 * Real traces break the format's rules: EZTrace 2.0 writes a COMM_LOCATIONS and a COMM_GROUP
 * group with the same id, so groups are kept apart by type; a repeated id of the same kind keeps
 * its first definition and is counted in a note.
 * <p>
 * An archive declares a location group and a location (and their names) per process: those are
 * kept in primitive arrays by the order of their definition ({@link Otf2Records}), about 46 bytes
 * per declared location with its name and its world rank when the ids are 0, 1, 2, ... (12 more a
 * location and a group when not), not the 480 of boxed maps (10^7 declared locations took 4.8 GB
 * before the first missing file could be named, issue 41 item 6).
 */
final class Otf2Definitions implements GlobalDefinitionVisitor {
    private record Node(String name, int parent) { }

    private record Region(int name, boolean mpi, OmpRole omp) { }

    private final Otf2Records.Strings strings = new Otf2Records.Strings();
    private final Map<Integer, Node> nodes = new HashMap<>();
    private final Otf2Records.LocationGroups locationGroups = new Otf2Records.LocationGroups();
    private final Otf2Records.Locations locations = new Otf2Records.Locations();
    private final Map<Integer, Region> regions = new LinkedHashMap<>();
    private final Map<Integer, Otf2Records.IdList> commGroups = new HashMap<>();
    private final Set<Integer> selfGroups = new HashSet<>();
    private final Map<Integer, Integer> communicators = new LinkedHashMap<>();
    /** Inter-communicators: their two groups (OTF2 3.0's InterComm; a message names a rank of the other group). */
    private final Map<Integer, int[]> interCommunicators = new LinkedHashMap<>();
    /** OTF2 calling context id -> OTF2 region id. */
    private final Map<Integer, Integer> callingContexts = new HashMap<>();
    private Otf2Records.IdList mpiCommLocations;
    /** The timer resolution as OTF2 gives it: an unsigned 64-bit number ({@link #requireUsableClock}). */
    private long ticksPerSecond;
    private boolean clockGiven;
    private long globalOffset;
    private long duplicates;
    /** Stops the read at the first location to read whose event file is missing (null: read all). */
    private FirstMissingEventFile watch;

    // Numbered ({@link #number()}): the world locations, each location group's rank, the group of each rank
    private Otf2Records.IdList worldLocations;
    /** Each location group's rank by its slot, -1: none (4 bytes a group, not a map entry's 13 to 27). */
    private Otf2Records.IdentityInts rankBySlot;
    /** The ranks of location groups that locations name and the definitions do not define. */
    private final LongIntMap undefinedGroupRank = new LongIntMap();
    private Otf2Records.IdentityInts rankGroups;
    private int ranks;
    private final List<String> numberingNotes = new ArrayList<>();
    /** The processes kept: those below this rank ({@link #resolve(int[], java.util.BitSet)}). */
    private int limit = Integer.MAX_VALUE;
    /** Or, when not 0..n-1, the world ranks kept, ascending; process i is keptRanks[i]. Null: those below the limit. */
    private int[] keptRanks;

    // Resolved
    private TraceDefinitions definitions;
    private final Otf2IdMaps ids = new Otf2IdMaps();

    /** Whether Score-P wrote the archive: its clock properties give the time range of every event (others' may not). */
    private boolean scoreP;

    @Override
    public void creator(String creator) {
        scoreP = creator.startsWith("Score-P");
    }

    @Override
    public void clockProperties(long ticksPerSecond, long globalOffset, long traceLength) {
        this.ticksPerSecond = ticksPerSecond;
        this.globalOffset = globalOffset;
        this.clockGiven = true;
        // Score-P's trace length spans every event (the 14 Score-P traces here, to the tick); EZTrace 2.0 writes half of
        // its run's span: its range would refuse good traces
        ids.timeRange(globalOffset, scoreP ? traceLength : 0);
        ids.ticksPerSecond(ticksPerSecond);
    }

    /**
     * Refuses definitions whose clock gives no time in seconds (every output says seconds): no ClockProperties record, or a
     * timer resolution of 0 (otf2-print warns of it); a resolution of 2^63 or more ticks per second (an unsigned number)
     * is read as the number it is, not as a negative one.
     *
     * @param file the global definitions file, which the error names
     * @throws org.igtrace.reader.TraceReadException when the clock is not usable
     */
    void requireUsableClock(java.nio.file.Path file) throws org.igtrace.reader.TraceReadException {
        if (!clockGiven) {
            throw new org.igtrace.reader.TraceReadException(file + ": no clock properties (the ClockProperties definition, which"
                    + " gives the timer resolution): no time can be given in seconds (the definitions are damaged or cut)");
        }
        if (ticksPerSecond == 0) {
            throw new org.igtrace.reader.TraceReadException(file + ": timer resolution 0 ticks per second (ClockProperties) is not"
                    + " usable: no time can be given in seconds");
        }
    }

    /** The timer resolution, ticks per second, read as OTF2's unsigned 64-bit number. */
    static double unsignedTicks(long ticks) {
        return ticks >= 0 ? ticks : (double) (ticks >>> 1) * 2 + (ticks & 1);
    }

    @Override
    public void string(int id, byte[] bytes) {
        string(id, bytes == null ? null : org.igtrace.reader.NameBytes.text(bytes, 0, bytes.length));
    }

    /** A string definition, decoded. */
    void string(int id, String value) {
        if (!strings.putIfAbsent(id, value)) {
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
        if (!locationGroups.add(id, name, kind, systemTreeParent)) {
            duplicates++;
        }
    }

    @Override
    public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
        if (!locations.add(id, name, kind, locationGroup, numberOfEvents)) {
            duplicates++;
            int l = locations.slot(id); // libotf2's writer counts a repeat among the locations the anchor announces
            sameLocationRepeats += l >= 0 && locations.name(l) == name && locations.kind(l) == kind && locations.group(l) == locationGroup ? 1 : 0;
        } else if (watch != null) {
            int g = locationGroups.slot(locationGroup);
            boolean cpu = kind == LocationKind.CPU_THREAD, process = g >= 0 && locationGroups.kind(g) == LocationGroupKind.PROCESS;
            watch.location(id, cpu && process, cpu && !process, strings.get(name) != null);
        }
    }

    /**
     * Makes room at once for {@code locations} locations, as many location groups (one per process when
     * processes are not threaded) and names (the count the anchor declares, bounded by the definitions
     * file's size): the tables grown by doubling left a copy of each column behind at every step, about
     * as much again as the tables (issue 41 item 6).
     */
    void expect(int locations) {
        this.locations.reserve(locations);
        locationGroups.reserve(locations);
        strings.reserve(locations + 4096); // a name per location, and the others
    }

    /** Location records repeated as they were (the same name, kind and group), which the anchor's count includes. */
    private long sameLocationRepeats;

    /**
     * How many location definitions were read so far: the locations, and each record that repeats one as it was (libotf2
     * counts every record written among the locations the anchor announces); a repeat that differs (an id made another's)
     * is not one more.
     */
    long locationsDefined() {
        return locations.count() + sameLocationRepeats;
    }

    /** Stops the read of the definitions at the first location to read whose event file is missing ({@link FirstMissingEventFile}). */
    void stopAtMissing(FirstMissingEventFile watch) {
        this.watch = watch;
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
                    mpiCommLocations = Otf2Records.IdList.of(members);
                }
            }
            case COMM_GROUP -> {
                if (commGroups.putIfAbsent(id, Otf2Records.IdList.of(members)) != null) {
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

    @Override
    public void interCommunicator(int id, int name, int groupA, int groupB) {
        if (communicators.containsKey(id) || interCommunicators.putIfAbsent(id, new int[] {groupA, groupB}) != null) {
            duplicates++;
        }
    }

    private String stringOrNull(int id) {
        return strings.get(id);
    }

    /** Resolves everything collected; call once, after the global definitions are read. */
    TraceDefinitions resolve() {
        return resolve(null, null);
    }

    /**
     * Numbers the processes and gives each location to read its process (definitions section 2),
     * without building the definitions yet: {@link #readLocations()} and {@link #process} answer
     * after it. Done once; {@link #resolve} does it when not done.
     */
    void number() {
        if (rankGroups != null) {
            return;
        }
        worldLocations = mpiCommLocations == null ? Otf2Records.IdList.of(new long[0]) : mpiCommLocations;
        unknownWorldLocationsAsThreads();
        numberProcesses(worldLocations);
        assignLocations();
    }

    /**
     * Reads a location of type UNKNOWN that MPI_COMM_WORLD's locations hold as a CPU thread, with a note: an MPI rank runs
     * on a CPU thread, and left out as "not a CPU thread" such a location took its rank with it (a damaged byte that made
     * a rank's only thread's type 0: rank left out, its messages unmatched, exit 0); a writer that gives no type reads so.
     * A metric location there is read so too, with a note that the definitions may be damaged (a byte that made rank 0's
     * thread a metric location: its 139 events unread, the waiting a quarter, exit 0); not an accelerator stream, which a
     * writer's off-by-one puts among the world's locations (TAU numbers a node's GPU streams beside its threads).
     */
    private void unknownWorldLocationsAsThreads() {
        boolean any = false;
        for (int l = 0; l < locations.count() && !any; l++) {
            any = locations.kind(l) == LocationKind.OTHER || locations.kind(l) == LocationKind.METRIC;
        }
        if (!any || worldLocations.length() == 0) {
            return;
        }
        LongIntMap world = new LongIntMap();
        for (int i = 0; i < worldLocations.length(); i++) {
            world.put(worldLocations.get(i), 1);
        }
        long read = 0, other = 0;
        for (int l = 0; l < locations.count(); l++) {
            if ((locations.kind(l) == LocationKind.OTHER || locations.kind(l) == LocationKind.METRIC) && world.get(locations.id(l), 0) != 0) {
                other += locations.kind(l) == LocationKind.OTHER ? 0 : 1;
                locations.kindOrdinal(l, LocationKind.CPU_THREAD.ordinal());
                read++;
            }
        }
        if (read > other) {
            numberingNotes.add(Diagnostic.count(read - other, "location", "locations") + " of type UNKNOWN in MPI_COMM_WORLD read as "
                    + (read - other == 1 ? "a CPU thread" : "CPU threads") + " (an MPI rank runs on one)");
        }
        if (other > 0) {
            numberingNotes.add(Diagnostic.count(other, "metric location", "metric locations")
                    + " in MPI_COMM_WORLD read as " + (other == 1 ? "a CPU thread" : "CPU threads") + " (an MPI rank runs on one: the"
                    + " definitions may be damaged)");
        }
    }

    /** The processes {@link #number()} found (MPI ranks, then the other processes). */
    int ranks() {
        number();
        return ranks;
    }

    /**
     * Resolves everything collected, keeping the processes of world ranks {@code kept} (ascending; null: all of
     * them), numbered 0, 1, 2, ... in that order ({@link TraceDefinitions#worldRank}): a location of a process not
     * kept is not read, and a communicator member not kept translates to no process (-1), as one the trace does
     * not say. {@code read}: the world ranks with a location to read, when locations were left out (the others
     * are {@link TraceDefinitions#leftOut}); null: none was. Call once, after the global definitions are read.
     */
    TraceDefinitions resolve(int[] kept, java.util.BitSet read) {
        number();
        int count = kept == null ? ranks : kept.length;
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(unsignedTicks(ticksPerSecond)).startTicks(globalOffset).declared(ranks);
        for (int p = 0; p < count; p++) {
            int r = kept == null ? p : kept[p];
            int group = rankGroups.get(r);
            int g = locationGroups.slot(group);
            String name = g < 0 ? "process " + group : strings.getOrDefault(locationGroups.name(g), "process " + group);
            b.addProcess(name, g < 0 ? null : hostOf(locationGroups.node(g)));
            if (read != null && !read.get(r)) {
                b.leaveOut(p);
            }
        }
        if (kept != null && count > 0 && kept[count - 1] != count - 1) {
            keptRanks = kept.clone(); // a location or member of a process not kept has none ({@link #index})
            b.worldRanks(kept);
        } else if (count < ranks) {
            this.limit = count; // a location of a process at or after it has none ({@link #index})
        }
        numberingNotes.forEach(b::note);
        for (Map.Entry<Integer, Region> r : regions.entrySet()) {
            ids.addRegion(r.getKey(), b.addRegion(strings.get(r.getValue().name()), r.getValue().mpi(), r.getValue().omp()));
        }
        callingContexts.forEach(ids::addCallingContext);
        resolveCommunicators(worldLocations, b);
        if (duplicates > 0) {
            b.note(duplicates + (duplicates == 1 ? " definition repeats" : " definitions repeat") + " an id already defined: the first definition kept");
        }
        if (mpiCommLocations == null && locationGroups.count() > 0) {
            b.note("no MPI location group in the definitions: processes numbered in location-group order");
        }
        definitions = b.build();
        ids.shareRanks(definitions);
        ids.seal();
        return definitions;
    }

    /**
     * Numbers the processes (definitions section 2): the location groups of MPI_COMM_WORLD's locations in
     * their order, then the other PROCESS groups in id order. A PROCESS group without a CPU-thread
     * location (lo2s's "Metric Location Group") is not a process; it is counted in a note.
     */
    private void numberProcesses(Otf2Records.IdList worldLocations) {
        rankBySlot = new Otf2Records.IdentityInts(locationGroups.count());
        rankGroups = new Otf2Records.IdentityInts(locationGroups.count() + 16); // a process per group, mostly
        ranks = 0;
        for (int i = 0; i < worldLocations.length(); i++) {
            int l = locations.slot(worldLocations.get(i));
            if (l >= 0 && groupRank(locations.group(l)) < 0) {
                setGroupRank(locations.group(l), ranks);
                rankGroups.set(ranks++, locations.group(l));
            }
        }
        boolean[] withThreads = new boolean[locationGroups.count()];
        for (int l = 0; l < locations.count(); l++) {
            int g = locations.kind(l) == LocationKind.CPU_THREAD ? locationGroups.slot(locations.group(l)) : -1;
            if (g >= 0) {
                withThreads[g] = true;
            }
        }
        List<String> threadless = new ArrayList<>();
        int[] byIds = locationGroups.slotsByIds(); // null: in slot order
        for (int i = 0; i < locationGroups.count(); i++) {
            int g = byIds == null ? i : byIds[i];
            int id = locationGroups.id(g);
            if (locationGroups.kind(g) != LocationGroupKind.PROCESS || groupRank(id) >= 0) {
                continue;
            }
            if (withThreads[g]) {
                setGroupRank(id, ranks);
                rankGroups.set(ranks++, id);
            } else {
                threadless.add("\"" + strings.getOrDefault(locationGroups.name(g), "group " + id) + "\"");
            }
        }
        if (!threadless.isEmpty()) {
            numberingNotes.add(threadless.size() + (threadless.size() == 1 ? " location group" : " location groups")
                    + " without a CPU thread left out, not a process (" + String.join(", ", threadless) + ")");
        }
    }

    /** The rank of a location group, -1: none (while and after {@link #numberProcesses}). */
    private int groupRank(int group) {
        int g = locationGroups.slot(group);
        return g >= 0 ? rankBySlot.get(g) : undefinedGroupRank.get(group, -1);
    }

    private void setGroupRank(int group, int rank) {
        int g = locationGroups.slot(group);
        if (g >= 0) {
            rankBySlot.set(g, rank);
        } else {
            undefinedGroupRank.put(group, rank);
        }
    }

    /**
     * Maps each CPU-thread location of a process to the process's rank; counts the others in a note
     * per reason: not a CPU thread (GPU streams, metric locations), a CPU thread whose location group
     * is not defined (libotf2's own test archives), or one whose location group is not a process.
     */
    private void assignLocations() {
        long notThreads = 0;
        List<String> noGroup = new ArrayList<>(), notProcess = new ArrayList<>();
        for (int l = 0; l < locations.count(); l++) {
            int rank = groupRank(locations.group(l));
            if (rank >= 0 && locations.kind(l) == LocationKind.CPU_THREAD) {
                continue; // read for that process ({@link #processOf})
            } else if (locations.kind(l) != LocationKind.CPU_THREAD) {
                notThreads++;
            } else if (locationGroups.slot(locations.group(l)) < 0) {
                noGroup.add(locationName(locations.id(l), l));
            } else {
                notProcess.add(locationName(locations.id(l), l));
            }
        }
        if (notThreads > 0) {
            numberingNotes.add(Diagnostic.count(notThreads, "location that is not a CPU thread", "locations that are not CPU threads")
                    + " of a process (GPU streams, metric locations) ignored");
        }
        if (!noGroup.isEmpty()) {
            numberingNotes.add(threads(noGroup) + " in no process ignored: their location group is not defined (" + named(noGroup) + ")");
        }
        if (!notProcess.isEmpty()) {
            numberingNotes.add(threads(notProcess) + " ignored: their location group is not a process (" + named(notProcess) + ")");
        }
    }

    private String locationName(long id, int slot) {
        String name = strings.get(locations.name(slot));
        return name == null ? "location " + id : "\"" + name + "\"";
    }

    private static String threads(List<String> names) {
        return names.size() == 1 ? "1 CPU thread" : names.size() + " CPU threads";
    }

    private static String named(List<String> names) {
        return names.size() <= 3 ? String.join(", ", names) : String.join(", ", names.subList(0, 3)) + ", ...";
    }

    /** Dense communicator numbers, each with the world ranks of its members (null for COMM_SELF). */
    private void resolveCommunicators(Otf2Records.IdList worldLocations, TraceDefinitions.Builder b) {
        for (Map.Entry<Integer, Integer> c : communicators.entrySet()) {
            int group = c.getValue();
            int[] ranks;
            boolean self = selfGroups.contains(group) && !commGroups.containsKey(group);
            if (self) {
                ranks = new int[0];
            } else {
                Otf2Records.IdList members = commGroups.get(group);
                ranks = new int[members == null ? 0 : members.length()];
                for (int i = 0; i < ranks.length; i++) {
                    ranks[i] = worldRankOfMember(members.get(i), worldLocations);
                }
            }
            ids.addCommunicator(c.getKey(), self ? b.addSelfCommunicator() : b.addCommunicator(ranks), self ? null : ranks);
        }
        for (Map.Entry<Integer, int[]> c : interCommunicators.entrySet()) {
            if (communicators.containsKey(c.getKey())) {
                continue; // a duplicate id, counted: the communicator read first is kept
            }
            int[] a = groupRanks(c.getValue()[0], worldLocations), bRanks = groupRanks(c.getValue()[1], worldLocations);
            int[] both = java.util.Arrays.copyOf(a, a.length + bRanks.length);
            System.arraycopy(bRanks, 0, both, a.length, bRanks.length);
            ids.addInterCommunicator(c.getKey(), b.addCommunicator(both), a, bRanks);
        }
    }

    /** The world ranks of a communicator group's members, in its order (-1 where not known; none for an unknown group). */
    private int[] groupRanks(int group, Otf2Records.IdList worldLocations) {
        Otf2Records.IdList members = commGroups.get(group);
        int[] ranks = new int[members == null ? 0 : members.length()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = worldRankOfMember(members.get(i), worldLocations);
        }
        return ranks;
    }

    private int worldRankOfMember(long member, Otf2Records.IdList worldLocations) {
        if (member < 0 || member >= worldLocations.length()) {
            return -1;
        }
        int l = locations.slot(worldLocations.get((int) member));
        return l < 0 ? -1 : index(groupRank(locations.group(l)));
    }

    /** The process kept for world rank {@code rank}: the rank itself below the limit, its place among the kept ranks; else -1. */
    private int index(int rank) {
        if (rank < 0) {
            return -1;
        }
        if (keptRanks != null) {
            int i = java.util.Arrays.binarySearch(keptRanks, rank);
            return i >= 0 ? i : -1;
        }
        return rank < limit ? rank : -1;
    }

    /**
     * The world rank of rank {@code commRank} of the OTF2 communicator {@code otf2Comm}, or -1 when the trace
     * does not say (as {@link Otf2IdMaps#worldRank} answers after {@link #resolve}); after {@link #number()}.
     */
    int worldRank(int otf2Comm, int commRank, int callingProcess) {
        Integer group = communicators.get(otf2Comm);
        if (group == null) {
            int[] sides = interCommunicators.get(otf2Comm);
            return sides == null ? -1 : Otf2IdMaps.remoteRank(groupRanks(sides[0], worldLocations), groupRanks(sides[1], worldLocations),
                    commRank, callingProcess);
        }
        if (selfGroups.contains(group) && !commGroups.containsKey(group)) {
            return commRank == 0 ? callingProcess : -1;
        }
        Otf2Records.IdList members = commGroups.get(group);
        return members != null && commRank >= 0 && commRank < members.length()
                ? worldRankOfMember(members.get(commRank), worldLocations) : -1;
    }

    private String hostOf(int node) {
        Node n = nodes.get(node);
        return n == null ? null : n.name();
    }

    /** A location's name as the trace defines it, or null. */
    String locationName(long location) {
        int l = locations.slot(location);
        return l < 0 ? null : strings.get(locations.name(l));
    }

    /** The number of events the definitions announce for a location (0 when unknown). */
    long locationEvents(long location) {
        int l = locations.slot(location);
        return l < 0 ? 0 : Math.max(0, locations.events(l));
    }

    /** The CPU-thread locations to read (of a process, after {@link #resolve()}), in the order of their definitions. */
    long[] readLocations() {
        int n = 0;
        for (int l = 0; l < locations.count(); l++) {
            n += processOf(l) >= 0 ? 1 : 0;
        }
        long[] read = new long[n];
        for (int l = 0, i = 0; i < n; l++) {
            if (processOf(l) >= 0) {
                read[i++] = locations.id(l);
            }
        }
        return read;
    }

    /**
     * The process the location in slot {@code l} is read for: a CPU thread of a numbered process kept
     * ({@link #resolve(int[], java.util.BitSet)}; before it, its world rank); else -1. Worked out, not kept (4 bytes a
     * declared location).
     */
    private int processOf(int l) {
        if (rankBySlot == null || locations.kind(l) != LocationKind.CPU_THREAD) {
            return -1;
        }
        return index(groupRank(locations.group(l)));
    }

    /** The process a location to read belongs to (before {@link #resolve}, its world rank), or -1 (not one to read). */
    int process(long location) {
        int l = locations.slot(location);
        return l < 0 ? -1 : processOf(l);
    }

    /** The id translation tables (after {@link #resolve()}). */
    Otf2IdMaps ids() {
        return ids;
    }
}
