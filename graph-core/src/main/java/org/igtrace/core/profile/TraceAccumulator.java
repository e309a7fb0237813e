package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.diagnostic.DiagnosticKind;
import org.igtrace.core.diagnostic.Diagnostics;
import org.igtrace.core.trace.ProcessInfo;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.MeasurementGaps;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.PairCounters;

/**
 * Hands out one {@link LocationAccumulator} per location and merges them into a
 * {@link TraceProfile}. Locations may be fed on different threads; {@link #profile()} is called
 * once all of them are done.
 */
public final class TraceAccumulator implements LocationSink {
    private final TraceDefinitions definitions;
    private final boolean modelCollectives;
    private final List<LocationAccumulator> locations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong nextOrder = new AtomicLong();
    /** The bytes left to the locations' logs of their MPI calls (processes of several threads; {@link CallIntervals}). */
    private final AtomicLong callBudget;

    /**
     * @param modelCollectives whether collective operations add modelled pairwise traffic
     *                         ({@code --collectives}, definitions section 4)
     */
    public TraceAccumulator(TraceDefinitions definitions, boolean modelCollectives) {
        this(definitions, modelCollectives, CallIntervals.BUDGET_BYTES);
    }

    /** An accumulator whose locations' logs of their MPI calls may hold {@code callBudget} bytes together (tests). */
    TraceAccumulator(TraceDefinitions definitions, boolean modelCollectives, long callBudget) {
        this.definitions = definitions;
        this.modelCollectives = modelCollectives;
        this.callBudget = new AtomicLong(callBudget);
    }

    public TraceDefinitions definitions() {
        return definitions;
    }

    /** A fresh accumulator for one location of the process with world rank {@code process}. */
    public LocationAccumulator location(int process) {
        return location(process, nextOrder.getAndIncrement());
    }

    /**
     * A fresh accumulator for one location, merged in ascending {@code order}. Readers that feed
     * locations on several threads pass an order fixed by the trace (not by thread timing), so that
     * sums of fractional modelled bytes come out the same on every run.
     */
    @Override
    public LocationAccumulator location(int process, long order) {
        if (process < 0 || process >= definitions.processCount()) {
            throw new IllegalArgumentException("no process with rank " + process);
        }
        LocationAccumulator accumulator = new LocationAccumulator(definitions, process, modelCollectives, order, callBudget);
        locations.add(accumulator);
        return accumulator;
    }

    /** Merges every location into the profile (definitions sections 3 and 4). */
    public TraceProfile profile() {
        List<LocationAccumulator> all = locations();
        long[] pairs = expectedPairs(all, definitions.processCount());
        ProfileTotals totals = new ProfileTotals(definitions.processCount(), expected(pairs[0]), expected(pairs[1]), expected(pairs[2]));
        for (LocationAccumulator l : all) {
            totals.add(l);
        }
        return profile(totals, all.stream().map(LocationAccumulator::times).toList());
    }

    /**
     * The pairs the totals' three tables expect: per process its location with the most (a process's threads
     * mostly share their partners, and a sum over them would size the tables for T times the pairs of a run whose
     * T threads per process all call MPI; where the threads' partners differ, the tables grow as they fill).
     */
    private static long[] expectedPairs(List<LocationAccumulator> all, int processes) {
        long[][] most = new long[3][processes];
        long[] one = new long[3];
        for (LocationAccumulator l : all) {
            java.util.Arrays.fill(one, 0);
            l.addPairCounts(one);
            for (int k = 0; k < 3; k++) {
                most[k][l.process()] = Math.max(most[k][l.process()], one[k]);
            }
        }
        long[] pairs = new long[3];
        for (int k = 0; k < 3; k++) {
            for (long c : most[k]) {
                pairs[k] += c;
            }
        }
        return pairs;
    }

    /** A table's expected pairs: at most those of {@link #expectedPairs}, and not beyond what a table can hold. */
    private static int expected(long pairs) {
        return (int) Math.min(pairs, 1 << 24);
    }

