package org.igtrace.formats.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.igtrace.formats.Table;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.formats.EfficiencyText;

/**
 * The tables of {@code igtrace stats}: waiting per wait-state pattern, numbers per process, and
 * the totals. A new number per process is one more column in {@link #processes}.
 */
public final class StatsTables {
    private static final WaitPattern[] PATTERNS = WaitPattern.values();

    private StatsTables() {
    }

    /** One row per pattern and a last row "all": waiting summed over processes, its share of the run, who waited most. */
    public static Table patterns(TraceProfile p) {
        WaitReport w = p.waits();
        double run = runTime(p);
        int[] worst = new int[PATTERNS.length];
        for (WaitPattern pattern : PATTERNS) {
            worst[pattern.ordinal()] = -1;
            for (int r = 0; r < p.processes().size(); r++) {
                int best = worst[pattern.ordinal()];
                if (w.seconds(pattern, r) > 0 && (best < 0 || w.seconds(pattern, r) > w.seconds(pattern, best))) {
                    worst[pattern.ordinal()] = r;
                }
            }
        }
        int all = PATTERNS.length;
        return new Table(PATTERNS.length + 1)
                .column("pattern", "pattern", Table.Kind.TEXT, i -> i == all ? "all" : PATTERNS[i].label())
                .column("waiting", "waiting", Table.Kind.SECONDS, i -> i == all ? w.total() : w.total(PATTERNS[i]))
                .column("share_of_run", "of time", Table.Kind.PERCENT,
                        i -> run == 0 ? 0.0 : (i == all ? w.total() : w.total(PATTERNS[i])) / run)
                .column("most_rank", "most by rank", Table.Kind.INTEGER, i -> i == all || worst[i] < 0 ? null : p.worldRank(worst[i]))
                .column("most_waiting", "rank's waiting", Table.Kind.SECONDS,
                        i -> i == all || worst[i] < 0 ? null : w.seconds(PATTERNS[i], worst[i]));
    }

    /** One row per process: T, Tcomm, w, the waiting of each pattern, all waiting, the clock offset. */
    public static Table processes(TraceProfile p) {
        return processes(p, null);
    }

    /**
     * {@link #processes(TraceProfile)}, then, with {@code e}, definitions section 10's useful time, efficiency
     * and lost time per process under their output names.
     */
    public static Table processes(TraceProfile p, Efficiency e) {
        Table t = waitingPerProcess(p);
        List<ProcessProfile> procs = readProcesses(p);
        return e == null ? t : efficiencyColumns(t, e, i -> procs.get(i).rank());
    }

    /** One row per process: its rank, then definitions section 10's useful time, efficiency and lost time split three ways. */
    public static Table efficiency(Efficiency e) {
        return efficiency(e, r -> r);
    }

    /** {@link #efficiency(Efficiency)}, each process named by {@code worldRank} of its number ({@link TraceProfile#worldRank}). */
    public static Table efficiency(Efficiency e, IntUnaryOperator worldRank) {
        List<Efficiency.ProcessEfficiency> rows = e.processes();
        return efficiencyColumns(new Table(rows.size()).column("rank", "rank", Table.Kind.INTEGER,
                i -> worldRank.applyAsInt(rows.get(i).rank())), e, i -> rows.get(i).rank());
    }

    /** The POP line (definitions section 10): T and the efficiencies of the whole run. */
    public static String pop(Efficiency e) {
        return String.format(Locale.ROOT, "POP: run time T %s, load balance %s, communication efficiency %s, parallel efficiency %s",
                Labels.seconds3(e.runtime()), Labels.fixed(e.loadBalance(), 3), Labels.fixed(e.communicationEfficiency(), 3),
                Labels.fixed(e.parallelEfficiency(), 3))
                + (e.threaded() ? "; " + EfficiencyText.hybrid(e) : "");
    }

