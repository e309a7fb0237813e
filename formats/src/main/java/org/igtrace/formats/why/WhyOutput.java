package org.igtrace.formats.why;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.formats.Table;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.util.Labels;
import org.igtrace.core.why.PathProfile;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Escape;

/**
 * What {@code igtrace why} writes: a short story, then the tables (text), or the same as JSON. Every process is named by
 * its world rank ({@link Why#worldRank}), the rank the user knows it by, also when {@code --skip-missing} left out
 * processes between those analysed.
 */
public final class WhyOutput {
    /** Rows of a table in text at most (JSON has them all). */
    private static final int ROWS = 10;

    private final Why why;
    private final TraceProfile profile;
    private final Selection selection;
    private final List<PathProfile.ProcessOnPath> processes;
    private final List<PathProfile.PairOnPath> pairs;
    private final List<Why.CauseRow> causes;

    public WhyOutput(Why why, TraceProfile profile, Selection selection) {
        this.why = why;
        this.profile = profile;
        this.selection = selection;
        boolean all = selection.ranks() == null;
        this.processes = why.path().processes().stream().filter(p -> all || profile.selected(p.rank())).toList();
        this.pairs = why.path().pairs().stream().filter(p -> all || profile.selected(p.from()) || profile.selected(p.to())).toList();
        this.causes = why.causes().stream().filter(c -> all || profile.selected(c.rank())).toList();
    }

    /**
     * The waiting of processes for their own other threads, which no cause is charged with, in words: "290 us of rank 0's
     * waiting was for its own threads' messages: charged to no cause" ("" when none).
     *
     * @return the words, names as the trace writes them (ranks only)
     */
    public String ownThreads() {
        if (why.ownThreadWaiting() <= 0) {
            return "";
        }
        List<String> ranks = new ArrayList<>();
        for (int p = 0; p < why.ownThreads().length; p++) {
            if (why.ownThreads()[p] > 0) {
                ranks.add("rank " + why.worldRank(p));
            }
        }
        String whose = ranks.size() == 1 ? ranks.get(0) + "'s" : ranks.size() <= 3 ? String.join(", ", ranks) + "'s"
                : ranks.size() + " ranks'";
        return Labels.seconds3(why.ownThreadWaiting()) + " of " + whose + " waiting was for "
                + (ranks.size() == 1 ? "its" : "their") + " own threads' messages: charged to no cause";
    }

