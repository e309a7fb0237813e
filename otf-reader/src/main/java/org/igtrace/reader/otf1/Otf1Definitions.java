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

    private final TraceDefinitions definitions;
    private final LongIntMap rankOfProcess = new LongIntMap();     // MPI processes and their threads
    private final LongIntMap rankOfMpiProcess = new LongIntMap();  // MPI processes only
    private final Set<Long> leftOut = new HashSet<>();
    private final LongIntMap regionOfFunction = new LongIntMap();
    private final LongIntMap communicatorOfGroup = new LongIntMap();
    private final LongIntMap kindOfCollective = new LongIntMap();
    private final Map<Long, String> processNames = new HashMap<>();
    private final String fileName;

    Otf1Definitions(Otf1DefinitionRecords records, Path file) {
        this.fileName = file.getFileName().toString();
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        Set<Long> gpuStreams = gpuStreams(records);
        rankMpiProcesses(records, gpuStreams, b);
        ProcessCounts counts = foldThreads(records, gpuStreams);
        for (Otf1DefinitionRecords.Function f : records.functions.values()) {
            String group = records.functionGroups.get(f.group());
            regionOfFunction.put((int) f.id(), b.addRegion(f.name(), "MPI".equals(group)));
        }
        addCommunicators(records, b);
        for (Otf1DefinitionRecords.CollectiveOperation op : records.collectiveOperations.values()) {
            kindOfCollective.put((int) op.id(), collectiveKind(op.type(), op.name()).ordinal());
        }
        addNotes(records, counts, b);
        definitions = b.build();
    }

    /** How many processes that are not MPI processes were folded into one or left out. */
    private record ProcessCounts(int threads, int gpuStreams, int orphans) {
    }

    /** MPI processes: no parent, not a GPU stream; ranked by id. */
    private void rankMpiProcesses(Otf1DefinitionRecords records, Set<Long> gpuStreams, TraceDefinitions.Builder b) {
        List<Long> mpi = new ArrayList<>();
        for (Otf1DefinitionRecords.Process p : records.processes.values()) {
            processNames.put(p.id(), p.name());
            if (p.parent() == 0 && !gpuStreams.contains(p.id())) {
                mpi.add(p.id());
            }
        }
        mpi.sort(Long::compareUnsigned);
        Map<Long, String> hosts = hosts(records);
        for (long id : mpi) {
            int rank = b.addProcess(records.processes.get(id).name(), hosts.get(id));
            rankOfProcess.put((int) id, rank);
            rankOfMpiProcess.put((int) id, rank);
        }
    }

    /** Threads fold into their topmost ancestor; GPU streams (and threads of nothing) are left out. */
    private ProcessCounts foldThreads(Otf1DefinitionRecords records, Set<Long> gpuStreams) {
        int threads = 0, gpu = 0, orphans = 0;
        for (Otf1DefinitionRecords.Process p : records.processes.values()) {
            if (rankOfMpiProcess.get((int) p.id(), NO_RANK) != NO_RANK) {
                continue;
            }
            if (gpuStreams.contains(p.id())) {
                gpu++;
                leftOut.add(p.id());
                continue;
            }
            long root = topmostAncestor(records, p.id(), gpuStreams);
            int rank = root < 0 ? NO_RANK : rankOfMpiProcess.get((int) root, NO_RANK);
            if (rank == NO_RANK) {
                orphans++;
                leftOut.add(p.id());
            } else {
                threads++;
                rankOfProcess.put((int) p.id(), rank);
            }
        }
        return new ProcessCounts(threads, gpu, orphans);
    }

    /** A communicator per process group, holding the ranks of its MPI processes. */
    private void addCommunicators(Otf1DefinitionRecords records, TraceDefinitions.Builder b) {
        for (Otf1DefinitionRecords.Group g : records.groups.values()) {
            int[] ranks = new int[g.members().length];
            int n = 0;
            for (long member : g.members()) {
                int rank = rankOfMpiProcess.get((int) member, NO_RANK);
                if (rank != NO_RANK) {
                    ranks[n++] = rank;
                }
            }
            communicatorOfGroup.put((int) g.id(), b.addCommunicator(java.util.Arrays.copyOf(ranks, n)));
        }
    }

    private void addNotes(Otf1DefinitionRecords records, ProcessCounts counts, TraceDefinitions.Builder b) {
        if (records.ticksPerSecond > 0) {
            b.ticksPerSecond(records.ticksPerSecond);
        } else if (records.resolutionGiven) {
            b.note("timer resolution " + Long.toUnsignedString(records.ticksPerSecond) + " ticks per second in " + fileName
                    + " is not usable (0, or beyond 2^63 - 1): times are in ticks");
        } else {
            b.note("no timer resolution in " + fileName + ": times are in ticks");
        }
        if (counts.gpuStreams() > 0) {
            b.note(Diagnostic.count(counts.gpuStreams(), "GPU stream", "GPU streams") + " (CUDA) left out");
        }
        if (counts.threads() > 0) {
            b.note(Diagnostic.count(counts.threads(), "thread", "threads") + " folded into their MPI processes");
        }
        if (counts.orphans() > 0) {
            b.note(Diagnostic.count(counts.orphans(), "process whose parent is not an MPI process", "processes whose parent is not an MPI process")
                    + " left out");
        }
        if (records.duplicates > 0) {
            b.note(records.duplicates + " definitions repeat an id already defined: the first definition kept");
        }
        if (records.unknownRecords > 0) {
            b.note(Diagnostic.count(records.unknownRecords, "unknown definition record", "unknown definition records") + " skipped");
        }
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
        for (Otf1DefinitionRecords.Process p : records.processes.values()) {
            if (p.parent() != 0 && p.name().startsWith("CUDA[")) {
                gpu.add(p.id());
            }
        }
        return gpu;
    }

    private static long topmostAncestor(Otf1DefinitionRecords records, long id, Set<Long> gpuStreams) {
        long current = id;
        for (int steps = 0; steps <= records.processes.size(); steps++) {
            Otf1DefinitionRecords.Process p = records.processes.get(current);
            if (p == null || gpuStreams.contains(current)) {
                return -1;
            }
            if (p.parent() == 0) {
                return current;
            }
            current = p.parent();
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

    TraceDefinitions definitions() {
        return definitions;
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
        return rankOfProcess.get((int) processId, NO_RANK);
    }

    /** Whether the process's events are deliberately not read (GPU streams, orphaned threads). */
    boolean isLeftOut(long processId) {
        return leftOut.contains(processId);
    }

    /** The ids of every process the definitions define. */
    Set<Long> processIds() {
        return processNames.keySet();
    }

    String processName(long processId) {
        return processNames.get(processId);
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