    /**
     * The efficiency columns of the table's row i, whose rank {@code rankOf} gives; empty for a process the metrics
     * leave out (no region event read: --skip-missing, --skip-damaged).
     */
    private static Table efficiencyColumns(Table t, Efficiency e, java.util.function.IntUnaryOperator rankOf) {
        java.util.Map<Integer, Efficiency.ProcessEfficiency> byRank = new java.util.HashMap<>();
        e.processes().forEach(r -> byRank.put(r.rank(), r));
        java.util.function.IntFunction<Efficiency.ProcessEfficiency> row = i -> byRank.get(rankOf.applyAsInt(i));
        t.column("useful", "useful", Table.Kind.SECONDS, i -> row.apply(i) == null ? null : row.apply(i).useful())
                .column("efficiency", "efficiency", Table.Kind.FRACTION, i -> row.apply(i) == null ? null : row.apply(i).efficiency())
                .column("lost_idle", "lost idle", Table.Kind.SECONDS, i -> row.apply(i) == null ? null : row.apply(i).lostIdle())
                .column("lost_wait", "lost wait", Table.Kind.SECONDS, i -> row.apply(i) == null ? null : row.apply(i).lostWait())
                .column("lost_transfer", "lost transfer", Table.Kind.SECONDS, i -> row.apply(i) == null ? null : row.apply(i).lostTransfer());
        if (!e.threaded()) {
            return t;
        }
        java.util.function.IntFunction<org.igtrace.core.profile.OpenMpTimes> omp = i -> row.apply(i) == null ? null : row.apply(i).openMp();
        return t.column("threads", "threads", Table.Kind.INTEGER, i -> omp.apply(i) == null ? null : omp.apply(i).threads().size())
                .column("wait_omp_barrier", "omp barrier", Table.Kind.SECONDS, i -> omp.apply(i) == null ? null : omp.apply(i).waitBarrier())
                .column("wait_omp_ebarrier", "omp ebarrier", Table.Kind.SECONDS, i -> omp.apply(i) == null ? null : omp.apply(i).waitEBarrier())
                .column("omp_idle", "omp idle", Table.Kind.SECONDS, i -> omp.apply(i) == null ? null : omp.apply(i).idle())
                .column("omp_runtime", "omp runtime", Table.Kind.SECONDS, i -> omp.apply(i) == null ? null : omp.apply(i).runtime())
                .column("thread_useful", "thread useful", Table.Kind.SECONDS, i -> omp.apply(i) == null ? null : omp.apply(i).useful());
    }

    /** The heading of {@link #threads}' table in stats' text and the report, when the threads recorded OpenMP constructs. */
    public static final String THREADS_HEADING = "OpenMP per thread (thread: its place among its process's threads; name: the trace's)";
    /** The same for threads that recorded none (pthreads, HPX's workers): no OpenMP waiting, each thread's own span. */
    public static final String PLAIN_THREADS_HEADING = "Per thread, no OpenMP construct recorded: each thread's own span (thread: its"
            + " place among its process's threads; name: the trace's)";

    /**
     * @param e the run's efficiency
     * @return the heading of {@link #threads}' table for this run
     */
    public static String threadsHeading(Efficiency e) {
        return e.openMpConstructs() ? THREADS_HEADING : PLAIN_THREADS_HEADING;
    }

    /**
     * One row per thread of the processes with several threads (definitions section 10a): its rank, its place among
     * the process's threads (location order), its name in the trace (none: "-"; OTF1 none for a stream of several), its OpenMP waiting,
     * idle and runtime, its MPI time and useful time.
     */
    public static Table threads(Efficiency e) {
        return threads(e, r -> r);
    }

    /** {@link #threads(Efficiency)}, each process named by {@code worldRank} of its number ({@link TraceProfile#worldRank}). */
    public static Table threads(Efficiency e, IntUnaryOperator worldRank) {
        List<int[]> at = new java.util.ArrayList<>(); // row in e.processes(), thread
        for (int r = 0; r < e.processes().size(); r++) {
            org.igtrace.core.profile.OpenMpTimes omp = e.processes().get(r).openMp();
            for (int t = 0; omp != null && t < omp.threads().size(); t++) {
                at.add(new int[] {r, t});
            }
        }
        java.util.function.IntFunction<org.igtrace.core.profile.OpenMpTimes.ThreadTimes> th =
                i -> e.processes().get(at.get(i)[0]).openMp().threads().get(at.get(i)[1]);
        return new Table(at.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> worldRank.applyAsInt(e.processes().get(at.get(i)[0]).rank()))
                .column("thread", "thread", Table.Kind.INTEGER, i -> at.get(i)[1])
                .column("name", "name", Table.Kind.TEXT, i -> th.apply(i).name())
                .column("wait_omp_barrier", "omp barrier", Table.Kind.SECONDS, i -> th.apply(i).waitBarrier())
                .column("wait_omp_ebarrier", "omp ebarrier", Table.Kind.SECONDS, i -> th.apply(i).waitEBarrier())
                .column("omp_idle", "omp idle", Table.Kind.SECONDS, i -> th.apply(i).idle())
                .column("omp_runtime", "omp runtime", Table.Kind.SECONDS, i -> th.apply(i).runtime())
                .column("mpi", "mpi", Table.Kind.SECONDS, i -> th.apply(i).mpi())
                .column("useful", "useful", Table.Kind.SECONDS, i -> th.apply(i).useful());
    }