    /**
     * The profile (definitions sections 3, 4 and 10a) from totals added up elsewhere and the times of every location:
     * a distributed engine adds its tasks' traffic and counts by pair, and every location's {@link LocationTimes}
     * ({@link ProfileTotals#add(LocationTimes)}) once they are in one place, as {@link #profile()} does.
     *
     * @param times every location's times, in any order
     */
    public TraceProfile profile(ProfileTotals m, List<LocationTimes> times) {
        List<LocationTimes> ordered = new ArrayList<>(times);
        ordered.sort(Comparator.comparingLong(LocationTimes::order));
        TraceProfile profile = totalsProfile(m);
        return profile.withProcesses(threadTimes(profile, m, ordered));
    }

    /**
     * The processes with the OpenMP and per-thread times of those with several threads (definitions section 10a);
     * the others as they are.
     */
    private List<ProcessProfile> threadTimes(TraceProfile profile, ProfileTotals m, List<LocationTimes> all) {
        List<List<LocationTimes>> byProcess = new ArrayList<>();
        for (int i = 0; i < definitions.processCount(); i++) {
            byProcess.add(new ArrayList<>());
        }
        for (LocationTimes l : all) {
            if (l.spanTicks() > 0) {
                byProcess.get(l.process()).add(l);
            }
        }
        List<ProcessProfile> out = new ArrayList<>(profile.processes());
        for (int r = 0; r < out.size(); r++) {
            List<LocationTimes> threads = byProcess.get(r);
            if (threads.size() < 2) {
                continue;
            }
            long[] spans = new long[threads.size()];
            long[] wall = new long[threads.size()];
            long[][] off = new long[threads.size()][];
            long[] mpi = new long[threads.size()];
            List<OpenMpThread> omp = new ArrayList<>();
            for (int t = 0; t < spans.length; t++) {
                LocationTimes l = threads.get(t);
                spans[t] = Math.max(0, l.spanTicks() - l.environmentTicks());
                wall[t] = l.lastRegionTime() - l.firstRegionTime();
                off[t] = l.offIntervals();
                mpi[t] = l.communicationTicks();
                omp.add(l.omp != null ? l.omp : new OpenMpThread());
            }
            long processTicks = Math.max(0, m.processSpanTicks(r) - m.environmentTicks[r]);
            OpenMpTimes teams = OpenMpTeams.of(omp, new OpenMpTeams.Threads(spans, wall, off, m.processOffIntervals(r)), mpi,
                    processTicks, definitions.ticksPerSecond());
            List<OpenMpTimes.ThreadTimes> times = new ArrayList<>(teams.threads());
            for (int t = 0; t < times.size(); t++) {
                times.set(t, times.get(t).named(definitions.threadName(threads.get(t).order())));
            }
            out.set(r, out.get(r).withOpenMp(new OpenMpTimes(times, teams.constructs())));
        }
        return out;
    }

    /** The locations accumulated so far, in ascending order. */
    public List<LocationAccumulator> locations() {
        List<LocationAccumulator> ordered = new ArrayList<>(locations);
        ordered.sort(Comparator.comparingLong(LocationAccumulator::order));
        return ordered;
    }

    /** The profile (definitions sections 3 and 4) from the totals, before the threads of a process are joined. */
    private TraceProfile totalsProfile(ProfileTotals m) {
        Directed d = directed(m);
        // ordered by (a, b) as one key (ranks are not negative): a sort of numbers, not of 293,500 records through a
        // comparator at 10^5 ranks (the sort's compiled code is shared with every other object sort of the run)
        long[] keys = new long[d.undirected.size()];
        int[] n = {0};
        d.undirected.forEach((a, b, bytes, messages) -> keys[n[0]++] = ((long) a << 32) | b);
        java.util.Arrays.sort(keys);
        List<PairTraffic> pairs = new ArrayList<>(keys.length);
        for (long key : keys) {
            int a = (int) (key >>> 32);
            int b = (int) key;
            pairs.add(new PairTraffic(a, b, d.undirected.bytes(a, b), d.undirected.messages(a, b)));
        }
        return new TraceProfile(processes(m), pairs, d.p2pMessages, notes(m, d), null, null, worldRanks(definitions));
    }

