package org.igtrace.core.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * What a reader resolves from a trace's definitions before its events: the processes in rank
 * order, the region table, the communicators as lists of world ranks, and the timer resolution.
 * Regions and communicators are numbered densely by the reader; events refer to these numbers.
 * Serializable: an engine that reads parts of a trace in other processes hands them the
 * definitions read once.
 */
public final class TraceDefinitions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final List<ProcessInfo> processes;
    private final RegionKind[] regionKinds;
    private final String[] regionNames;
    private final OmpRole[] ompRoles;
    private final boolean openMp;
    private final long startTicks;
    private final MpiCall[] mpiCalls;
    /** Per region, whether it is an MPI call outside MPI_Init and MPI_Finalize ({@link #isMpiCall}). */
    private final boolean[] mpiCallRegions;
    /** Per region, whether it is a blocking probe ({@link #isBlockingProbe}). */
    private final boolean[] blockingProbes;
    private final List<int[]> communicators;
    /** The communicators that are their caller's alone (OTF2's COMM_SELF groups: no member listed). */
    private final java.util.BitSet selfCommunicators;
    private final double ticksPerSecond;
    private final List<String> notes;
    /** The processes whose files the reader left out (nothing of theirs read); null: none. */
    private final java.util.BitSet leftOut;
    /** Each process's world rank, ascending, when they are not 0, 1, 2, ... ({@link #worldRank}); null: they are. */
    private final int[] worldRanks;
    /** The processes the trace declares: more than those analysed when {@code --skip-missing} left some out. */
    private final int declared;
    /**
     * The names the trace gives the locations of processes with several locations read, by location order
     * ({@link #threadName}); empty when there are none or the reader cannot tell them before the events.
     */
    private final java.util.Map<Long, String> threadNames;
    /** The processes read through several locations (threads; {@link #severalThreads}); null: none. */
    private final java.util.BitSet threaded;

    private TraceDefinitions(TraceDefinitions d, java.util.BitSet leftOut, java.util.Map<Long, String> threadNames, java.util.BitSet threaded) {
        this.processes = d.processes;
        this.regionKinds = d.regionKinds;
        this.regionNames = d.regionNames;
        this.ompRoles = d.ompRoles;
        this.openMp = d.openMp;
        this.startTicks = d.startTicks;
        this.mpiCalls = d.mpiCalls;
        this.mpiCallRegions = d.mpiCallRegions;
        this.blockingProbes = d.blockingProbes;
        this.communicators = d.communicators;
        this.selfCommunicators = d.selfCommunicators;
        this.ticksPerSecond = d.ticksPerSecond;
        this.notes = d.notes;
        this.leftOut = leftOut.isEmpty() ? null : (java.util.BitSet) leftOut.clone();
        this.worldRanks = d.worldRanks;
        this.declared = d.declared;
        this.threadNames = threadNames;
        this.threaded = threaded == null || threaded.isEmpty() ? null : (java.util.BitSet) threaded.clone();
    }

    /** These definitions with the processes of {@code ranks} {@link #leftOut} (a reader that knows it once they are built). */
    public TraceDefinitions withLeftOut(java.util.BitSet ranks) {
        return new TraceDefinitions(this, ranks, threadNames, threaded);
    }

    /**
     * These definitions with the names of the threads of processes with several threads (a reader that numbers the
     * locations it reads once the definitions are built).
     *
     * @param names each such location's name as the trace gives it, by its place among all locations (the order a
     *              {@link LocationSink} is given); a location without a name is left out
     * @return the definitions that {@link #threadName} answers from
     */
    public TraceDefinitions withThreadNames(java.util.Map<Long, String> names) {
        return new TraceDefinitions(this, leftOut == null ? new java.util.BitSet() : leftOut, java.util.Map.copyOf(names), threaded);
    }

    /**
     * These definitions with the processes that are read through several locations (threads) marked: their locations
     * keep their MPI calls' intervals for the process's {@code Tcomm_i} (definitions section 3).
     *
     * @param processes the processes with several locations read
     * @return the definitions that {@link #severalThreads} answers from
     */
    public TraceDefinitions withSeveralThreads(java.util.BitSet processes) {
        return new TraceDefinitions(this, leftOut == null ? new java.util.BitSet() : leftOut, threadNames, processes);
    }

    /**
     * Whether process {@code process} is read through several locations (its threads), as the reader said before
     * the events ({@link #withSeveralThreads}).
     *
     * @param process a process number
     * @return true when it has several locations
     */
    public boolean severalThreads(int process) {
        return threaded != null && process >= 0 && threaded.get(process);
    }

    /** Whether some process is read through several locations ({@link #severalThreads}). */
    public boolean anySeveralThreads() {
        return threaded != null;
    }

    /**
     * The name the trace gives the location at {@code order} (the place a {@link LocationSink} is given) when its
     * process has several threads ({@code "OMP thread 3"}, {@code "P#0T#1"}): untrusted text, escaped by each writer.
     *
     * @param order the location's place among all locations
     * @return its name, or null when the trace gives none or the reader does not tell it (OTF1, a stream of several processes)
     */
    public String threadName(long order) {
        return threadNames.get(order);
    }

    private TraceDefinitions(Builder b) {
        this.processes = List.copyOf(b.processes);
        this.regionKinds = b.regionKinds.toArray(new RegionKind[0]);
        this.regionNames = b.regionNames.toArray(new String[0]);
        this.ompRoles = b.ompRoles.toArray(new OmpRole[0]);
        this.openMp = b.ompRoles.stream().anyMatch(r -> r != OmpRole.NONE);
        this.startTicks = b.startTicks;
        this.mpiCalls = b.mpiCalls.toArray(new MpiCall[0]);
        this.mpiCallRegions = new boolean[mpiCalls.length];
        this.blockingProbes = new boolean[mpiCalls.length];
        for (int r = 0; r < mpiCalls.length; r++) {
            mpiCallRegions[r] = mpiCalls[r].isMpi() && r < regionKinds.length && regionKinds[r] != RegionKind.ENVIRONMENT;
            blockingProbes[r] = mpiCallRegions[r] && r < regionNames.length && MpiCall.isBlockingProbe(regionNames[r]);
        }
        this.communicators = List.copyOf(b.communicators);
        this.selfCommunicators = (java.util.BitSet) b.selfCommunicators.clone();
        this.ticksPerSecond = b.ticksPerSecond;
        this.notes = List.copyOf(b.notes);
        this.leftOut = b.leftOut.isEmpty() ? null : (java.util.BitSet) b.leftOut.clone();
        this.worldRanks = b.worldRanks == null || isIdentity(b.worldRanks) ? null : b.worldRanks.clone();
        if (worldRanks != null && worldRanks.length != processes.size()) {
            throw new IllegalStateException(worldRanks.length + " world ranks for " + processes.size() + " processes");
        }
        // a world rank R says that R + 1 processes at least are declared
        this.declared = Math.max(Math.max(b.declared, processes.size()), worldRanks == null ? 0 : worldRanks[worldRanks.length - 1] + 1);
        this.threadNames = java.util.Map.of();
        this.threaded = null;
    }

    private static boolean isIdentity(int[] ranks) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] != i) {
                return false;
            }
        }
        return true;
    }

    /**
     * The world rank (place in MPI_COMM_WORLD, definitions section 2) of process {@code process}, the number
     * users know it by. The analyses number the processes they analyse 0, 1, 2, ... (the {@code rank} of their
     * records and the index of their arrays); that number is the world rank itself unless {@code --skip-missing}
     * left out declared processes between those analysed ({@link #ranksAreWorldRanks()}). Every output that
     * names a process names it by this; every rank a user gives is turned into a process by {@link #process}.
     *
     * @param process a process number, 0 to {@link #processCount()} - 1 (others are returned as they are)
     * @return its world rank
     */
    public int worldRank(int process) {
        return worldRanks == null || process < 0 || process >= worldRanks.length ? process : worldRanks[process];
    }

    /**
     * The process analysed for world rank {@code rank}, the inverse of {@link #worldRank}.
     *
     * @param rank a world rank
     * @return its process number, or -1 when no process analysed has that rank
     */
    public int process(int rank) {
        if (worldRanks == null) {
            return rank >= 0 && rank < processes.size() ? rank : -1;
        }
        int i = java.util.Arrays.binarySearch(worldRanks, rank);
        return i >= 0 ? i : -1;
    }

    /**
     * How many processes the trace declares.
     *
     * @return {@link #processCount()}, or more when {@code --skip-missing} did not analyse them all (definitions section 2)
     */
    public int declaredProcesses() {
        return declared;
    }

    /**
     * Whether every process the trace declares is analysed (each of them read, or left out as a vertex without numbers).
     *
     * @return false when {@code --skip-missing} did not analyse some: then a launcher file or a comparison rank by rank
     *     of two runs would miss them
     */
    public boolean everyProcessAnalysed() {
        return declared == processes.size();
    }

    /**
     * Whether every process's number is its world rank (true on every trace read whole).
     *
     * @return false when {@code --skip-missing} left out processes between those analysed
     */
    public boolean ranksAreWorldRanks() {
        return worldRanks == null;
    }

    /**
     * Whether the reader left out every file of process {@code rank} ({@code --skip-missing}): nothing of it
     * was read, so its times, waits and offset are unknown, not 0 (definitions section 2). A process whose
     * files were read and hold no event is not left out.
     */
    public boolean leftOut(int rank) {
        return leftOut != null && rank >= 0 && leftOut.get(rank);
    }

    public List<ProcessInfo> processes() {
        return processes;
    }

    public int processCount() {
        return processes.size();
    }

    public RegionKind regionKind(int region) {
        return region >= 0 && region < regionKinds.length ? regionKinds[region] : RegionKind.OTHER;
    }

    /** The region's name as the trace gives it ("" when it has none). */
    public String regionName(int region) {
        return region >= 0 && region < regionNames.length ? regionNames[region] : "";
    }

    /** The region's OpenMP role (definitions section 10a); {@link OmpRole#NONE} for everything not OpenMP. */
    public OmpRole ompRole(int region) {
        return region >= 0 && region < ompRoles.length ? ompRoles[region] : OmpRole.NONE;
    }

    /** Whether the trace defines an OpenMP parallel region or barrier (so that the OpenMP analysis runs). */
    public boolean hasOpenMp() {
        return openMp;
    }

    public int regionCount() {
        return regionNames.length;
    }

    /**
     * Where the run starts on the trace's clock, in ticks: the start the trace declares (OTF2: the
     * clock properties' global offset; OTF: 0, VampirTrace's timers start there). Times given by
     * the user ({@code --window}) and drawn on a timeline count from here.
     */
    public long startTicks() {
        return startTicks;
    }

    /** What a region means for waiting: which MPI call it is, if any. */
    /**
     * Whether the region is an MPI call outside the environment (MPI_Init, MPI_Finalize): {@code regionKind(region) !=
     * ENVIRONMENT && mpiCall(region).isMpi()}, from one array (the recorders ask it at every call).
     *
     * @param region a region (out of range: false)
     * @return whether it is such a call
     */
    public boolean isMpiCall(int region) {
        return region >= 0 && region < mpiCallRegions.length && mpiCallRegions[region];
    }

    /**
     * Whether the region is a blocking probe, {@code MPI_Probe} or {@code MPI_Mprobe}: it waits for a message that the
     * next receive takes (definitions section 8).
     *
     * @param region a region (out of range: false)
     * @return whether it is one
     */
    public boolean isBlockingProbe(int region) {
        return region >= 0 && region < blockingProbes.length && blockingProbes[region];
    }

    public MpiCall mpiCall(int region) {
        return region >= 0 && region < mpiCalls.length ? mpiCalls[region] : MpiCall.NONE;
    }


    public int communicatorCount() {
        return communicators.size();
    }

    /** Whether a communicator is its caller's alone (COMM_SELF): it lists no member, and every caller is one. */
    public boolean selfCommunicator(int communicator) {
        return communicator >= 0 && selfCommunicators.get(communicator);
    }

    /** The world ranks of a communicator's members, in communicator-rank order. */
    public int[] communicatorMembers(int communicator) {
        return communicator >= 0 && communicator < communicators.size() ? communicators.get(communicator) : new int[0];
    }

    public double ticksPerSecond() {
        return ticksPerSecond;
    }

    /** Notes the reader made while resolving definitions (quirks of the tracer). */
    public List<String> notes() {
        return notes;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects definitions in the order a reader meets them. */
    public static final class Builder {
        private final List<ProcessInfo> processes = new ArrayList<>();
        private final List<RegionKind> regionKinds = new ArrayList<>();
        private final List<MpiCall> mpiCalls = new ArrayList<>();
        private final List<String> regionNames = new ArrayList<>();
        private final List<OmpRole> ompRoles = new ArrayList<>();
        private long startTicks;
        private final List<int[]> communicators = new ArrayList<>();
        private final java.util.BitSet selfCommunicators = new java.util.BitSet();
        private final List<String> notes = new ArrayList<>();
        private double ticksPerSecond = 1.0;
        private final java.util.BitSet leftOut = new java.util.BitSet();
        private int[] worldRanks;
        private int declared;

        /** Adds the process with the next rank and returns that rank. */
        public int addProcess(String name, String host) {
            int rank = processes.size();
            processes.add(new ProcessInfo(rank, name, host));
            return rank;
        }

        /** Adds a region, classified by definitions section 3, and returns its dense number. */
        public int addRegion(String name, boolean mpiMarked) {
            return addRegion(name, mpiMarked, OmpRole.NONE);
        }

        /** Adds a region with its OpenMP role (definitions section 10a) and returns its dense number. */
        public int addRegion(String name, boolean mpiMarked, OmpRole omp) {
            RegionKind kind = RegionKind.classify(name, mpiMarked);
            // EZTrace marks its OpenMP constructs as paradigm USER, as it does its MPI calls: known by their names
            ompRoles.add(omp != null && omp != OmpRole.NONE ? omp
                    : kind == RegionKind.OTHER && name != null ? OmpRole.ofEzTraceName(name.strip()) : OmpRole.NONE);
            regionKinds.add(kind);
            regionNames.add(name == null ? "" : name); // as the trace names it: "solve" and " solve" are two regions
            mpiCalls.add(MpiCall.classify(name, kind));
            return regionKinds.size() - 1;
        }

        /** Adds a communicator given by its members' world ranks and returns its dense number. */
        public int addCommunicator(int[] worldRanks) {
            communicators.add(worldRanks.clone());
            return communicators.size() - 1;
        }

        /** Adds a communicator that is its caller's alone (COMM_SELF: no member listed) and returns its dense number. */
        public int addSelfCommunicator() {
            int c = addCommunicator(new int[0]);
            selfCommunicators.set(c);
            return c;
        }

        public Builder ticksPerSecond(double ticks) {
            if (ticks > 0) {
                this.ticksPerSecond = ticks;
            }
            return this;
        }

        /** Where the run starts on the trace's clock (see {@link TraceDefinitions#startTicks()}). */
        public Builder startTicks(long ticks) {
            this.startTicks = ticks;
            return this;
        }

        /**
         * The world ranks of the processes added, ascending ({@link TraceDefinitions#worldRank}); not called:
         * 0, 1, 2, ... A reader that leaves out processes between those it analyses gives them.
         */
        public Builder worldRanks(int[] ranks) {
            for (int i = 1; i < ranks.length; i++) {
                if (ranks[i] <= ranks[i - 1]) {
                    throw new IllegalArgumentException("world ranks not ascending at " + i);
                }
            }
            this.worldRanks = ranks.clone();
            return this;
        }

        /** The processes the trace declares, when the reader analyses fewer ({@link TraceDefinitions#declaredProcesses}). */
        public Builder declared(int processes) {
            this.declared = processes;
            return this;
        }

        /** Process {@code rank}'s files were left out: nothing of it is read ({@link TraceDefinitions#leftOut}). */
        public Builder leaveOut(int rank) {
            leftOut.set(rank);
            return this;
        }

        public Builder note(String note) {
            notes.add(note);
            return this;
        }

        public TraceDefinitions build() {
            return new TraceDefinitions(this);
        }
    }
}
