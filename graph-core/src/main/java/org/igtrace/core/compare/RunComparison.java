package org.igtrace.core.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;

/**
 * Two runs of one program with the same processes side by side (definitions section 15): run time, per
 * process T, useful time and waiting, waiting per pattern, compute per region, traffic per pair and the POP
 * metrics (definitions section 10), each as its value in A, in B and their difference. The numbers are those
 * {@code igtrace stats} shows of each run.
 *
 * @param runtime    {@code T = max_i T_i}
 * @param processes  per process (the selected ones, not those left out of either run by {@code --skip-missing}), rank order
 * @param patterns   waiting per pattern summed over processes, the patterns' order
 * @param regions    compute per region summed over processes, largest change first
 * @param pairs      per pair (both directions), ordered by (a, b)
 * @param efficiency the POP metrics by their output names (runtime, load_balance, communication_efficiency,
 *                   parallel_efficiency)
 */
public record RunComparison(Change runtime, List<ProcessRow> processes, List<PatternRow> patterns, List<RegionRow> regions,
                            List<PairRow> pairs, Map<String, Change> efficiency) {

    /** One run's numbers: its profile (with waits) and its compute per region. */
    public record Run(TraceProfile profile, RegionTimes regions) {
    }

    /** One process: T, useful time U = T - Tcomm, waiting in all, and per pattern (the patterns' order). */
    public record ProcessRow(int rank, Change time, Change useful, Change waiting, List<Change> patterns) {
    }

    public record PatternRow(WaitPattern pattern, Change waiting) {
    }

    /** One region: its compute summed over processes, and per process (rank order). */
    public record RegionRow(String name, Change compute, List<Change> processes) {
        /** The process whose compute in the region changed most in the direction of the total (ties: the lowest rank). */
        public int mostChangedRank() {
            double sign = compute.delta() >= 0 ? 1 : -1;
            int best = 0;
            for (int r = 1; r < processes.size(); r++) {
                if (sign * processes.get(r).delta() > sign * processes.get(best).delta()) {
                    best = r;
                }
            }
            return best;
        }
    }

    /** One pair (a < b): bytes and messages both ways. */
    public record PairRow(int a, int b, Change bytes, Change messages) {
    }

    public RunComparison {
        processes = List.copyOf(processes);
        patterns = List.copyOf(patterns);
        regions = List.copyOf(regions);
        pairs = List.copyOf(pairs);
        // in the given order: Map.copyOf's order changed from one run of igtrace to the next (the JSON's keys)
        efficiency = Collections.unmodifiableMap(new LinkedHashMap<>(efficiency));
    }

    /**
     * The comparison of {@code a} and {@code b}.
     *
     * @throws IllegalArgumentException when they have different numbers of processes
     */
    public static RunComparison of(Run a, Run b) {
        TraceProfile pa = a.profile(), pb = b.profile();
        int n = pa.processes().size();
        if (pb.processes().size() != n) {
            throw new IllegalArgumentException(n + " processes against " + pb.processes().size());
        }
        Efficiency ea = Efficiency.of(pa), eb = Efficiency.of(pb);
        Map<Integer, Efficiency.ProcessEfficiency> ua = byRank(ea), ub = byRank(eb);
        WaitPattern[] all = WaitPattern.values();
        List<ProcessRow> processes = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            if (!pa.selected(r)) { // --ranks: the same selection in both runs (definitions section 11)
                continue;
            }
            ProcessProfile xa = pa.processes().get(r), xb = pb.processes().get(r);
            if (xa.leftOut() || xb.leftOut()) { // --skip-missing: nothing of it read in a run, nothing to compare
                continue;
            }
            List<Change> perPattern = new ArrayList<>(all.length);
            for (WaitPattern p : all) {
                perPattern.add(new Change(wait(pa.waits(), p, r), wait(pb.waits(), p, r)));
            }
            processes.add(new ProcessRow(r, new Change(xa.time(), xb.time()), new Change(useful(ua, r), useful(ub, r)),
                    new Change(wait(pa.waits(), null, r), wait(pb.waits(), null, r)), perPattern));
        }
        List<PatternRow> patterns = new ArrayList<>(all.length);
        for (WaitPattern p : all) {
            patterns.add(new PatternRow(p, new Change(pa.waits() == null ? 0 : pa.waits().total(p), pb.waits() == null ? 0 : pb.waits().total(p))));
        }
        Map<String, Change> efficiency = new LinkedHashMap<>();
        efficiency.put("runtime", new Change(ea.runtime(), eb.runtime()));
        efficiency.put("load_balance", new Change(ea.loadBalance(), eb.loadBalance()));
        efficiency.put("communication_efficiency", new Change(ea.communicationEfficiency(), eb.communicationEfficiency()));
        efficiency.put("parallel_efficiency", new Change(ea.parallelEfficiency(), eb.parallelEfficiency()));
        return new RunComparison(new Change(ea.runtime(), eb.runtime()), processes, patterns, regions(a.regions(), b.regions(), n),
                pairs(pa, pb), efficiency);
    }

    private static Map<Integer, Efficiency.ProcessEfficiency> byRank(Efficiency e) {
        Map<Integer, Efficiency.ProcessEfficiency> m = new TreeMap<>();
        e.processes().forEach(p -> m.put(p.rank(), p));
        return m;
    }

    private static double useful(Map<Integer, Efficiency.ProcessEfficiency> byRank, int rank) {
        Efficiency.ProcessEfficiency p = byRank.get(rank);
        return p == null ? 0 : p.useful();
    }

    /** Process {@code rank}'s waiting in {@code pattern} (null: in all), 0 without a wait analysis. */
    private static double wait(WaitReport w, WaitPattern pattern, int rank) {
        return w == null ? 0 : pattern == null ? w.total(rank) : w.seconds(pattern, rank);
    }

    private static List<RegionRow> regions(RegionTimes a, RegionTimes b, int n) {
        Set<String> names = new LinkedHashSet<>(a.names());
        names.addAll(b.names());
        List<RegionRow> rows = new ArrayList<>();
        for (String name : names) {
            List<Change> perProcess = new ArrayList<>(n);
            for (int r = 0; r < n; r++) {
                perProcess.add(new Change(a.of(name, r), b.of(name, r)));
            }
            rows.add(new RegionRow(name, new Change(a.total(name), b.total(name)), perProcess));
        }
        rows.sort(Comparator.comparingDouble((RegionRow r) -> -Math.abs(r.compute().delta()))
                .thenComparingDouble(r -> -Math.max(r.compute().a(), r.compute().b())).thenComparing(RegionRow::name));
        return rows;
    }

    private static List<PairRow> pairs(TraceProfile a, TraceProfile b) {
        Map<Long, PairTraffic[]> byPair = new TreeMap<>();
        for (PairTraffic t : a.pairs()) {
            byPair.computeIfAbsent(WaitReport.pairKey(t.a(), t.b()), k -> new PairTraffic[2])[0] = t;
        }
        for (PairTraffic t : b.pairs()) {
            byPair.computeIfAbsent(WaitReport.pairKey(t.a(), t.b()), k -> new PairTraffic[2])[1] = t;
        }
        List<PairRow> rows = new ArrayList<>();
        for (PairTraffic[] t : byPair.values()) {
            PairTraffic any = t[0] != null ? t[0] : t[1];
            rows.add(new PairRow(any.a(), any.b(), new Change(t[0] == null ? 0 : t[0].bytes(), t[1] == null ? 0 : t[1].bytes()),
                    new Change(t[0] == null ? 0 : t[0].messages(), t[1] == null ? 0 : t[1].messages())));
        }
        rows.sort(Comparator.comparingInt(PairRow::a).thenComparingInt(PairRow::b));
        return rows;
    }
}
