package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.Diagnostics;
import org.igtrace.core.wait.WaitReport;

/**
 * Everything the information graph is built from: per-process times, per-pair traffic, the
 * waiting found by matching messages (when that analysis ran), and the diagnostics about what the
 * trace did not show.
 *
 * @param processes   in rank order
 * @param pairs       ordered by (a, b), only pairs with messages
 * @param messages    point-to-point messages counted (each once)
 * @param diagnostics what the user should know, e.g. 312 receive events without a send event
 * @param waits       clock correction and wait states (definitions section 8), or null when not analysed
 * @param selectedRanks the processes a {@code --ranks} selection kept (definitions section 11): the
 *                    efficiency means and the per-process tables are over them (process numbers); null: every process
 * @param worldRanks  each process's world rank, ascending ({@link #worldRank}), when the processes analysed are not
 *                    0, 1, 2, ... ({@code --skip-missing} on a sparse archive, definitions section 2); null: they are
 */
public record TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<Diagnostic> diagnostics,
                           WaitReport waits, BitSet selectedRanks, int[] worldRanks) {

    public TraceProfile {
        processes = List.copyOf(processes);
        pairs = List.copyOf(pairs);
        diagnostics = List.copyOf(diagnostics);
        selectedRanks = selectedRanks == null ? null : (BitSet) selectedRanks.clone();
        worldRanks = worldRanks == null || identity(worldRanks) ? null : worldRanks.clone();
    }

    private static boolean identity(int[] ranks) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] != i) {
                return false;
            }
        }
        return true;
    }

    /** A profile of processes numbered by their world ranks. */
    public TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<Diagnostic> diagnostics,
                        WaitReport waits, BitSet selectedRanks) {
        this(processes, pairs, messages, diagnostics, waits, selectedRanks, null);
    }

    /** A profile of every process. */
    public TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<Diagnostic> diagnostics,
                        WaitReport waits) {
        this(processes, pairs, messages, diagnostics, waits, null);
    }

    /** A profile without wait analysis. */
    public TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<Diagnostic> diagnostics) {
        this(processes, pairs, messages, diagnostics, null, null);
    }

    @Override
    public int[] worldRanks() {
        return worldRanks == null ? null : worldRanks.clone();
    }

    /**
     * The world rank of process {@code process} ({@link org.igtrace.core.trace.TraceDefinitions#worldRank}): what every
     * output names it by. The process number itself on every trace read whole.
     */
    public int worldRank(int process) {
        return worldRanks == null || process < 0 || process >= worldRanks.length ? process : worldRanks[process];
    }

    /**
     * The processes' part of the definitions this profile was read with: each process's name, host and world rank,
     * nothing else (no region or communicator), for the checks of a command line against the processes of a trace
     * read where its definitions stay (a reader in other processes).
     *
     * @return definitions holding the processes only
     */
    public org.igtrace.core.trace.TraceDefinitions processDefinitions() {
        org.igtrace.core.trace.TraceDefinitions.Builder b = org.igtrace.core.trace.TraceDefinitions.builder();
        for (ProcessProfile p : processes) {
            b.addProcess(p.name(), p.host());
        }
        if (worldRanks != null) {
            b.worldRanks(worldRanks);
        }
        return b.build();
    }

    /** Whether every process's number is its world rank ({@link #worldRank} is the identity). */
    public boolean ranksAreWorldRanks() {
        return worldRanks == null;
    }

    /** This profile with its processes' world ranks ({@link #worldRanks}; null or 0, 1, 2, ...: their numbers). */
    public TraceProfile withWorldRanks(int[] ranks) {
        return new TraceProfile(processes, pairs, messages, diagnostics, waits, selectedRanks, ranks);
    }

    /**
     * The process numbers of the world ranks in {@code ranks} (a {@code --ranks} selection), those not analysed left out;
     * null for null. The same set on every trace read whole.
     */
    public BitSet processesOf(BitSet ranks) {
        if (ranks == null || worldRanks == null) {
            return ranks;
        }
        BitSet processes = new BitSet();
        for (int p = 0; p < worldRanks.length; p++) {
            if (ranks.get(worldRanks[p])) {
                processes.set(p);
            }
        }
        return processes;
    }

    @Override
    public BitSet selectedRanks() {
        return selectedRanks == null ? null : (BitSet) selectedRanks.clone();
    }

    /** Whether process {@code rank} is one the analysis is about (every process without a {@code --ranks} selection). */
    public boolean selected(int rank) {
        return selectedRanks == null || (rank >= 0 && selectedRanks.get(rank));
    }

    /** The processes the analysis is about, in rank order: all of them, or those a {@code --ranks} selection kept. */
    public List<ProcessProfile> selectedProcesses() {
        return selectedRanks == null ? processes : processes.stream().filter(p -> selected(p.rank())).toList();
    }

    /**
     * This profile about the processes of {@code ranks} only (process numbers: {@link #processesOf} turns a selection's
     * world ranks into them; null: all); their events must be all it
     * holds. Traffic with a process outside them is left out: the filter drops their messages, but a
     * selected process's collectives modelled as pairwise traffic (--collectives) reach every member
     * (jacobi-8 --ranks 0,2 --collectives had 13 edges, to ranks not selected).
     */
    public TraceProfile withSelectedRanks(BitSet ranks) {
        List<PairTraffic> kept = ranks == null ? pairs
                : pairs.stream().filter(p -> p.a() >= 0 && p.b() >= 0 && ranks.get(p.a()) && ranks.get(p.b())).toList();
        return new TraceProfile(processes, kept, messages, diagnostics, waits, ranks, worldRanks);
    }

    /** The diagnostics in words, one sentence each. */
    public List<String> notes() {
        return diagnostics.stream().map(Diagnostic::sentence).toList();
    }

    /** This profile with {@code more} notes written as text after its own diagnostics. */
    public TraceProfile withNotes(List<String> more) {
        return withDiagnostics(Diagnostic.notes(more));
    }

    /** This profile with {@code more} diagnostics after its own (a reader's about the events it read). */
    public TraceProfile withDiagnostics(List<Diagnostic> more) {
        List<Diagnostic> all = new ArrayList<>(diagnostics);
        all.addAll(more);
        return new TraceProfile(processes, pairs, messages, all, waits, selectedRanks, worldRanks);
    }

    /** This profile with {@code replaced} as its processes (the same ones, in rank order, with more said about them). */
    public TraceProfile withProcesses(List<ProcessProfile> replaced) {
        return new TraceProfile(replaced, pairs, messages, diagnostics, waits, selectedRanks, worldRanks);
    }

    /**
     * How many of a process's threads spent time in MPI communication calls (1 without per-thread times): only with
     * several can their waits exceed {@code Tcomm_i}, which counts time they were in MPI at once once (waits inside MPI_Init or MPI_Finalize can on
     * one thread too, and are not capped: definitions section 10).
     */
    private static int mpiThreads(ProcessProfile p) {
        if (p.openMp() == null) {
            return 1;
        }
        int n = 0;
        for (OpenMpTimes.ThreadTimes t : p.openMp().threads()) {
            n += t.mpi() > 0 ? 1 : 0;
        }
        return n;
    }

    /**
     * This profile with the wait analysis attached (its diagnostics joined to the profile's, each fact told once). A
     * process of several threads calling MPI waits at most its {@code Tcomm_i} ({@link WaitReport#cappedAt}: its threads' waits are
     * added up, its {@code Tcomm_i} counts the time any of them was in MPI).
     */
    public TraceProfile withWaits(WaitReport report) {
        if (report != null) {
            long[] most = new long[processes.size()];
            for (int p = 0; p < most.length; p++) {
                ProcessProfile pp = processes.get(p);
                most[p] = mpiThreads(pp) > 1 ? Math.round(pp.commTime() * report.ticksPerSecond()) : -1;
            }
            report = report.cappedAt(most, p -> "rank " + worldRank(p));
        }
        return new TraceProfile(processes, pairs, messages,
                report == null ? diagnostics : Diagnostics.join(diagnostics, report.diagnostics()), report, selectedRanks, worldRanks);
    }
}