    /** The processes' world ranks ({@link TraceProfile#worldRanks}), or null when they are their numbers. */
    static int[] worldRanks(TraceDefinitions definitions) {
        if (definitions.ranksAreWorldRanks()) {
            return null;
        }
        int[] ranks = new int[definitions.processCount()];
        for (int p = 0; p < ranks.length; p++) {
            ranks[p] = definitions.worldRank(p);
        }
        return ranks;
    }

    private List<ProcessProfile> processes(ProfileTotals m) {
        double ticksPerSecond = definitions.ticksPerSecond(); // divide once: exact to the nearest double
        List<ProcessProfile> processes = new ArrayList<>(definitions.processCount());
        for (ProcessInfo p : definitions.processes()) {
            int r = p.rank();
            long timeTicks = Math.max(0, m.processSpanTicks(r) - m.environmentTicks[r]);
            // at most T_i: events that jump ahead in time and come back (a damaged timestamp) can make the calls' sum longer
            long commTicks = Math.min(m.processCommunicationTicks(r), timeTicks);
            processes.add(new ProcessProfile(r, p.name(), p.host(), timeTicks / ticksPerSecond, commTicks / ticksPerSecond, m.threads[r], null,
                    definitions.leftOut(r)));
        }
        return processes;
    }

    /** The traffic per pair, and what the receive-side fallback and mismatched counts found. */
    private static final class Directed {
        PairCounters undirected;
        long p2pMessages;
        long fallbackMessages;
        long fallbackDirections;
        long sendsWithoutReceive;
        long receivesWithoutSend;
    }

    /** Directed traffic: the send side where any send was seen, else the receive side; then both directions together. */
    private Directed directed(ProfileTotals m) {
        Directed d = new Directed();
        PairCounters directed = new PairCounters(m.sends.size() + 1);
        m.sends.forEach((from, to, bytes, messages) -> {
            directed.add(from, to, bytes, messages);
            long received = m.receives.messages(from, to);
            if (received < messages) {
                d.sendsWithoutReceive += messages - received;
            } else if (received > messages) {
                d.receivesWithoutSend += received - messages;
            }
        });
        m.receives.forEach((from, to, bytes, messages) -> {
            if (m.sends.messages(from, to) == 0) {
                directed.add(from, to, bytes, messages);
                d.fallbackMessages += messages;
                d.fallbackDirections++;
            }
        });
        directed.forEach((from, to, bytes, messages) -> d.p2pMessages += messages);
        if (modelCollectives) {
            directed.addAll(m.collectiveTraffic);
        }
        d.undirected = new PairCounters(directed.size() + 1);
        directed.forEach((from, to, bytes, messages) -> d.undirected.add(Math.min(from, to), Math.max(from, to), bytes, messages));
        return d;
    }

    /** How the note on time with recording switched off begins ({@link #offNote}). */
    public static final String RECORDING_OFF = "recording was switched off (MeasurementOnOff) on ";

    /**
     * How long recording was off per process (definitions section 3), or null if never: "recording was switched off
     * (MeasurementOnOff) on rank 0 for 10 ms: ...".
     */
    static String offNote(long[] offTicks, double ticksPerSecond) {
        return offNote(offTicks, ticksPerSecond, r -> r);
    }

    /** {@link #offNote(long[], double)} naming each process by {@code worldRank} of its number. */
    static String offNote(long[] offTicks, double ticksPerSecond, java.util.function.IntUnaryOperator worldRank) {
        String b = MeasurementGaps.perProcess(offTicks, ticksPerSecond, worldRank);
        return b == null ? null : RECORDING_OFF + b + ": what ran then is unknown, left out of"
                + " T_i where no other thread of the process was recorded, the time in MPI, the useful time and the replay's compute";
    }

