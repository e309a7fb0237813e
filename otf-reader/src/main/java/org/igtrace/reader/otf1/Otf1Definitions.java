package org.igtrace.reader.otf1;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;

/**
 * The definitions of an OTF trace resolved by definitions section 2 into a {@link TraceDefinitions}, and
 * the tables the event parser looks ids up in: process id -> world rank, function -> dense region,
 * process group -> dense communicator, collective operation -> traffic shape.
 *
 * <p>MPI processes are the processes with no parent, ranked in ascending id order (VampirTrace
 * writes rank r as process r+1). A process with a parent is a CPU thread and folds into its
 * topmost ancestor, unless it is a GPU stream: a member of a group whose attribute list holds
 * IsCUDAThread, or named {@code CUDA[...}; GPU streams are left out and counted in a note.
 */
final class Otf1Definitions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    static final int NO_RANK = -1;
    private static final long IS_CUDA_THREAD = 8;
    private static final long IS_COMMUNICATOR = 7;

    // The tables, filled by the first constructor and shared by the copies that keep some processes.
    /**
     * The world rank of each process definition by its place in {@link #processes} (MPI processes and their threads;
     * {@link #NO_RANK} for the others): 4 bytes a declared process, where a map keyed by id took 26 (issue 41 item 6).
     */
    private final int[] rankOfPlace;
    /**
     * Process id (as an int) -> world rank, only when some id is beyond 0 .. 2^31 - 1 (then ids that agree in their
     * low 32 bits share an entry, as they always did); null otherwise: {@link #rankOfPlace} answers.
     */
    private final LongIntMap rankOfProcess;
    /** The MPI processes' places in {@link #processes} by world rank (a process is one when its rank's place is its own). */
    private final int[] placeOfRank;
    private final Set<Long> leftOut;
    /** The process groups' ids (DPG): VampirTrace records node counters under a group's id, which no analysis reads. */
    private final Set<Long> groups;
    private final LongIntMap regionOfFunction;
    private final LongIntMap communicatorOfGroup;
    private final LongIntMap kindOfCollective;
    /** The process records (the definitions records' own table: names are not copied). */
    private final Otf1ProcessTable processes;
    private final String fileName;
    /** What the {@link TraceDefinitions} are built from (for every process, or for those kept). */
    private final Resolved resolved;
    /** The world ranks of the processes analysed, ascending; null: every MPI process ({@link #keeping}). */
    private final int[] kept;
    /** Built at the first {@link #definitions()}: for 10^6 declared processes of which a few are kept, never for all. */
    private TraceDefinitions definitions;

    /**
     * The definitions' parts a {@link TraceDefinitions} is built from (with the names of {@link #processes}): the MPI
     * processes' hosts by world rank, the regions, the communicators' members as world ranks, the timer resolution and the notes.
     */
    private record Resolved(String[] hosts, String[] regionNames, boolean[] regionMpi, List<int[]> communicators,
                            double ticksPerSecond, long[] timeRange, List<String> notes) implements java.io.Serializable {
    }

    Otf1Definitions(Otf1DefinitionRecords records, Path file) throws org.igtrace.reader.TraceReadException {
        this.fileName = file.getFileName().toString();
        processes = records.processes;
        processes.trim();
        rankOfPlace = new int[processes.size()];
        java.util.Arrays.fill(rankOfPlace, NO_RANK);
        rankOfProcess = idsBeyondInt(processes) ? new LongIntMap() : null;
        leftOut = new HashSet<>();
        groups = new HashSet<>(records.groups.keySet());
        regionOfFunction = new LongIntMap();
        communicatorOfGroup = new LongIntMap();
        kindOfCollective = new LongIntMap();
        Set<Long> gpuStreams = gpuStreams(records);
        placeOfRank = rankMpiProcesses(gpuStreams);
        ProcessCounts counts = foldThreads(gpuStreams);
        Map<Long, String> hosts = hosts(records);
        String[] hostOf = hosts.isEmpty() ? null : new String[placeOfRank.length]; // null: no process has a host
        if (hostOf != null) {
            for (int rank = 0; rank < hostOf.length; rank++) {
                hostOf[rank] = hosts.get(processes.id(placeOfRank[rank]));
            }
        }
        List<String> regionNames = new ArrayList<>();
        boolean[] regionMpi = new boolean[records.functions.size()];
        for (Otf1DefinitionRecords.Function f : records.functions.values()) {
            String group = records.functionGroups.get(f.group());
            regionMpi[regionNames.size()] = "MPI".equals(group);
            regionOfFunction.put((int) f.id(), regionNames.size());
            regionNames.add(f.name());
        }
        List<int[]> communicators = communicators(records, file);
        for (Otf1DefinitionRecords.CollectiveOperation op : records.collectiveOperations.values()) {
            kindOfCollective.put((int) op.id(), collectiveKind(op.type(), op.name()).ordinal());
        }
        List<String> notes = new ArrayList<>();
        double ticks;
        try {
            ticks = notes(records, counts, notes);
        } catch (java.io.IOException e) {
            throw new org.igtrace.reader.TraceReadException(file + ": " + org.igtrace.reader.IoReason.of(e));
        }
        resolved = new Resolved(hostOf, regionNames.toArray(new String[0]), regionMpi, communicators, ticks,
                timeRange(records.timeRange), List.copyOf(notes));
        kept = null;
    }

    private Otf1Definitions(Otf1Definitions all, int[] kept) {
        rankOfPlace = all.rankOfPlace;
        rankOfProcess = all.rankOfProcess;
        placeOfRank = all.placeOfRank;
        leftOut = all.leftOut;
        groups = all.groups;
        regionOfFunction = all.regionOfFunction;
        communicatorOfGroup = all.communicatorOfGroup;
        kindOfCollective = all.kindOfCollective;
        processes = all.processes;
        fileName = all.fileName;
        resolved = all.resolved;
        this.kept = kept.clone();
    }

    /** The time range as read when both ends fit a signed long and are in order, else none (no bound checked). */
    private static long[] timeRange(long[] range) {
        return range == null || range[0] < 0 || range[1] < range[0] ? null : range.clone();
    }

    /**
     * Whether {@code ticks} lies outside the trace's DefTimeRange (VampirTrace's unifier writes the least and the
     * greatest time of all streams; every corpus trace's times lie within it): a time line damaged into another number.
     * False without a usable time range.
     */
    boolean outsideTimeRange(long ticks) {
        long[] r = resolved.timeRange();
        return r != null && (ticks < r[0] || ticks > r[1]);
    }

    /** The DefTimeRange as text for a message, e.g. {@code [0, 40d2aa6d0]} (hexadecimal, as in the files). */
    String timeRangeText() {
        long[] r = resolved.timeRange();
        return r == null ? "" : "[" + Long.toHexString(r[0]) + ", " + Long.toHexString(r[1]) + "]";
    }

    /** How many processes that are not MPI processes were folded into one or left out. */
    private record ProcessCounts(int threads, int gpuStreams, int orphans) {
    }

    /** Whether some process id is beyond 0 .. 2^31 - 1, where an id and its low 32 bits differ. */
    private static boolean idsBeyondInt(Otf1ProcessTable processes) {
        for (int place = 0; place < processes.size(); place++) {
            if (processes.id(place) != (int) processes.id(place)) {
                return true;
            }
        }
        return false;
    }

    /** Gives the process of id {@code processId} world rank {@code rank}, as the map keyed by its low 32 bits did. */
    private void setRank(long processId, int rank) {
        if (rankOfProcess != null) {
            rankOfProcess.put((int) processId, rank);
        } else {
            rankOfPlace[processes.placeOf(processId)] = rank;
        }
    }

    /** MPI processes: no parent, not a GPU stream; ranked by id. Returns their places by rank. */
    private int[] rankMpiProcesses(Set<Long> gpuStreams) {
        long[] mpi = new long[processes.size()];
        int n = 0;
        for (int place = 0; place < processes.size(); place++) {
            long id = processes.id(place);
            if (processes.parent(place) == 0 && !gpuStreams.contains(id)) {
                mpi[n++] = id ^ Long.MIN_VALUE; // sorted as signed: in unsigned order
            }
        }
        mpi = java.util.Arrays.copyOf(mpi, n);
        java.util.Arrays.sort(mpi);
        int[] places = new int[n];
        for (int rank = 0; rank < n; rank++) {
            long id = mpi[rank] ^ Long.MIN_VALUE;
            places[rank] = processes.placeOf(id);
            setRank(id, rank);
        }
        return places;
    }

    /** The world rank of an MPI process (not a thread), or {@link #NO_RANK}. */
    private int mpiRank(long processId) {
        int rank = rank(processId);
        return rank != NO_RANK && (int) processes.id(placeOfRank[rank]) == (int) processId ? rank : NO_RANK;
    }

    /** Threads fold into their topmost ancestor; GPU streams (and threads of nothing) are left out. */
    private ProcessCounts foldThreads(Set<Long> gpuStreams) {
        int threads = 0, gpu = 0, orphans = 0;
        for (int place = 0; place < processes.size(); place++) {
            long id = processes.id(place);
            if (mpiRank(id) != NO_RANK) {
                continue;
            }
            if (gpuStreams.contains(id)) {
                gpu++;
                leftOut.add(id);
                continue;
            }
            long root = topmostAncestor(processes, id, gpuStreams);
            int rank = root < 0 ? NO_RANK : mpiRank(root);
            if (rank == NO_RANK) {
                orphans++;
                leftOut.add(id);
            } else {
                threads++;
                setRank(id, rank);
            }
        }
        return new ProcessCounts(threads, gpu, orphans);
    }

    /**
     * A communicator per process group, holding the world ranks of its MPI processes. A member no process record
     * defines is damage (a changed digit in the list): read as it is, the group left out a member whose collectives on
     * it were then dropped without a word (otfshrink, which drops processes, drops them from the groups too).
     */
    private List<int[]> communicators(Otf1DefinitionRecords records, Path file) throws org.igtrace.reader.TraceReadException {
        List<int[]> communicators = new ArrayList<>();
        for (Otf1DefinitionRecords.Group g : records.groups.values()) {
            int[] ranks = new int[g.members().length];
            int n = 0;
            for (long member : g.members()) {
                if (!defines(member)) {
                    throw new org.igtrace.reader.TraceReadException(file + ": process group " + Long.toHexString(g.id())
                            + " lists process " + Long.toHexString(member) + ", which no process record (DP) defines (the"
                            + " definitions are damaged)");
                }
                int rank = mpiRank(member);
                if (rank != NO_RANK) {
                    ranks[n++] = rank;
                }
            }
            communicatorOfGroup.put((int) g.id(), communicators.size());
            communicators.add(java.util.Arrays.copyOf(ranks, n));
        }
        return communicators;
    }

    /**
     * Adds the definitions' notes to {@code b}; returns the ticks per second. Without a usable timer resolution no time
     * can be given in seconds (every output says seconds): the definitions are damaged (VampirTrace writes DTR).
     */
    private double notes(Otf1DefinitionRecords records, ProcessCounts counts, List<String> b) throws java.io.IOException {
        if (records.ticksPerSecond == 0) {
            throw new java.io.IOException(records.resolutionGiven
                    ? "timer resolution 0 ticks per second (DTR) is not usable: no time can be given in seconds"
                    : "no timer resolution (DTR record): no time can be given in seconds (the definitions are damaged or cut)");
        }
        // an unsigned 64-bit number, as OTF2's: 2^63 ticks per second and more are that number, not a negative one
        long r = records.ticksPerSecond;
        double ticks = r >= 0 ? r : (double) (r >>> 1) * 2 + (r & 1);
        if (counts.gpuStreams() > 0) {
            b.add(Diagnostic.count(counts.gpuStreams(), "GPU stream", "GPU streams") + " (CUDA) left out");
        }
        if (counts.threads() > 0) {
            b.add(Diagnostic.count(counts.threads(), "thread", "threads") + " folded into their processes");
        }
        if (counts.orphans() > 0) {
            b.add(Diagnostic.count(counts.orphans(), "process whose parent is not an MPI process", "processes whose parent is not an MPI process")
                    + " left out");
        }
        if (records.duplicates > 0) {
            b.add(records.duplicates + (records.duplicates == 1 ? " definition repeats" : " definitions repeat") + " an id already defined: the first definition kept");
        }
        if (records.unknownRecords > 0) {
            b.add(Diagnostic.count(records.unknownRecords, "unknown definition record", "unknown definition records") + " skipped");
        }
        return ticks;
    }

    /**
     * GPU streams: members of a group, or processes, whose attribute list holds IsCUDAThread, and
     * processes with a parent named {@code CUDA[...} (VampirTrace 5.4 writes no attributes).
     */
    private static Set<Long> gpuStreams(Otf1DefinitionRecords records) {
        Set<Long> gpu = new HashSet<>();
        for (Map.Entry<Long, Long> a : records.attributeAssignments.entrySet()) {
            long[] attributes = records.attributeLists.getOrDefault(a.getValue(), new long[0]);
            if (contains(attributes, IS_CUDA_THREAD)) {
                Otf1DefinitionRecords.Group g = records.groups.get(a.getKey());
                if (g != null) {
                    for (long m : g.members()) {
                        gpu.add(m);
                    }
                } else {
                    gpu.add(a.getKey());
                }
            }
        }
        Otf1ProcessTable processes = records.processes;
        for (int place = 0; place < processes.size(); place++) {
            if (processes.parent(place) != 0 && processes.name(place).startsWith("CUDA[")) {
                gpu.add(processes.id(place));
            }
        }
        return gpu;
    }

    private static long topmostAncestor(Otf1ProcessTable processes, long id, Set<Long> gpuStreams) {
        long current = id;
        for (int steps = 0; steps <= processes.size(); steps++) {
            int place = processes.placeOf(current);
            if (place < 0 || gpuStreams.contains(current)) {
                return -1;
            }
            if (processes.parent(place) == 0) {
                return current;
            }
            current = processes.parent(place);
        }
        return -1; // a parent cycle
    }

    /**
     * The node a process ran on: VampirTrace defines one process group per host, named after it,
     * holding the host's processes. Such a group is recognised as one that is not a communicator
     * (no IsCommunicator attribute, not named MPI_COMM_* or "MPI Communicator *"), not "All" and not
     * a GPU_* group. A process in several such groups gets none.
     */
    private static Map<Long, String> hosts(Otf1DefinitionRecords records) {
        Map<Long, String> host = new HashMap<>();
        Set<Long> ambiguous = new HashSet<>();
        for (Otf1DefinitionRecords.Group g : records.groups.values()) {
            String name = g.name();
            Long attributeList = records.attributeAssignments.get(g.id());
            boolean communicator = attributeList != null
                    && contains(records.attributeLists.getOrDefault(attributeList, new long[0]), IS_COMMUNICATOR);
            if (communicator || name.isEmpty() || name.equals("All") || name.startsWith("MPI_COMM")
                    || name.startsWith("MPI Communicator") || name.startsWith("GPU_")) {
                continue;
            }
            for (long m : g.members()) {
                if (host.putIfAbsent(m, name) != null) {
                    ambiguous.add(m);
                }
            }
        }
        ambiguous.forEach(host::remove);
        return host;
    }

    private static boolean contains(long[] values, long value) {
        for (long v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * A DefCollectiveOperation's traffic shape: its class (1 barrier, 2 one-to-all, 3 all-to-one,
     * 4 all-to-all), or for class 0 (VampirTrace 5.4 writes MPI_Scan so) the MPI name.
     */
    static CollectiveKind collectiveKind(long type, String name) {
        switch ((int) type) {
            case 1:
                return CollectiveKind.BARRIER;
            case 2:
                return CollectiveKind.ONE_TO_ALL;
            case 3:
                return CollectiveKind.ALL_TO_ONE;
            case 4:
                return exchange(name) ? CollectiveKind.EXCHANGE : CollectiveKind.ALL_TO_ALL;
            default:
                break;
        }
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (exchange(name)) {
            return CollectiveKind.EXCHANGE;
        }
        if (n.equals("mpi_barrier")) {
            return CollectiveKind.BARRIER;
        }
        if (n.equals("mpi_bcast") || n.startsWith("mpi_scatter")) {
            return CollectiveKind.ONE_TO_ALL;
        }
        if (n.startsWith("mpi_gather") || n.equals("mpi_reduce")) {
            return CollectiveKind.ALL_TO_ONE;
        }
        if (n.startsWith("mpi_allgather") || n.equals("mpi_allreduce")
                || n.startsWith("mpi_reduce_scatter") || n.equals("mpi_scan") || n.equals("mpi_exscan")) {
            return CollectiveKind.ALL_TO_ALL;
        }
        return CollectiveKind.OTHER;
    }

    /**
     * Whether an operation of this name is a personalised exchange (MPI_Alltoall, -v, -w and their I- forms): OTF's
     * class 4 holds it and all-reduce alike.
     */
    private static boolean exchange(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return n.startsWith("mpi_alltoall") || n.startsWith("mpi_ialltoall");
    }

    /**
     * The definitions the analyses get: every MPI process, or those {@link #keeping} keeps, numbered 0, 1, 2, ... in
     * ascending world rank, with their world ranks; a communicator member not kept is -1.
     */
    synchronized TraceDefinitions definitions() {
        if (definitions == null) {
            definitions = build();
        }
        return definitions;
    }

    private TraceDefinitions build() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().declared(placeOfRank.length);
        int count = kept == null ? placeOfRank.length : kept.length;
        for (int p = 0; p < count; p++) {
            int rank = kept == null ? p : kept[p];
            b.addProcess(processes.name(placeOfRank[rank]), resolved.hosts() == null ? null : resolved.hosts()[rank]);
        }
        if (kept != null) {
            b.worldRanks(kept);
        }
        for (int r = 0; r < resolved.regionNames().length; r++) {
            b.addRegion(resolved.regionNames()[r], resolved.regionMpi()[r]);
        }
        for (int[] members : resolved.communicators()) {
            if (kept == null) {
                b.addCommunicator(members);
                continue;
            }
            int[] processes = new int[members.length];
            for (int i = 0; i < members.length; i++) {
                processes[i] = processOfRank(members[i]);
            }
            b.addCommunicator(processes);
        }
        b.ticksPerSecond(resolved.ticksPerSecond());
        resolved.notes().forEach(b::note);
        return b.build();
    }

    /**
     * These definitions with only the MPI processes of world ranks {@code worldRanks} analysed (ascending, each below
     * {@link #mpiProcesses()}): their events are read as processes 0, 1, 2, ..., a message partner or root named by
     * world rank is {@link #process(long)}'s number, and the tables are shared, not copied.
     */
    Otf1Definitions keeping(int[] worldRanks) {
        return new Otf1Definitions(this, worldRanks);
    }

    /** How many MPI processes the definitions define (the world ranks are 0 to this - 1). */
    int mpiProcesses() {
        return placeOfRank.length;
    }

    /**
     * The number of the process analysed that a process or thread belongs to (its world rank when every
     * process is), or {@link #NO_RANK}: none, or one {@link #keeping} left out.
     */
    int process(long processId) {
        int rank = rank(processId);
        return rank == NO_RANK ? NO_RANK : processOfRank(rank);
    }

    /** The number of the process analysed of world rank {@code rank}, or {@link #NO_RANK}. */
    private int processOfRank(int rank) {
        if (kept == null) {
            return rank;
        }
        int i = java.util.Arrays.binarySearch(kept, rank);
        return i >= 0 ? i : NO_RANK;
    }

    /** The name of the global definitions file, for messages about what it does not define. */
    String fileName() {
        return fileName;
    }

    /** Whether a process is defined at all: read (an MPI process or its thread) or deliberately left out. */
    boolean defines(long processId) {
        return rank(processId) != NO_RANK || isLeftOut(processId);
    }

    boolean definesCollective(long operation) {
        return kindOfCollective.get((int) operation, -1) >= 0;
    }

    /** The world rank of a process or thread, or {@link #NO_RANK}. */
    int rank(long processId) {
        if (rankOfProcess != null) {
            return rankOfProcess.get((int) processId, NO_RANK);
        }
        int place = processes.placeOf((int) processId);
        return place < 0 ? NO_RANK : rankOfPlace[place];
    }

    /** Whether the process's events are deliberately not read (GPU streams, orphaned threads). */
    boolean isLeftOut(long processId) {
        return leftOut.contains(processId);
    }

    /**
     * Whether the id is a process group's that no process has: VampirTrace 5.13 writes a node's counters (power) under
     * its node group's id, and the master file lists that id in a stream as it lists processes. Its records are not read.
     *
     * @param id an id of a process line or of the master file's stream list
     * @return true for a group's id that is no process's
     */
    boolean isGroupOnly(long id) {
        return groups.contains(id) && rank(id) == NO_RANK && !isLeftOut(id);
    }

    /** How many processes the definitions define ({@link #processId} numbers them in the order read). */
    int processCount() {
        return processes.size();
    }

    /** The id of the {@code place}th process the definitions define (0 .. {@link #processCount()} - 1). */
    long processId(int place) {
        return processes.id(place);
    }

    /** The place ({@link #processId}) of the process of this id, or -1 when none is defined. */
    int place(long processId) {
        return processes.placeOf(processId);
    }

    String processName(long processId) {
        return processes.nameOf(processId);
    }

    /** The dense region of a function token, or -1 for an undefined one. */
    int region(long function) {
        return regionOfFunction.get((int) function, -1);
    }

    /** The dense communicator of a process group token, or -1 for an undefined one. */
    int communicator(long group) {
        return communicatorOfGroup.get((int) group, -1);
    }

    CollectiveKind collectiveKind(long operation) {
        int ordinal = kindOfCollective.get((int) operation, -1);
        return ordinal < 0 ? CollectiveKind.OTHER : CollectiveKind.values()[ordinal];
    }
}