    /** The story in one or two sentences, names as the trace writes them: each writer escapes it for its language. */
    public String story() {
        PathProfile path = why.path();
        // with --ranks the causes are those of the ranks kept; when processes waited but none of the kept ranks caused
        // it, the story names the cause all the same (it said nobody waited, beside the waiting its own output gave)
        List<Why.CauseRow> told = causes.isEmpty() && why.waiting() > 0 ? why.causes() : causes;
        if (told.isEmpty() || why.waiting() <= 0) {
            PathProfile.ProcessOnPath most = processes.stream()
                    .max((a, b) -> Double.compare(a.onPath(), b.onPath())).orElse(null);
            if (path.length() <= 0) {
                // nothing selected lies in the part the path walks (a --window that ends inside the MPI_Init calls): naming a
                // rank "mostly" on an empty path named one with no event in it
                return "No process waited for another, and the critical path is empty (0 s).";
            }
            if (most != null && most.onPath() <= 0 && selection.ranks() != null) {
                // the path runs on ranks --ranks left out: naming a kept one "mostly" on it (with 0 s) read as a contradiction
                return "No process waited for another: none of the ranks kept is on the critical path (of " + Labels.seconds3(path.length()) + ").";
            }
            return "No process waited for another" + (most == null ? "." : ": the critical path runs mostly on rank " + why.worldRank(most.rank())
                    + " (" + Labels.seconds3(most.computeOnPath()) + " of compute, " + Labels.seconds3(most.mpiOnPath()) + " in MPI, "
                    + (most.offOnPath() > 0 ? Labels.seconds3(most.offOnPath()) + " with recording off, " : "") + "of "
                    + Labels.seconds3(path.length()) + ").");
        }
        Why.CauseRow first = told.get(0);
        int rank = why.worldRank(first.rank());
        String region = Labels.cut(first.region(), Table.MAX_TEXT); // a name of any length: the story stays a sentence
        String who = (first.kind() == Why.CauseKind.COMMUNICATION ? "rank " + rank + "'s communication"
                : first.kind() == Why.CauseKind.RECORDING_OFF ? "rank " + rank + "'s time with recording off"
                : first.kind() == Why.CauseKind.LATE_START ? "rank " + rank + "'s late start"
                : first.kind() == Why.CauseKind.NO_REGION ? "rank " + rank + "'s " + outside(region)
                : "rank " + rank + "'s region " + region) + (told == causes ? "" : " (a rank --ranks left out)");
        // a cause off the critical path (an all-to-one's root waited for its first member, the path goes on from its last)
        // does not hold the run back, whatever waiting it caused
        boolean onPath = path.processes().stream().anyMatch(p -> p.rank() == first.rank() && p.onPath() > 0);
        StringBuilder s = new StringBuilder(who).append(onPath ? " holds the run back: it caused " : " caused ")
                .append(Labels.seconds3(first.delayCost())).append(" of the ").append(Labels.seconds3(why.waiting())).append(" of waiting");
        if (!onPath) {
            s.append(", though rank ").append(rank).append(" is not on the critical path");
        }
        if (first.kind() == Why.CauseKind.RECORDING_OFF) {
            s.append(" (what the rank ran then is unknown: the trace did not record it)");
        }
        if (first.kind() == Why.CauseKind.LATE_START) {
            // its time before its first event or inside MPI_Init (definitions section 14): scorep-sst-macro-10's rank 9 began
            // among the first and left MPI_Init last, where "the trace holds nothing of what delayed it" was false
            s.append(" (it began, or left MPI_Init, after the others had: no change replayed starts it sooner)");
        }
        // under --ranks a kept rank's cause can come after the run's first one, whose fix the first hypothesis is: the story
        // then gives only a fix of the cause it names (it named rank 1's region a with balancing rank 2's region b)
        boolean runsFirst = why.causes().isEmpty() || why.causes().get(0) == first;
        List<Why.Hypothesis> fixes = runsFirst ? why.whatIf() : why.whatIf().stream()
                .filter(h -> h.hypothesis().equals("balance region " + first.region()) || h.hypothesis().equals("rank " + rank + " at median compute"))
                .toList();
        if (!runsFirst && fixes.stream().noneMatch(h -> h.gain() > gainNoise(why))) {
            fixes = List.of(); // none of its fixes gains, or none was tried (it is not among the --top causes): the table tells
        }
        if (!fixes.isEmpty()) {
            // the first cause's fix (the first hypothesis, when it is one: a late start has none, and the first hypothesis was
            // then another cause's, named with 39.7 us where another gained 6.03 ms, serialized-3), else the one that gains most
            Why.Hypothesis own = fixes.get(0);
            boolean ofFirst = own.hypothesis().equals("balance region " + first.region())
                    || own.hypothesis().equals("rank " + rank + " at median compute");
            Why.Hypothesis fix = ofFirst && own.gain() > gainNoise(why) ? own
                    : fixes.stream().max((a, b) -> Double.compare(a.gain(), b.gain())).get();
            String measured = Labels.seconds3(path.length()), replayed = Labels.seconds3(why.predictedRuntime());
            if (fix.gain() > gainNoise(why)) {
                String what = fix.hypothesis().equals("balance region " + first.region()) ? "balancing it"
                        : fix.hypothesis().startsWith("balance region ") ? "balancing region "
                        + Labels.cut(fix.hypothesis().substring("balance region ".length()), Table.MAX_TEXT)
                        : "bringing rank " + fix.hypothesis().substring(5, fix.hypothesis().indexOf(" at median")) + " to the median compute";
                s.append("; ").append(what).append(" would save ").append(Labels.seconds3(fix.gain())).append(" of the run's ")
                        .append(measured.equals(replayed) ? measured : replayed + " as replayed (" + measured + " measured)");
            } else {
                // the error itself too: Tachyon's read "(1.16e+03 s replayed, 1.16e+03 s measured)", an error of 1.2 s unseen
                s.append("; no change replayed would save more than the replay's own error on the run, ")
                        .append(Labels.seconds3(gainNoise(why))).append(" (").append(replayed).append(" replayed, ").append(measured)
                        .append(" measured)");
            }
        }
        return s.append('.').toString();
    }

    /**
     * The smallest gain that counts: the replay's own error on the unchanged run, the difference between its predicted run
     * time and the measured one (the critical path's length), at least a millionth of the run (rounding); a hypothesis
     * whose gain is within it, either way, gains nothing the replay can tell.
     */
    public static double gainNoise(Why why) {
        return Math.max(Math.abs(why.predictedRuntime() - why.path().length()), 1e-6 * why.predictedRuntime());
    }