    /**
     * The note on processes whose {@code Tcomm_i} is their busiest thread's ({@link ProfileTotals#busiestThreadOnly}), or
     * null when there are none.
     */
    private String busiestThreadNote(ProfileTotals m) {
        StringBuilder which = new StringBuilder();
        int n = 0;
        boolean budget = false;
        for (int p = 0; p < m.threads.length; p++) {
            if (m.busiestThreadOnly(p)) {
                budget |= m.callsDropped(p);
                if (n++ < 3) {
                    which.append(n > 1 ? ", " : "").append("rank ").append(definitions.worldRank(p));
                }
            }
        }
        if (n == 0) {
            return null;
        }
        return "the time in MPI (T_comm) of " + which + (n > 3 ? " and " + (n - 3) + " more" : "") + " is the busiest thread's, not the"
                + " time in which any of its threads was in MPI: " + (budget ? "the threads' MPI calls were more than the "
                + (CallIntervals.BUDGET_BYTES >> 20) + " MB igtrace keeps of them" : "the reader kept no thread's MPI calls");
    }

    /** Whether a send or a collective call had an impossible length (else only receive events did, if any). */
    private static boolean implausibleSends(ProfileTotals m) {
        return m.count(ProfileTotals.Count.IMPLAUSIBLE_LENGTHS) + m.count(ProfileTotals.Count.IMPLAUSIBLE_COLLECTIVES) > 0;
    }

    private List<Diagnostic> notes(ProfileTotals m, Directed d) {
        Diagnostics found = new Diagnostics();
        definitions.notes().forEach(found::add);
        found.addIf(DiagnosticKind.RECEIVE_SIDE_COUNTED, d.fallbackMessages, d.fallbackDirections)
                .addIf(DiagnosticKind.SENDS_WITHOUT_RECEIVE, d.sendsWithoutReceive)
                .addIf(DiagnosticKind.RECEIVES_WITHOUT_SEND, d.receivesWithoutSend)
                .addIf(DiagnosticKind.SILENT_SENDRECV, m.count(ProfileTotals.Count.SILENT_SENDRECV_CALLS),
                        m.count(ProfileTotals.Count.SILENT_SENDRECV_REPLACE_CALLS))
                .addIf(DiagnosticKind.PARTNER_OUTSIDE, m.count(ProfileTotals.Count.UNTRANSLATED_PARTNERS))
                .addIf(DiagnosticKind.SELF_MESSAGES, m.messages(ProfileTotals.Count.SELF_MESSAGES, ProfileTotals.Count.SELF_RECEIVES))
                .addIf(DiagnosticKind.UNBALANCED_LEAVES, m.count(ProfileTotals.Count.UNBALANCED_LEAVES))
                .addIf(DiagnosticKind.BACKWARD_TIMES, m.count(ProfileTotals.Count.BACKWARD_TIMES))
                .addIf(DiagnosticKind.IMPLAUSIBLE_LENGTHS, implausibleSends(m) ? m.messages(ProfileTotals.Count.IMPLAUSIBLE_LENGTHS,
                        ProfileTotals.Count.IMPLAUSIBLE_RECEIVES) + m.count(ProfileTotals.Count.IMPLAUSIBLE_COLLECTIVES) : 0)
                // only receives (APEX 1.2.0's 122 of 1747 messages): "messages ... ignored" read as if the messages were
                .addIf(DiagnosticKind.IMPLAUSIBLE_RECEIVE_LENGTHS, implausibleSends(m) ? 0 : m.count(ProfileTotals.Count.IMPLAUSIBLE_RECEIVES));
        String busiest = busiestThreadNote(m);
        if (busiest != null) {
            found.add(busiest);
        }
        String off = offNote(m.offTicks, definitions.ticksPerSecond(), definitions::worldRank);
        if (off != null) {
            found.add(off);
        }
        if (d.p2pMessages == 0 && definitions.processCount() > 1) { // one process has no pair to draw traffic between
            // calls that carry no data (barriers) give no pairwise traffic even with --collectives
            found.addIf(m.count(ProfileTotals.Count.COLLECTIVE_DATA_CALLS) == 0 ? DiagnosticKind.COLLECTIVES_WITHOUT_DATA_ONLY
                    : modelCollectives ? DiagnosticKind.COLLECTIVES_ONLY_MODELLED : DiagnosticKind.COLLECTIVES_ONLY,
                    m.count(ProfileTotals.Count.COLLECTIVE_CALLS));
        }
        return found.list();
    }
}
