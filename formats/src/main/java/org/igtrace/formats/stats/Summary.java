package org.igtrace.formats.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.formats.EfficiencyText;

/** What igtrace prints on standard error: the summary, the wait table, timing, contention. */
public final class Summary {
    private Summary() {
    }

    /** Notes up to this long stay on the summary line; longer ones get a line of their own. */
    public static final int INLINE_NOTE = 72;

    /**
     * The summary: one line of counts, waiting and clocks with the short notes, then one line per
     * long note. Each fact is told once (the profile's diagnostics are joined when read).
     */
    public static List<String> of(InformationGraph graph, GraphView view) {
        TraceProfile p = graph.profile();
        int edges = graph.edgesInOrder().size();
        StringBuilder s = new StringBuilder("igtrace: ");
        s.append(count(p.processes().size(), "process", "processes")).append(", ");
        if (view == GraphView.TREE) {
            s.append(count(graph.tree().size(), "edge", "edges")).append(" (the spanning tree of ").append(edges).append(")");
        } else {
            s.append(count(edges, "edge", "edges")).append(" (").append(graph.tree().size()).append(" in the tree)");
        }
        long onEdges = p.pairs().stream().mapToLong(org.igtrace.core.profile.PairTraffic::messages).sum();
        s.append(", ").append(onEdges > p.messages() // --collectives: the edges carry the modelled collectives too
                ? count(p.messages(), "point-to-point message", "point-to-point messages") + " (" + onEdges + " with the collectives)"
                : count(p.messages(), "message", "messages"))
                .append(", ").append(count(graph.components(), "component", "components"));
        WaitReport w = p.waits();
        if (w != null) {
            s.append("; ").append(waiting(p, w));
        }
        List<String> lines = new ArrayList<>();
        for (String told : p.notes()) {
            String note = org.igtrace.formats.Escape.line(told); // it may quote a name of the trace: one line, shown, as every note
            if (note.length() <= INLINE_NOTE) {
                s.append("; ").append(note);
            } else {
                lines.add("igtrace:   " + note);
            }
        }
        // what stats leaves out of its tables, said of the vertices: a process whose files were left out has a vertex without
        // times or w (GraphML, DOT: "not read"), one that recorded nothing time 0 and w = 1
        List<Integer> notRead = p.selectedProcesses().stream().filter(pr -> !pr.hasRow() && pr.leftOut()).map(pr -> p.worldRank(pr.rank()))
                .toList();
        List<Integer> silent = p.selectedProcesses().stream().filter(pr -> !pr.hasRow() && !pr.leftOut()).map(pr -> p.worldRank(pr.rank()))
                .toList();
        if (!notRead.isEmpty()) {
            lines.add("igtrace:   " + rankList(notRead) + (notRead.size() == 1 ? ": not read (its files left out): its vertex has"
                    : ": not read (their files left out): their vertices have") + " no time and no w, which are unknown");
        }
        if (!silent.isEmpty()) {
            lines.add("igtrace:   " + rankList(silent) + ": no region event was read (none recorded or none inside the --window), or all"
                    + " its time was in MPI_Init or MPI_Finalize or with recording off: its vertex has time 0 and w = 1, which does"
                    + " not mean it computed all the time");
        }
        lines.add(0, s.toString());
        return lines;
    }