    /**
     * The words for a cause outside every region: "code outside every user region", or under {@code --region solve} "time
     * between solve instances" (what the selection left out around them).
     *
     * @param name the cause's region name ({@link org.igtrace.core.why.RegionSlices#name} of -1)
     * @return the words
     */
    public static String outside(String name) {
        return name.equals(org.igtrace.core.why.RegionSlices.NO_REGION) || !name.startsWith("(") || !name.endsWith(")")
                ? "code outside every user region" : "time " + name.substring(1, name.length() - 1);
    }

    /** A what-if's gain as people read it: seconds, "no gain" within {@link #gainNoise}, "X slower" below it. */
    public static String gain(Why why, double gain) {
        double noise = gainNoise(why);
        return Math.abs(gain) <= noise ? "no gain" : gain > 0 ? Labels.seconds3(gain) : Labels.seconds3(-gain) + " slower";
    }

    /** The what-ifs' heading: the run time they are replayed against, the measured one, what a gain within their difference is. */
    public String whatIfHeading() {
        String measured = Labels.seconds3(why.path().length()), replayed = Labels.seconds3(why.predictedRuntime());
        // by the numbers, not their labels: 5.028 s replayed against 5.032 s measured both read 5.03 s, and a gain of
        // 1.1 ms within that difference read "no gain" under a heading that said there was none
        boolean same = Math.abs(why.predictedRuntime() - why.path().length()) <= 1e-6 * why.predictedRuntime();
        return "What if (replayed on the run's own fitted network: " + replayed + " unchanged, " + (same
                ? "as measured; a gain within the replay's error is no gain)"
                : measured + " measured; a gain within the difference, " + Labels.seconds3(gainNoise(why)) + ", is no gain)");
    }

    /**
     * What the critical path's length is (definitions section 9's measured run time, {@code predict}'s): from the first
     * process's start (its MPI_Init leave, else its first event) to the last one's end (its MPI_Finalize enter, else its
     * last event).
     */
    public static final String LENGTH = "the measured run time, first start to last end";

    /**
     * One sentence, starting with {@code name}, when {@code stats}' run time T (definitions section 10: the longest process's span T_i) differs from
     * the critical path's length by more than 1 %, saying why; null when they agree, or with {@code --ranks} when the
     * path is over every rank ({@code why}'s: T is then over the ranks kept).
     *
     * @param name what T is called in the sentence's page
     * @param pathOverKeptRanks whether the path walks only the ranks {@code --ranks} keeps, as T does (the report's)
     * @return the sentence, or null
     */
    public String otherRuntime(String name, boolean pathOverKeptRanks) {
        double t = Efficiency.of(profile).runtime(), length = why.path().length();
        if (selection.ranks() != null && !pathOverKeptRanks || t <= 0 || length < 0 || Math.abs(length - t) <= 0.01 * t) {
            return null;
        }
        // shorter: a process's span holds time outside the part the path walks (code before MPI_Init or after MPI_Finalize,
        // its threads beside the MPI one); longer: T_i leaves each process's time with recording off out (definitions section
        // 3), which the path counts: the process spanning the most with it (T_i + its time off; of equal spans the one with
        // the least time off, so that a process whose T_i spans the run needs no time off to explain it) names it,
        // and what is left beyond that span no one process spans (they started or ended apart)
        double off = 0, spanned = -1;
        int widest = -1; // a process number
        double[] offs = why.offByProcess();
        for (org.igtrace.core.profile.ProcessProfile p : profile.processes()) {
            int process = p.rank();
            double o = offs != null && process >= 0 && process < offs.length ? offs[process] : 0;
            double span = p.time() + o;
            if (span > spanned + 1e-9 * t || Math.abs(span - spanned) <= 1e-9 * t && o < off) {
                spanned = Math.max(spanned, span);
                widest = process;
                off = o;
            }
        }
        String staggered = "the processes started or ended at different times, so no one process spans the run";
        String longer = off > 0.01 * t ? "it leaves out rank " + why.worldRank(widest) + "'s " + Labels.seconds3(off) + " with recording"
                + " off, which the run time the path spans counts" + (length - spanned > 0.01 * t ? ", and " + staggered : "") : staggered;
        return name + ", the longest process's span, is " + Labels.seconds3(t) + ": " + (length > t ? longer
                : "it counts what the path leaves out, code before MPI_Init or after MPI_Finalize and a process's other threads") + ".";
    }