    /** All processes' times added up: what "of the run" shares are of. */
    public static double runTime(TraceProfile p) {
        double t = 0;
        for (ProcessProfile process : p.processes()) {
            t += process.time();
        }
        return t;
    }

    /**
     * The selected processes (all, or those of --ranks) with a row ({@link ProcessProfile#hasRow}), in
     * rank order: a process whose files --skip-missing or --skip-damaged left out, or whose T is 0, has
     * none (its T 0 and w 1 would read as a process that computed all the time; definitions section 10).
     */
    public static List<ProcessProfile> readProcesses(TraceProfile p) {
        return p.selectedProcesses().stream().filter(ProcessProfile::hasRow).toList();
    }

    /**
     * The selected processes with no row ({@link #readProcesses}: no region event read, in the
     * --window or at all, or a T of 0), and why, in one line; null when every process has one.
     */
    public static String withoutRows(TraceProfile p) {
        List<Integer> ranks = withoutRowRanks(p);
        if (ranks.isEmpty()) {
            return null;
        }
        String list = ranks.size() <= 8 ? ranks.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                : ranks.subList(0, 8).stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + ", ...";
        return (ranks.size() == 1 ? "rank " + list + " has" : ranks.size() + " ranks (" + list + ") have")
                + " no row: no region event was read (it recorded none, or none inside the --window, or its files were left out),"
                + " or all its time was in MPI_Init or MPI_Finalize or with recording off; T 0 would read as w = 1, a process that computed all the time";
    }

    /** The world ranks of the selected processes with no row ({@link #readProcesses}), in rank order. */
    public static List<Integer> withoutRowRanks(TraceProfile p) {
        return p.selectedProcesses().stream().filter(pr -> !pr.hasRow()).map(pr -> p.worldRank(pr.rank())).toList();
    }

    /** The rows of {@link #readProcesses}, in rank order as the efficiency's rows. */
    private static Table waitingPerProcess(TraceProfile p) {
        List<ProcessProfile> procs = readProcesses(p);
        WaitReport w = p.waits();
        Table t = new Table(procs.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> p.worldRank(procs.get(i).rank()))
                .column("time", "T", Table.Kind.SECONDS, i -> procs.get(i).time())
                .column("comm_time", "Tcomm", Table.Kind.SECONDS, i -> procs.get(i).commTime())
                .column("w", "w", Table.Kind.FRACTION, i -> procs.get(i).computeFraction());
        for (WaitPattern pattern : PATTERNS) {
            t.column(pattern.attribute(), pattern.attribute().substring("wait_".length()), Table.Kind.SECONDS,
                    i -> w.seconds(pattern, procs.get(i).rank()));
        }
        return t.column("wait", "waiting", Table.Kind.SECONDS, i -> w.total(procs.get(i).rank()))
                .column("clock_offset", "offset", Table.Kind.SECONDS, i -> w.offset(procs.get(i).rank())); // not offsets(): a copy of all n per row
    }

    /** The totals, for JSON. */
    public static Map<String, Object> summary(InformationGraph graph) {
        TraceProfile p = graph.profile();
        WaitReport w = p.waits();
        double comm = p.processes().stream().mapToDouble(ProcessProfile::commTime).sum();
        double largest = 0;
        for (double o : w.offsets()) {
            largest = Math.max(largest, o);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("processes", p.processes().size());
        m.put("edges", graph.edgesInOrder().size());
        m.put("messages", p.messages());
        m.put("components", graph.components());
        m.put("process_time", runTime(p)); // the sum of every T_i (efficiency.runtime is T = max T_i)
        m.put("comm_time", comm);
        m.put("wait", w.total());
        m.put("clock_correction", w.corrected() ? "offsets" : "none");
        m.put("clock_drift", !w.settled());
        m.put("largest_clock_offset", largest);
        m.put("clock_conflicts", w.conflictsBefore());
        m.put("clock_conflicts_after", w.conflictsAfter());
        m.put("matched_messages", w.matchedMessages());
        return m;
    }
}