    /** "rank 3" or "2 ranks (3, 9)", at most 8 of them listed. */
    private static String rankList(List<Integer> r) {
        String list = r.subList(0, Math.min(8, r.size())).stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", ")) + (r.size() > 8 ? ", ..." : "");
        return r.size() == 1 ? "rank " + list : r.size() + " ranks (" + list + ")";
    }

    /**
     * The processes a sum over processes is over: those analysed, with --ranks the selected ones (the graph keeps every
     * vertex), and only those read (a process whose files --skip-missing left out has unknown waits: it was counted).
     *
     * @param p the profile
     * @return how many
     */
    static int analysed(TraceProfile p) {
        return (int) p.processes().stream().filter(x -> p.selected(x.rank()) && !x.leftOut()).count();
    }

    /**
     * "waiting 931 ms summed over 4 processes (49.1% of their time), clocks corrected by offsets up to
     * 28.8 ms, 5 clock conflicts -> 0": a sum over processes never reads as a share of the run time.
     */
    private static String waiting(TraceProfile p, WaitReport w) {
        StringBuilder s = new StringBuilder("waiting ").append(Labels.seconds3(w.total())).append(" summed over ")
                .append(count(analysed(p), "process", "processes")).append(" (")
                .append(Labels.percent(w.total(), StatsTables.runTime(p))).append(" of their time), ").append(clocks(w, p::worldRank));
        s.append(", ").append(count(w.conflictsBefore(), "clock conflict", "clock conflicts"));
        // offsets that did not settle (drift) can leave conflicts where the raw clocks had none: "0 -> 60" (FD4 before
        // its all-gathers' members sending nothing were left out said "0 clock conflicts" with 60 left)
        if (w.corrected() && (w.conflictsBefore() > 0 || w.conflictsAfter() != 0)) {
            s.append(" -> ").append(w.conflictsAfter());
        }
        return s.toString();
    }

    /** "clocks corrected by offsets up to 28.8 ms (offsets of ranks 1-3 only bounded, from one side: a choice, not a measurement)", "clocks needed no correction", ... */
    public static String clocks(WaitReport w) {
        return clocks(w, r -> r);
    }

    /** {@link #clocks(WaitReport)}, each process named by {@code worldRank} of its number ({@link TraceProfile#worldRank}). */
    public static String clocks(WaitReport w, IntUnaryOperator worldRank) {
        StringBuilder s = new StringBuilder();
        double largest = 0;
        for (double o : w.offsets()) {
            largest = Math.max(largest, o);
        }
        if (!w.corrected()) {
            s.append("clocks not corrected");
        } else if (!w.settled()) {
            s.append("clocks drift (offsets up to ").append(Labels.seconds3(largest)).append(")");
        } else if (largest == 0) {
            s.append("clocks needed no correction");
        } else {
            s.append("clocks corrected by offsets up to ").append(Labels.seconds3(largest));
        }
        List<Integer> b = w.corrected() ? w.onlyBoundedProcesses().stream().map(worldRank::applyAsInt).toList() : List.of();
        s.append(b.isEmpty() ? "" : (b.size() == 1 ? " (offset of rank " : " (offsets of ranks ") + ranks(b) + " only bounded, from one side: a choice, not a measurement)");
        return s.toString();
    }

    public static String count(long n, String singular, String plural) {
        return Diagnostic.count(n, singular, plural);
    }

    /**
     * The {@code --stats} table: per wait-state pattern the waiting summed over all processes, its
     * share of the run (the sum of all processes' times), and the process that waited most.
     */
    public static List<String> waitTable(TraceProfile p) {
        WaitReport w = p.waits();
        double run = StatsTables.runTime(p);
        List<String> lines = new ArrayList<>();
        lines.add("waiting per pattern, summed over " + count(analysed(p), "process", "processes")
                + " (of time: of their times T_i added up)");
        lines.add(String.format(Locale.ROOT, "%-16s %12s %8s  %s", "pattern", "waiting", "of time", "most (rank)"));
        for (WaitPattern pattern : WaitPattern.values()) {
            int worst = -1;
            for (int r = 0; r < p.processes().size(); r++) {
                if (w.seconds(pattern, r) > 0 && (worst < 0 || w.seconds(pattern, r) > w.seconds(pattern, worst))) {
                    worst = r;
                }
            }
            lines.add(String.format(Locale.ROOT, "%-16s %12s %8s  %s", pattern.label(), Labels.seconds3(w.total(pattern)),
                    Labels.percent(w.total(pattern), run), worst < 0 ? "-" : Labels.seconds3(w.seconds(pattern, worst)) + " (" + p.worldRank(worst) + ")"));
        }
        lines.add(String.format(Locale.ROOT, "%-16s %12s %8s", "all", Labels.seconds3(w.total()), Labels.percent(w.total(), run)));
        return lines;
    }

    /**
     * The {@code --stats} efficiency lines (definitions section 10): the POP metrics, then per process its useful
     * time, efficiency and lost time split into idle, wait and transfer (adding up to T - U_i).
     */
    public static List<String> efficiencyTable(Efficiency e) {
        return efficiencyTable(e, r -> r);
    }

    /** {@link #efficiencyTable(Efficiency)}, each process named by {@code worldRank} of its number ({@link TraceProfile#worldRank}). */
    public static List<String> efficiencyTable(Efficiency e, IntUnaryOperator worldRank) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "efficiency: run time T %s, load balance %s, communication %s, parallel %s%s",
                Labels.seconds3(e.runtime()), Labels.fixed(e.loadBalance(), 3), Labels.fixed(e.communicationEfficiency(), 3),
                Labels.fixed(e.parallelEfficiency(), 3), Double.isNaN(e.serialisationEfficiency()) ? ""
                        : ", serialisation " + Labels.fixed(e.serialisationEfficiency(), 3) + ", transfer " + Labels.fixed(e.transferEfficiency(), 3)));
        if (e.threaded()) {
            lines.add("efficiency: " + EfficiencyText.hybrid(e) + " (load balance, communication and parallel are the MPI ones)");
        }
        lines.add(String.format(Locale.ROOT, "%6s %10s %10s %10s %10s %10s", "rank", "useful", "efficiency", "lost idle",
                "lost wait", "transfer"));
        for (Efficiency.ProcessEfficiency p : e.processes()) {
            lines.add(String.format(Locale.ROOT, "%6d %10s %10s %10s %10s %10s", worldRank.applyAsInt(p.rank()), Labels.seconds3(p.useful()), Labels.fixed(p.efficiency(), 3),
                    Labels.seconds3(p.lostIdle()), Labels.seconds3(p.lostWait()), Labels.seconds3(p.lostTransfer())));
        }
        return lines;
    }

    /**
     * The {@code --timing} line: {@code igtrace: timing: read 3.38 s (101.6 M events, 3 passes, 90.2 M/s; before the first
     * event 0.41 s, after the last event 0.52 s), graph 0.01 s, output 0.02 s}; the rate counts every pass; before the first
     * event: from the start of the process the user started (the launcher, or {@code java -jar}'s supervising JVM) to the
     * first event read, "-" when not known ({@code beforeFirstSeconds} negative); after the last event: the read's serial
     * tail (the wait analysis's joins and offsets, the profile's merge).
     */
    public static String timing(long readNanos, long perPass, int passes, String unit, double beforeFirstSeconds, long tailNanos,
                                long graphNanos, long outputNanos) {
        double seconds = readNanos / 1e9;
        String rate = seconds > 0 ? Labels.amount((long) (perPass * (double) passes / seconds)) + "/s" : "-";
        String before = beforeFirstSeconds < 0 ? "-" : Labels.fixed(beforeFirstSeconds, 2) + " s";
        return String.format(Locale.ROOT, "igtrace: timing: read %s s (%s %s, %d %s, %s; before the first event %s, after the last event %s s),"
                + " graph %s s, output %s s", Labels.fixed(seconds, 2), Labels.amount(perPass), unit, passes, passes == 1 ? "pass" : "passes",
                rate, before, Labels.fixed(Math.max(0, tailNanos) / 1e9, 2), Labels.fixed(graphNanos / 1e9, 2),
                Labels.fixed(outputNanos / 1e9, 2));
    }

    /**
     * The {@code --timing} line of a read this process did not count (igtrace on Spark: the executors read the events):
     * {@code igtrace: timing: read 2.83 s (in the job's tasks: events not counted by the driver), graph 0.01 s, output
     * 0.02 s}.
     */
    public static String timingElsewhere(long readNanos, long graphNanos, long outputNanos) {
        return String.format(Locale.ROOT, "igtrace: timing: read %s s (in the job's tasks: events not counted by the driver), graph %s s,"
                + " output %s s", Labels.fixed(readNanos / 1e9, 2), Labels.fixed(graphNanos / 1e9, 2), Labels.fixed(outputNanos / 1e9, 2));
    }

    /**
     * The contention summary of {@code --topology}: hop-bytes, link loads, where the bytes go, and
     * the most loaded links.
     */
    public static List<String> contention(ProjectedTopology t) {
        List<String> lines = new ArrayList<>();
        double total = t.totalBytes();
        StringBuilder s = new StringBuilder("igtrace: topology ").append(t.topology().name())
                .append(" (").append(t.topology().nodeCount()).append(" nodes, ").append(t.topology().linkCount())
                .append(" links): hop-bytes ").append(Numbers.format(t.hopBytes()))
                .append(", link load max ").append(Numbers.format(t.maxLinkLoadBytes())).append(" bytes, mean ")
                .append(Labels.fixed(t.meanLinkLoadBytes(), 1)).append(" bytes; of ")
                .append(Numbers.format(total)).append(" bytes ").append(Labels.percent(t.neighbourBytes(), total))
                .append(" between neighbouring nodes, ").append(Labels.percent(t.localBytes(), total)).append(" within a node");
        if (t.unroutableBytes() > 0) {
            s.append(", ").append(Labels.percent(t.unroutableBytes(), total)).append(" between nodes with no route");
        }
        if (t.topology() instanceof org.igtrace.core.topology.Bus) {
            // a node's link carries what it sends and receives; the medium all of it (patterns-8: links 22000 each, bus 88000)
            s.append("; the shared bus itself carries all ").append(Numbers.format(total - t.localBytes() - t.unroutableBytes()))
                    .append(" bytes between nodes (each node's link: what that node sends and receives)");
        }
        lines.add(s.toString());
        List<Integer> top = t.mostLoadedLinks(5);
        if (!top.isEmpty()) {
            StringBuilder l = new StringBuilder("igtrace: most loaded links:");
            for (int link : top) {
                l.append(' ').append(t.linkName(link)).append(' ').append(Numbers.format(t.loadBytes(link)))
                        .append(" bytes (").append(t.flows(link)).append(t.flows(link) == 1 ? " flow)" : " flows)")
                        .append(link == top.get(top.size() - 1) ? "" : ",");
            }
            lines.add(l.toString());
        }
        return lines;
    }

    /** "1-3, 7": ranks in order, runs as ranges. */
    public static String ranks(List<Integer> ranks) {
        StringBuilder s = new StringBuilder();
        for (int i = 0, j; i < ranks.size(); i = j) {
            for (j = i + 1; j < ranks.size() && ranks.get(j) == ranks.get(j - 1) + 1; j++) { }
            s.append(i == 0 ? "" : ", ").append(ranks.get(i)).append(j - i > 1 ? "-" + ranks.get(j - 1) : "");
        }
        return s.toString();
    }
}