    /** The path's segments, none when it is empty (0 s: a window that ends inside the MPI_Init calls). */
    static int segments(PathProfile path) {
        return path.length() <= 0 ? 0 : path.path().segments().size();
    }

    public List<String> text() {
        List<String> lines = new ArrayList<>();
        lines.add(Escape.terminal(story()));
        lines.add("");
        PathProfile path = why.path();
        double mpi = path.processes().stream().mapToDouble(PathProfile.ProcessOnPath::mpiOnPath).sum();
        double off = path.offOnPath();
        double outside = Math.max(0, path.length() - path.computeOnPath() - mpi - off);
        lines.add("Critical path: " + Labels.seconds3(path.length()) + " (" + LENGTH + "): " + Labels.seconds3(path.computeOnPath())
                + " compute, " + Labels.seconds3(mpi) + " MPI" + (off > 0 ? ", " + Labels.seconds3(off) + " with recording off" : "")
                + (outside > 1e-9 * path.length() ? ", " + Labels.seconds3(outside)
                + " before the path's first process started" : "") + "; " + segments(path) + (segments(path) == 1 ? " segment" : " segments"));
        String other = otherRuntime("stats' run time T", false);
        if (other != null) {
            lines.add(other);
        }
        List<PathProfile.ProcessOnPath> rows = processes.stream().filter(p -> p.onPath() > 0).toList();
        Table byRank = new Table(rows.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> why.worldRank(rows.get(i).rank()))
                .column("compute_on_path", "compute on path", Table.Kind.SECONDS, i -> rows.get(i).computeOnPath())
                .column("mpi_on_path", "MPI on path", Table.Kind.SECONDS, i -> rows.get(i).mpiOnPath());
        if (off > 0) { // only where the trace switched recording off
            byRank.column("off_on_path", "recording off on path", Table.Kind.SECONDS, i -> rows.get(i).offOnPath());
        }
        lines.addAll(byRank.text());
        lines.add("");
        List<PathProfile.RegionOnPath> regions = path.regions().subList(0, Math.min(ROWS, path.regions().size()));
        double compute = path.computeOnPath();
        lines.addAll(new Table(regions.size())
                .column("name", "outermost region", Table.Kind.TEXT, i -> regions.get(i).name())
                .column("time_on_path", "time on path", Table.Kind.SECONDS, i -> regions.get(i).timeOnPath())
                .column("share", "of path's compute", Table.Kind.PERCENT, i -> compute > 0 ? regions.get(i).timeOnPath() / compute : 0).text());
        more(lines, regions.size(), path.regions().size(), "region", "regions");
        if (!pairs.isEmpty()) {
            lines.add("");
            List<PathProfile.PairOnPath> top = pairs.stream()
                    .sorted((a, b) -> Long.compare(b.jumps(), a.jumps())).limit(ROWS).toList();
            lines.addAll(new Table(top.size())
                    .column("from", "from", Table.Kind.INTEGER, i -> why.worldRank(top.get(i).from()))
                    .column("to", "to", Table.Kind.INTEGER, i -> why.worldRank(top.get(i).to()))
                    .column("jumps", "jumps on path", Table.Kind.INTEGER, i -> top.get(i).jumps())
                    .column("time", "their time on path", Table.Kind.SECONDS, i -> top.get(i).time()).text());
            more(lines, top.size(), pairs.size(), "pair", "pairs");
        }
        lines.add("");
        String own = ownThreads();
        lines.add("Causes: " + Labels.seconds3(why.waiting()) + " of waiting, charged to the regions that made the waited-for process late"
                + (own.isEmpty() ? "" : " (besides, " + own + ")"));
        List<Why.CauseRow> c = causes.subList(0, Math.min(ROWS, causes.size()));
        double waiting = why.waiting();
        if (c.isEmpty() && waiting > 0 && !why.causes().isEmpty()) {
            // --ranks kept none of the causes: the waiting is still there (the line above), its causes are elsewhere
            Why.CauseRow first = why.causes().get(0);
            String what = switch (first.kind()) { // as the story names it ("rank 1's late start", not "rank 1's (late start)")
                case COMMUNICATION -> "communication";
                case RECORDING_OFF -> "time with recording off";
                case LATE_START -> "late start";
                case NO_REGION -> Escape.terminal(outside(first.region()));
                default -> Escape.terminal(first.region());
            };
            lines.add("None of the ranks kept caused any of it; the first cause is rank " + why.worldRank(first.rank()) + "'s "
                    + what + " (" + Labels.seconds3(first.delayCost()) + "), a rank --ranks left out.");
        } else if (c.isEmpty()) {
            lines.add(NO_CAUSE);
        } else {
            lines.addAll(new Table(c.size())
                    .column("rank", "rank", Table.Kind.INTEGER, i -> why.worldRank(c.get(i).rank()))
                    .column("region", "region", Table.Kind.TEXT, i -> c.get(i).region())
                    .column("delay_cost", "delay cost", Table.Kind.SECONDS, i -> c.get(i).delayCost())
                    .column("share", "of waiting", Table.Kind.PERCENT, i -> waiting > 0 ? c.get(i).delayCost() / waiting : 0).text());
            more(lines, c.size(), causes.size(), "cause", "causes");
        }
        if (!why.whatIf().isEmpty()) {
            lines.add("");
            lines.add(whatIfHeading());
            List<Why.Hypothesis> h = why.whatIf();
            lines.addAll(new Table(h.size())
                    .column("hypothesis", "hypothesis", Table.Kind.TEXT, i -> h.get(i).hypothesis())
                    .column("predicted_runtime", "predicted run time", Table.Kind.SECONDS, i -> h.get(i).predictedRuntime())
                    .column("gain", "gain", Table.Kind.SECONDS, i -> gain(why, h.get(i).gain())).text());
        }
        return lines;
    }

