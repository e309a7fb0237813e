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
import org.igtrace.core.profile.OpenMpTimes;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;

/**
 * Two runs of one program with the same processes side by side (definitions section 15): run time, per
 * process T, useful time and waiting, waiting per pattern, compute per region, traffic per pair and the POP
 * metrics (definitions section 10), each as its value in A, in B and their difference. The numbers are those
 * {@code igtrace stats} shows of each run. The two runs' processes are matched by world rank ({@link
 * TraceDefinitions#worldRank}: the process numbers of two runs that {@code --skip-missing} read in part may differ), and
 * every rank here is a world rank.
 *
 * @param runtime    {@code T = max_i T_i}
 * @param processes  per process (the selected ones, not those left out of either run by {@code --skip-missing}, nor
 *                   those only one run analysed), rank order
 * @param patterns   waiting per pattern summed over processes, the patterns' order
 * @param regions    compute per region summed over processes, largest change first
 * @param pairs      per pair (both directions), ordered by (a, b)
 * @param efficiency the POP metrics by their output names (runtime, load_balance, communication_efficiency,
 *                   parallel_efficiency); where either run has several threads per process (definitions section 10a)
 *                   also hybrid_parallel_efficiency, openmp_parallel_efficiency and the OpenMP times summed over the
 *                   processes, wait_omp_barrier, wait_omp_ebarrier, omp_idle, omp_runtime (seconds; a run of one
 *                   thread per process: its hybrid efficiency the MPI one, OpenMP 1, the times 0)
 * @param leftOut    the selected world ranks both runs declare of which one run (or both) read nothing to compare (its
 *                   files left out by {@code --skip-missing} or {@code --skip-damaged}, or no row: no region event read, none
 *                   inside the {@code --window}): left out of both runs' rows, the patterns' and regions' totals and the POP
 *                   metrics, rank order; not a rank both runs read with no row in either (it is in neither run's numbers)
 * @param openMpConstructs whether either run recorded an OpenMP construct: the thread level's efficiency is then OpenMP's,
 *                   else that of threads of another kind (pthreads), as stats names it
 */
