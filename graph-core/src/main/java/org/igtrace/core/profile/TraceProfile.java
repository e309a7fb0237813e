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
 *                    efficiency means and the per-process tables are over them; null: every process
 */
public record TraceProfile(List<ProcessProfile> processes, List<PairTraffic> pairs, long messages, List<Diagnostic> diagnostics,
                           WaitReport waits, BitSet selectedRanks) {

    public TraceProfile {
        processes = List.copyOf(processes);
        pairs = List.copyOf(pairs);
        diagnostics = List.copyOf(diagnostics);
        selectedRanks = selectedRanks == null ? null : (BitSet) selectedRanks.clone();
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
     * This profile about the processes of {@code ranks} only (null: all); their events must be all it
     * holds. Traffic with a process outside them is left out: the filter drops their messages, but a
     * selected process's collectives modelled as pairwise traffic (--collectives) reach every member
     * (jacobi-8 --ranks 0,2 --collectives had 13 edges, to ranks not selected).
     */
    public TraceProfile withSelectedRanks(BitSet ranks) {
        List<PairTraffic> kept = ranks == null ? pairs
                : pairs.stream().filter(p -> p.a() >= 0 && p.b() >= 0 && ranks.get(p.a()) && ranks.get(p.b())).toList();
        return new TraceProfile(processes, kept, messages, diagnostics, waits, ranks);
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
        return new TraceProfile(processes, pairs, messages, all, waits, selectedRanks);
    }

    /** This profile with {@code replaced} as its processes (the same ones, in rank order, with more said about them). */
    public TraceProfile withProcesses(List<ProcessProfile> replaced) {
        return new TraceProfile(replaced, pairs, messages, diagnostics, waits, selectedRanks);
    }

    /** This profile with the wait analysis attached (its diagnostics joined to the profile's, each fact told once). */
    public TraceProfile withWaits(WaitReport report) {
        return new TraceProfile(processes, pairs, messages,
                report == null ? diagnostics : Diagnostics.join(diagnostics, report.diagnostics()), report, selectedRanks);
    }
}