    /** Under a table cut at {@value #ROWS} rows: how many it leaves out, "and 20 more causes (all in the JSON)". */
    private static void more(List<String> lines, int shown, int all, String singular, String plural) {
        if (shown < all) {
            lines.add("and " + (all - shown) + " more " + (all - shown == 1 ? singular : plural) + " (all in the JSON)");
        }
    }

    /** In place of an empty causes table. */
    public static final String NO_CAUSE = "No waiting: no cause to name.";

    public Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("story", story());
        Map<String, Object> path = new LinkedHashMap<>();
        PathProfile p = why.path();
        path.put("length", p.length());
        path.put("segments", segments(p));
        List<Object> procs = new ArrayList<>();
        for (PathProfile.ProcessOnPath r : processes) {
            procs.add(map("rank", why.worldRank(r.rank()), "compute_on_path", r.computeOnPath(), "mpi_on_path", r.mpiOnPath(),
                    "off_on_path", r.offOnPath()));
        }
        path.put("processes", procs);
        List<Object> regions = new ArrayList<>();
        for (PathProfile.RegionOnPath r : p.regions()) {
            regions.add(map("name", r.name(), "time_on_path", r.timeOnPath()));
        }
        path.put("regions", regions);
        List<Object> pairList = new ArrayList<>();
        for (PathProfile.PairOnPath r : pairs) {
            pairList.add(map("from", why.worldRank(r.from()), "to", why.worldRank(r.to()), "jumps", r.jumps(), "time", r.time()));
        }
        path.put("pairs", pairList);
        root.put("critical_path", path);
        root.put("waiting", why.waiting());
        root.put("own_thread_waiting", why.ownThreadWaiting());
        List<Object> causeList = new ArrayList<>();
        for (Why.CauseRow c : causes) {
            causeList.add(map("rank", why.worldRank(c.rank()), "region", c.region(), "delay_cost", c.delayCost(),
                    "kind", c.kind().name().toLowerCase(java.util.Locale.ROOT)));
        }
        root.put("causes", causeList);
        if (selection.ranks() != null) {
            // what the ranks --ranks left out caused: with the causes kept it adds up to the waiting (docs/why.md)
            double leftOut = why.causes().stream().filter(c -> !profile.selected(c.rank())).mapToDouble(Why.CauseRow::delayCost).sum();
            root.put("delay_cost_of_ranks_left_out", leftOut);
        }
        root.put("predicted_runtime", why.predictedRuntime());
        List<Object> whatIf = new ArrayList<>();
        for (Why.Hypothesis h : why.whatIf()) {
            whatIf.add(map("hypothesis", h.hypothesis(), "predicted_runtime", h.predictedRuntime(), "gain", h.gain()));
        }
        root.put("what_if", whatIf);
        return root;
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