public record RunComparison(Change runtime, List<ProcessRow> processes, List<PatternRow> patterns, List<RegionRow> regions,
                            List<PairRow> pairs, Map<String, Change> efficiency, List<Integer> leftOut, boolean openMpConstructs) {

    /**
     * One run's numbers: its profile (with waits), its compute per region, and its definitions (the world rank of each
     * process; null: the process numbers are the world ranks).
     */
    public record Run(TraceProfile profile, RegionTimes regions, TraceDefinitions definitions) {
        /** A run whose process numbers are its world ranks. */
        public Run(TraceProfile profile, RegionTimes regions) {
            this(profile, regions, null);
        }

        /** The world rank of process {@code process}. */
        public int worldRank(int process) {
            return definitions == null ? process : definitions.worldRank(process);
        }

        /** The process of world rank {@code rank}, or -1: not analysed. */
        public int process(int rank) {
            return definitions == null ? (rank >= 0 && rank < profile.processes().size() ? rank : -1) : definitions.process(rank);
        }

        /** Whether every process the run declares is analysed (its processes are then compared rank by rank, as many in both). */
        boolean numberedByWorldRank() {
            return definitions == null || definitions.everyProcessAnalysed();
        }
    }

    /** One process (by world rank): T, useful time U = T - Tcomm, waiting in all, and per pattern (the patterns' order). */
    public record ProcessRow(int rank, Change time, Change useful, Change waiting, List<Change> patterns) {
    }

    public record PatternRow(WaitPattern pattern, Change waiting) {
    }

    /**
     * One region: its compute summed over processes, and per process matched (rank order), {@code ranks} their world
     * ranks.
     */
    public record RegionRow(String name, Change compute, List<Change> processes, List<Integer> ranks) {
        public RegionRow {
            processes = List.copyOf(processes);
            ranks = List.copyOf(ranks);
        }

        /** The world rank of the process whose compute in the region changed most in the direction of the total (ties: the lowest rank). */
        public int mostChangedRank() {
            return ranks.get(mostChanged());
        }

        /** That process's change. */
        public Change mostChangedProcess() {
            return processes.get(mostChanged());
        }

        private int mostChanged() {
            if (processes.isEmpty()) {
                throw new IllegalStateException("no process compared: no rank to name");
            }
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

    /** One pair (world ranks a < b): bytes and messages both ways. */
    public record PairRow(int a, int b, Change bytes, Change messages) {
    }

    /**
     * This comparison with {@code more} world ranks said to be left out of both runs (ranks the runs were read again
     * without, as one run lacked them).
     *
     * @param more world ranks not compared
     * @return the comparison with them among {@link #leftOut()}, in order
     */
    public RunComparison withLeftOut(List<Integer> more) {
        java.util.TreeSet<Integer> all = new java.util.TreeSet<>(leftOut);
        all.addAll(more);
        return new RunComparison(runtime, processes, patterns, regions, pairs, efficiency, List.copyOf(all), openMpConstructs);
    }

    public RunComparison {
        processes = List.copyOf(processes);
        patterns = List.copyOf(patterns);
        regions = List.copyOf(regions);
        pairs = List.copyOf(pairs);
        leftOut = List.copyOf(leftOut);
        // in the given order: Map.copyOf's order changed from one run of igtrace to the next (the JSON's keys)
        efficiency = Collections.unmodifiableMap(new LinkedHashMap<>(efficiency));
    }

    /**
     * The comparison of {@code a} and {@code b}.
     *
     * @throws IllegalArgumentException when both number their processes by world rank and have different numbers of them
     */
    public static RunComparison of(Run a, Run b) {
        TraceProfile pa = a.profile(), pb = b.profile();
        int n = pa.processes().size();
        if (a.numberedByWorldRank() && b.numberedByWorldRank() && pb.processes().size() != n) {
            throw new IllegalArgumentException(n + " processes against " + pb.processes().size());
        }
        int[][] matched = matched(a, b);
        List<Integer> leftOut = new ArrayList<>();
        boolean cut = false;
        boolean[] inA = new boolean[pa.processes().size()], inB = new boolean[pb.processes().size()];
        for (int[] m : matched) {
            inA[m[0]] = true;
            inB[m[1]] = true;
            ProcessProfile xa = pa.processes().get(m[0]), xb = pb.processes().get(m[1]);
            // a rank read in both runs with no row in either (no region event recorded in both: synth-idle's rank 4) is in
            // neither run's numbers, as stats leaves it out, and no path crosses it: nothing of either run is left out by it
            boolean emptyInBoth = !xa.leftOut() && !xb.leftOut() && !xa.hasRow() && !xb.hasRow();
            boolean out = !emptyInBoth && (absent(xa) || absent(xb));
            cut |= out;
            if (out && pa.selected(m[0])) {
                leftOut.add(a.worldRank(m[0]));
            }
        }
        // a process of one run whose world rank the other did not analyse (--skip-missing left its process out there): out
        // of both runs too, not only of the rows (its waits were in one run's totals: B's 50.7 s of N x N beside rows of 10.8 s)
        for (int ra = 0; ra < inA.length; ra++) {
            if (!inA[ra] && pa.selected(ra)) {
                cut = true;
                leftOut.add(a.worldRank(ra));
            }
        }
        for (int rb = 0; rb < inB.length; rb++) {
            if (!inB[rb] && pb.selected(rb)) {
                cut = true;
                if (!leftOut.contains(b.worldRank(rb))) {
                    leftOut.add(b.worldRank(rb));
                }
            }
        }
        leftOut.sort(null);
        if (cut) {
            // a world rank --skip-missing left out of either run is left out of both, in the POP lines and the patterns'
            // totals as in the rows (A's late sender, all rank 6's, against B without rank 6 read as -2 ms)
            java.util.BitSet keepA = new java.util.BitSet(), keepB = new java.util.BitSet();
            for (int[] m : matched) {
                if (pa.selected(m[0]) && !absent(pa.processes().get(m[0])) && !absent(pb.processes().get(m[1]))) {
                    keepA.set(m[0]);
                    keepB.set(m[1]);
                }
            }
            pa = pa.withSelectedRanks(keepA);
            pb = pb.withSelectedRanks(keepB);
        }
        Efficiency ea = Efficiency.of(pa), eb = Efficiency.of(pb);
        Map<Integer, Efficiency.ProcessEfficiency> ua = byRank(ea), ub = byRank(eb);
        WaitPattern[] all = WaitPattern.values();
        List<ProcessRow> processes = new ArrayList<>(matched.length);
        for (int[] m : matched) {
            int ra = m[0], rb = m[1];
            if (!pa.selected(ra)) { // --ranks: the same selection in both runs (definitions section 11)
                continue;
            }
            ProcessProfile xa = pa.processes().get(ra), xb = pb.processes().get(rb);
            if (absent(xa) || absent(xb)) { // nothing of it read in a run (or no row there): nothing to compare
                continue;
            }
            List<Change> perPattern = new ArrayList<>(all.length);
            for (WaitPattern p : all) {
                perPattern.add(new Change(wait(pa.waits(), p, ra), wait(pb.waits(), p, rb)));
            }
            processes.add(new ProcessRow(a.worldRank(ra), new Change(xa.time(), xb.time()), new Change(useful(ua, ra), useful(ub, rb)),
                    new Change(wait(pa.waits(), null, ra), wait(pb.waits(), null, rb)), perPattern));
        }
        List<PatternRow> patterns = new ArrayList<>(all.length);
        for (WaitPattern p : all) {
            patterns.add(new PatternRow(p, cut ? new Change(selectedWait(pa, p), selectedWait(pb, p))
                    : new Change(pa.waits() == null ? 0 : pa.waits().total(p), pb.waits() == null ? 0 : pb.waits().total(p))));
        }
        Map<String, Change> efficiency = new LinkedHashMap<>();
        efficiency.put("runtime", new Change(ea.runtime(), eb.runtime()));
        efficiency.put("load_balance", new Change(ea.loadBalance(), eb.loadBalance()));
        efficiency.put("communication_efficiency", new Change(ea.communicationEfficiency(), eb.communicationEfficiency()));
        efficiency.put("parallel_efficiency", new Change(ea.parallelEfficiency(), eb.parallelEfficiency()));
        if (ea.threaded() || eb.threaded()) { // a hybrid run: what changed at the thread level
            efficiency.put("hybrid_parallel_efficiency", new Change(hybrid(ea), hybrid(eb)));
            efficiency.put("openmp_parallel_efficiency", new Change(openMp(ea), openMp(eb)));
            efficiency.put("wait_omp_barrier", new Change(openMpSum(ea, OpenMpTimes::waitBarrier), openMpSum(eb, OpenMpTimes::waitBarrier)));
            efficiency.put("wait_omp_ebarrier", new Change(openMpSum(ea, OpenMpTimes::waitEBarrier), openMpSum(eb, OpenMpTimes::waitEBarrier)));
            efficiency.put("omp_idle", new Change(openMpSum(ea, OpenMpTimes::idle), openMpSum(eb, OpenMpTimes::idle)));
            efficiency.put("omp_runtime", new Change(openMpSum(ea, OpenMpTimes::runtime), openMpSum(eb, OpenMpTimes::runtime)));
        }
        return new RunComparison(new Change(ea.runtime(), eb.runtime()), processes, patterns, regions(a, b, matched),
                pairs(a, b), efficiency, leftOut, ea.openMpConstructs() || eb.openMpConstructs());
    }

    /**
     * The processes of the two runs with the same world rank, as pairs {A's process, B's}, ascending world rank: on runs
     * read whole, process r of A with process r of B for every r of A.
     */
    public static int[][] matched(Run a, Run b) {
        int n = a.profile().processes().size();
        List<int[]> m = new ArrayList<>(n);
        for (int ra = 0; ra < n; ra++) {
            int rb = b.process(a.worldRank(ra));
            if (rb >= 0) {
                m.add(new int[] {ra, rb});
            }
        }
        return m.toArray(new int[0][]);
    }

    /** The hybrid parallel efficiency; of a run of one thread per process, the MPI one (each process one thread). */
    private static double hybrid(Efficiency e) {
        return e.threaded() ? e.hybridParallelEfficiency() : e.parallelEfficiency();
    }

    /** The OpenMP parallel efficiency; of a run of one thread per process, 1. */
    private static double openMp(Efficiency e) {
        return e.threaded() ? e.openMpParallelEfficiency() : 1;
    }

    /** An OpenMP time summed over the processes counted in {@code e}. */
    private static double openMpSum(Efficiency e, java.util.function.ToDoubleFunction<OpenMpTimes> time) {
        double sum = 0;
        for (Efficiency.ProcessEfficiency p : e.processes()) {
            sum += p.openMp() == null ? 0 : time.applyAsDouble(p.openMp());
        }
        return sum;
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

    /** The waiting in {@code pattern} of {@code profile}'s selected processes. */
    private static double selectedWait(TraceProfile profile, WaitPattern pattern) {
        double sum = 0;
        for (int r = 0; r < profile.processes().size(); r++) {
            if (profile.selected(r)) {
                sum += wait(profile.waits(), pattern, r);
            }
        }
        return sum;
    }

    /** Process {@code rank}'s waiting in {@code pattern} (null: in all), 0 without a wait analysis. */
    private static double wait(WaitReport w, WaitPattern pattern, int rank) {
        return w == null ? 0 : pattern == null ? w.total(rank) : w.seconds(pattern, rank);
    }

    /**
     * Whether a run has nothing of process {@code x} to compare: its files were left out ({@code --skip-missing},
     * {@code --skip-damaged}), or it has no row (no region event read, none inside the {@code --window}: definitions section
     * 10, as stats leaves it out). Such a world rank is left out of both runs, so that both are measured over the same
     * processes (jacobi-8 against pi-8 in a window without rank 0's events: A's load balance over 7 ranks, B's over 8).
     */
    private static boolean absent(ProcessProfile x) {
        return x.leftOut() || !x.hasRow();
    }

    private static List<RegionRow> regions(Run runA, Run runB, int[][] matched) {
        RegionTimes a = runA.regions(), b = runB.regions();
        Set<String> names = new LinkedHashSet<>(a.names());
        names.addAll(b.names());
        // a world rank whose files --skip-missing left out in either run is left out of both (as the processes' rows
        // are): A's ranks 1-7 against all 8 of B's gave a region's change to rank 0, never read in A
        List<int[]> compared = new ArrayList<>(matched.length);
        java.util.BitSet outA = new java.util.BitSet(), outB = new java.util.BitSet();
        // a process whose world rank the other run did not analyse is out too (all of them, then the matched ones back)
        outA.set(0, runA.profile().processes().size());
        outB.set(0, runB.profile().processes().size());
        for (int[] m : matched) {
            outA.clear(m[0]);
            outB.clear(m[1]);
        }
        for (int[] m : matched) {
            if (absent(runA.profile().processes().get(m[0])) || absent(runB.profile().processes().get(m[1]))) {
                outA.set(m[0]);
                outB.set(m[1]);
            } else {
                compared.add(m);
            }
        }
        List<Integer> worldRanks = new ArrayList<>(compared.size());
        for (int[] m : compared) {
            worldRanks.add(runA.worldRank(m[0]));
        }
        List<Integer> ranks = List.copyOf(worldRanks); // one list for every row (List.copyOf keeps it)
        List<RegionRow> rows = new ArrayList<>();
        for (String name : names) {
            List<Change> perProcess = new ArrayList<>(compared.size());
            for (int[] m : compared) {
                perProcess.add(new Change(a.of(name, m[0]), b.of(name, m[1])));
            }
            // summed over the processes kept, not the whole total less the left out: that left 5e-20 s of A's pack for
            // no process compared, a change without a process to name
            double totalA = a.total(name, p -> !outA.get(p)), totalB = b.total(name, p -> !outB.get(p));
            rows.add(new RegionRow(name, new Change(totalA, totalB), perProcess, ranks));
        }
        rows.sort(Comparator.comparingDouble((RegionRow r) -> -Math.abs(r.compute().delta()))
                .thenComparingDouble(r -> -Math.max(r.compute().a(), r.compute().b())).thenComparing(RegionRow::name));
        return rows;
    }

    /** The pairs of both runs by their world ranks (a pair of a process only one run analysed too). */
    private static List<PairRow> pairs(Run runA, Run runB) {
        Map<Long, PairTraffic[]> byPair = new TreeMap<>();
        Map<Long, int[]> ranks = new TreeMap<>();
        for (Run run : new Run[] {runA, runB}) {
            for (PairTraffic t : run.profile().pairs()) {
                int x = run.worldRank(t.a()), y = run.worldRank(t.b());
                long key = WaitReport.pairKey(x, y);
                byPair.computeIfAbsent(key, k -> new PairTraffic[2])[run == runA ? 0 : 1] = t;
                ranks.putIfAbsent(key, new int[] {x, y});
            }
        }
        List<PairRow> rows = new ArrayList<>();
        for (Map.Entry<Long, PairTraffic[]> e : byPair.entrySet()) {
            PairTraffic[] t = e.getValue();
            int[] ab = ranks.get(e.getKey());
            rows.add(new PairRow(ab[0], ab[1], new Change(t[0] == null ? 0 : t[0].bytes(), t[1] == null ? 0 : t[1].bytes()),
                    new Change(t[0] == null ? 0 : t[0].messages(), t[1] == null ? 0 : t[1].messages())));
        }
        rows.sort(Comparator.comparingInt(PairRow::a).thenComparingInt(PairRow::b));
        return rows;
    }
}
