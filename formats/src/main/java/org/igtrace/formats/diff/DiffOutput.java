package org.igtrace.formats.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.formats.stats.Summary;
import org.igtrace.formats.Table;
import org.igtrace.core.compare.Change;
import org.igtrace.core.compare.PathAttribution;
import org.igtrace.core.compare.PathAttribution.Contributor;
import org.igtrace.core.compare.PathTimes;
import org.igtrace.core.compare.ProcessContributors;
import org.igtrace.core.compare.RankMatching;
import org.igtrace.core.compare.RunComparison;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.formats.Escape;
import org.igtrace.formats.Json;

/**
 * What {@code igtrace diff} writes (definitions section 15): the story (how much slower or faster B is, and
 * what made it so), then the contributors and the side-by-side tables; as text or as JSON. Every rank is a world rank
 * (the comparison's rows are by world rank, {@link RunComparison}).
 *
 * @param a            run A's file
 * @param b            run B's file
 * @param comparison   the two runs' numbers
 * @param contributors the difference of run time split along the critical paths, largest first
 * @param pathA        A's critical path, or null when it could not be walked
 * @param pathB        B's critical path, or null
 * @param perProcess   the difference per process and kind (compute, transfer, waiting), largest first
 * @param matching     how the processes were matched (by world rank), and whether the runs placed them alike
 * @param selection    the selection of both runs in the command line's words, or null: the whole runs
 */
public record DiffOutput(String a, String b, RunComparison comparison, List<Contributor> contributors, PathTimes pathA, PathTimes pathB,
                  List<ProcessContributors.Contributor> perProcess, RankMatching matching, String selection) {
    /** Contributors named in the story. */
    private static final int STORY = 3;
    /** Per-process contributors named in the story when no kind and region changed on the paths. */
    private static final int STORY_PROCESSES = 2;
    /** Rows of the per-process contributors in text at most (JSON has them all). */
    private static final int PROCESS_ROWS = 10;
    private static final WaitPattern[] PATTERNS = WaitPattern.values();

    /** "B is 2.00 ms slower than A (3.40 ms against 1.40 ms): rank 5's solve +2.00 ms." */
    public String story() {
        Change t = comparison.runtime();
        StringBuilder s = new StringBuilder();
        if (Math.abs(t.delta()) < 1e-12) {
            s.append("A and B take the same time (").append(Labels.seconds3(t.a())).append(")");
        } else {
            s.append("B is ").append(Labels.seconds3(Math.abs(t.delta()))).append(t.delta() > 0 ? " slower" : " faster")
                    .append(" than A (").append(Labels.seconds3(t.b())).append(" against ").append(Labels.seconds3(t.a())).append(")");
        }
        if (!contributors.isEmpty()) {
            s.append(": ");
            boolean betweenFirst = contributors.get(0).kind() == PathTimes.Kind.COMPUTE && between(contributors.get(0).region());
            for (int i = 0; i < Math.min(STORY, contributors.size()); i++) {
                s.append(i == 0 ? "" : ", ").append(storyName(contributors.get(i)));
                if (i == 0 && betweenFirst) {
                    s.append(" (what --region leaves out, the waits around the instances too)");
                }
            }
            if (contributors.size() > STORY) {
                s.append(", and ").append(Summary.count(contributors.size() - STORY, "smaller contributor", "smaller contributors"));
            }
            if (betweenFirst) {
                s.append(inside(t.delta()));
            }
        } else if (!perProcess.isEmpty()) { // e.g. a slowdown that moved from one rank to another: it cancels out per region
            s.append("; per process: ");
            for (int i = 0; i < Math.min(STORY_PROCESSES, perProcess.size()); i++) {
                ProcessContributors.Contributor c = perProcess.get(i);
                s.append(i == 0 ? "" : ", ").append("rank ").append(c.rank()).append("'s ").append(c.kind().label()).append(' ')
                        .append(Table.signed(c.delta(), Labels.seconds3(c.delta())));
            }
        }
        return s.append('.').toString();
    }

    /** The sentence on a placement that differs (processes are matched by rank all the same), or null. */
    public String placementNote() {
        if (matching.samePlacement()) {
            return null;
        }
        return "processes are matched by rank (" + Summary.count(matching.processes(), "process", "processes") + " in each run), but the "
                + "runs placed them differently: A on " + Summary.count(matching.nodesA(), "node", "nodes") + ", B on "
                + Summary.count(matching.nodesB(), "node", "nodes") + "; ranks " + Summary.ranks(matching.moved())
                + " share a node with other ranks in B than in A, so a rank's change may be its node's";
    }

    /**
     * The sentence on the world ranks both runs declare of which a run read nothing to compare (its files left out by
     * {@code --skip-missing} or {@code --skip-damaged}, or no region event of it read: none inside the {@code --window}):
     * they are left out of both runs, so the efficiencies and totals are not those of either whole run; or null.
     */
    public String leftOutNote() {
        List<Integer> r = comparison.leftOut();
        if (r.isEmpty()) {
            return null;
        }
        return (r.size() == 1 ? "rank " : "ranks ") + Summary.ranks(r) + " of A or B "
                + (r.size() == 1 ? "was not read (its files left out) or has" : "were not read (their files left out) or have")
                + " no region event read (none recorded, or none inside the --window), so "
                + (r.size() == 1 ? "it is" : "they are")
                + " left out of both runs: the efficiencies and the totals below are over " + over() + ", not over either whole run";
    }

    /** "the 3 ranks both runs read" (a rank --skip-missing left out of one run), else "the processes". */
    private String over() {
        return comparison.leftOut().isEmpty() ? "the processes"
                : "the " + Summary.count(comparison.processes().size(), "rank", "ranks") + " both runs read";
    }

    /** Whether {@code region} is the time between the instances of a --region (why's RegionSlices.betweenInstances). */
    private static boolean between(String region) {
        return region.startsWith("(between ") && region.endsWith(" instances)");
    }

    /**
     * Under --region, when the time between the instances leads the story (it holds what the selection left out, the
     * waits around the instances too, so a critical path inside the instances alone stays on one process): the largest
     * change of one process in a region inside them, in the direction of the run time's, or "" when none changed.
     */
    private String inside(double delta) {
        RunComparison.RegionRow most = null;
        for (RunComparison.RegionRow r : comparison.regions()) {
            double d = r.mostChangedProcess().delta();
            // not a pseudo-region (why's "(no user region)", "(recording off)", the time between the instances)
            boolean pseudo = r.name().startsWith("(") && r.name().endsWith(")");
            if (!pseudo && d * delta > 0
                    && (most == null || Math.abs(d) > Math.abs(most.mostChangedProcess().delta()))) {
                most = r;
            }
        }
        return most == null ? "" : "; inside the instances the compute that changed most: rank "
                + most.mostChangedRank() + "'s " + most.name() + " " + Table.signed(most.mostChangedProcess().delta(),
                Labels.seconds3(most.mostChangedProcess().delta()));
    }

    /**
     * A contributor as the story names it, with its change: by the rank that carries it when that rank carries nearly all
     * of it ("rank 5's solve +2.00 ms"); else by what it is, over how many ranks, and the rank with the largest share
     * ("transfer in MPI_Bcast +5.99 s over 7 ranks, rank 11's +1.81 s the most"), where the name alone read as one rank's.
     */
    static String storyName(Contributor c) {
        String change = Table.signed(c.delta(), Labels.seconds3(c.delta()));
        if (c.kind() == PathTimes.Kind.OFF_PATH || c.ranks().size() < 2) {
            return name(c) + " " + change;
        }
        PathAttribution.RankShare most = c.ranks().get(0);
        if (most.time().delta() * c.delta() > 0 && Math.abs(most.time().delta()) >= 0.9 * Math.abs(c.delta())) {
            return name(c) + " " + change;
        }
        long changed = c.ranks().stream().filter(r -> Math.abs(r.time().delta()) > 1e-12).count();
        String what = switch (c.kind()) {
            case COMPUTE -> between(c.region()) ? "time " + c.region().substring(1, c.region().length() - 1) : c.region();
            case TRANSFER -> "transfer in " + c.region();
            case RECORDING_OFF -> "time with recording off";
            case WAITING -> "waiting";
            case OFF_PATH -> "time the critical path does not cover";
        };
        return what + " " + change + " over " + changed + " ranks, rank " + most.rank() + "'s "
                + Table.signed(most.time().delta(), Labels.seconds3(most.time().delta())) + " the most";
    }

    /** "rank 5's solve", "rank 2's transfer in MPI_Allreduce", "time the critical path does not cover". */
    static String name(Contributor c) {
        return switch (c.kind()) {
            case COMPUTE -> "rank " + c.rank() + "'s " + (between(c.region()) ? "time " + c.region().substring(1, c.region().length() - 1)
                    : c.region());
            case TRANSFER -> "rank " + c.rank() + "'s transfer in " + c.region();
            case OFF_PATH -> "time the critical path does not cover";
            case RECORDING_OFF -> "rank " + c.rank() + "'s time with recording off";
            case WAITING -> "rank " + c.rank() + "'s waiting";
        };
    }

    public String text() {
        List<String> lines = new ArrayList<>();
        lines.add("A: " + Escape.terminal(a));
        lines.add("B: " + Escape.terminal(b));
        if (selection != null) {
            lines.add("Selection (of both runs): " + Escape.terminal(selection));
        }
        if (placementNote() != null) {
            String note = placementNote();
            lines.add(Character.toUpperCase(note.charAt(0)) + note.substring(1) + ".");
        }
        if (leftOutNote() != null) {
            String note = leftOutNote();
            lines.add(Character.toUpperCase(note.charAt(0)) + note.substring(1) + ".");
        }
        lines.add(Escape.terminal(story()));
        lines.add("");
        double delta = comparison.runtime().delta();
        lines.add("Contributors to the difference along the critical paths (they add up to " + Table.signed(delta, Labels.seconds3(delta)) + ")");
        if (pathA == null || pathB == null) {
            lines.add("none: the critical paths were not walked");
        } else if (!comparison.leftOut().isEmpty()) {
            lines.add("none: the critical paths are not compared with ranks left out of the comparison (a path can cross them); --ranks "
                    + Summary.ranks(comparison.processes().stream().map(RunComparison.ProcessRow::rank).toList()).replace(", ", ",")
                    + " compares the paths of the ranks both runs read");
        } else if (contributors.isEmpty()) {
            lines.add("none: the critical paths spend the same time in each kind and region");
        } else {
            lines.addAll(contributorTable().text());
        }
        lines.add("");
        lines.add("Per process: its own compute, transfer and waiting (they add up to its T), and on the critical paths");
        if (perProcess.isEmpty()) {
            lines.add("none: every process computes, transfers and waits as long in A as in B");
        } else {
            List<ProcessContributors.Contributor> shown = perProcess.subList(0, Math.min(PROCESS_ROWS, perProcess.size()));
            lines.addAll(processContributorTable(shown).text());
            if (shown.size() < perProcess.size()) {
                lines.add("and " + Summary.count(perProcess.size() - shown.size(), "smaller change", "smaller changes") + " (all in the JSON)");
            }
        }
        lines.add("");
        lines.add("Run time and efficiency" + (comparison.leftOut().isEmpty() ? "" : ", over " + over()));
        lines.addAll(efficiency().text());
        lines.add("");
        lines.add("Per process");
        lines.addAll(processes().text());
        lines.add("");
        lines.add("Waiting per wait-state pattern, summed over " + over());
        lines.addAll(patterns().text());
        lines.add("");
        lines.add("Compute per region, summed over " + over());
        if (comparison.regions().isEmpty()) { // --region MPI_Barrier keeps no compute: "none", as the other tables say
            lines.add("none: no compute in a region in either run");
        } else {
            lines.addAll(regions().text());
        }
        lines.add("");
        List<RunComparison.PairRow> changed = comparison.pairs().stream()
                .filter(p -> p.bytes().delta() != 0 || p.messages().delta() != 0).toList();
        int same = comparison.pairs().size() - changed.size();
        lines.add("Traffic per pair, both directions" + (changed.isEmpty() ? ": " + Summary.count(same, "pair", "pairs")
                + ", each with the same bytes and messages in A and B"
                : same == 0 ? "" : " (" + Summary.count(same, "more pair", "more pairs") + " with the same traffic in A and B)"));
        if (!changed.isEmpty()) {
            lines.addAll(pairs(changed).text());
        }
        return String.join("\n", lines) + "\n";
    }

    public String json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", Map.of("source", a));
        m.put("b", Map.of("source", b));
        if (selection != null) {
            m.put("selection", selection);
        }
        m.put("runtime", change(comparison.runtime()));
        m.put("story", story());
        List<Map<String, Object>> cs = new ArrayList<>();
        for (Contributor c : contributors) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("kind", c.kind().label());
            row.put("rank", c.rank() < 0 ? null : c.rank());
            row.put("region", c.region());
            row.putAll(change(c.time()));
            row.put("ranks", c.ranks().stream().map(r -> {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("rank", r.rank());
                x.putAll(change(r.time()));
                return x;
            }).toList());
            cs.add(row);
        }
        m.put("contributors", cs);
        m.put("process_contributors", perProcess.stream().map(c -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rank", c.rank());
            row.put("kind", c.kind().label());
            row.putAll(change(c.time()));
            row.put("on_path", c.onPath() == null ? null : change(c.onPath()));
            return row;
        }).toList());
        Map<String, Object> match = new LinkedHashMap<>();
        match.put("by", "rank");
        match.put("processes", matching.processes());
        match.put("placement", matching.placement());
        Map<String, Object> nodes = new LinkedHashMap<>();
        nodes.put("a", matching.nodesA());
        nodes.put("b", matching.nodesB());
        match.put("nodes", matching.placement().equals("unknown") ? null : nodes);
        match.put("moved_ranks", matching.moved());
        match.put("left_out_ranks", comparison.leftOut());
        m.put("matching", match);
        Map<String, Object> paths = new LinkedHashMap<>();
        boolean compared = comparison.leftOut().isEmpty(); // else each path crosses ranks the comparison leaves out: not compared
        paths.put("a", pathA == null || !compared ? null : pathA.length());
        paths.put("b", pathB == null || !compared ? null : pathB.length());
        paths.put("delta", pathA == null || pathB == null || !compared ? null : pathB.length() - pathA.length()); // {a, b, delta} as every number
        m.put("critical_path_length", paths);
        Map<String, Object> e = new LinkedHashMap<>();
        comparison.efficiency().forEach((k, v) -> e.put(k, change(v)));
        m.put("efficiency", e);
        m.put("processes", comparison.processes().stream().map(p -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rank", p.rank());
            row.put("time", change(p.time()));
            row.put("useful", change(p.useful()));
            row.put("wait", change(p.waiting()));
            for (int i = 0; i < PATTERNS.length; i++) {
                row.put(PATTERNS[i].attribute(), change(p.patterns().get(i)));
            }
            return row;
        }).toList());
        m.put("patterns", comparison.patterns().stream().map(p -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("pattern", p.pattern().attribute());
            row.putAll(change(p.waiting()));
            return row;
        }).toList());
        m.put("regions", comparison.regions().stream().map(r -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", r.name());
            row.putAll(change(r.compute()));
            List<Map<String, Object>> per = new ArrayList<>();
            for (int i = 0; i < r.processes().size(); i++) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("rank", r.ranks().get(i));
                x.putAll(change(r.processes().get(i)));
                per.add(x);
            }
            row.put("processes", per);
            return row;
        }).toList());
        m.put("pairs", comparison.pairs().stream().map(p -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("pair", List.of(p.a(), p.b()));
            row.put("bytes", change(p.bytes()));
            row.put("messages", change(p.messages()));
            return row;
        }).toList());
        return Json.write(m);
    }

    private static Map<String, Object> change(Change c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", c.a());
        m.put("b", c.b());
        m.put("delta", c.delta());
        return m;
    }

    private Table contributorTable() {
        List<Contributor> cs = contributors;
        return new Table(cs.size())
                .column("kind", "kind", Table.Kind.TEXT, i -> cs.get(i).kind().label())
                .column("rank", "rank", Table.Kind.INTEGER, i -> cs.get(i).rank() < 0 ? null : cs.get(i).rank())
                .column("region", "region", Table.Kind.TEXT, i -> cs.get(i).region())
                .column("a", "on A's path", Table.Kind.SECONDS, i -> cs.get(i).time().a())
                .column("b", "on B's path", Table.Kind.SECONDS, i -> cs.get(i).time().b())
                .column("delta", "difference", Table.Kind.SIGNED_SECONDS, i -> cs.get(i).delta());
    }

    private static Table processContributorTable(List<ProcessContributors.Contributor> cs) {
        return new Table(cs.size())
                .column("kind", "kind", Table.Kind.TEXT, i -> cs.get(i).kind().label())
                .column("rank", "rank", Table.Kind.INTEGER, i -> cs.get(i).rank())
                .column("a", "A", Table.Kind.SECONDS, i -> cs.get(i).time().a())
                .column("b", "B", Table.Kind.SECONDS, i -> cs.get(i).time().b())
                .column("delta", "difference", Table.Kind.SIGNED_SECONDS, i -> cs.get(i).delta())
                .column("path_a", "on A's path", Table.Kind.SECONDS, i -> cs.get(i).onPath() == null ? null : cs.get(i).onPath().a())
                .column("path_b", "on B's path", Table.Kind.SECONDS, i -> cs.get(i).onPath() == null ? null : cs.get(i).onPath().b());
    }

    private Table efficiency() {
        List<Map.Entry<String, Change>> rows = new ArrayList<>(comparison.efficiency().entrySet());
        rows.sort(Map.Entry.comparingByKey(java.util.Comparator.comparingInt(List.of("runtime", "load_balance",
                "communication_efficiency", "parallel_efficiency", "hybrid_parallel_efficiency", "openmp_parallel_efficiency",
                "wait_omp_barrier", "wait_omp_ebarrier", "omp_idle", "omp_runtime")::indexOf)));
        Map<String, String> shown = Map.of("runtime", "run time T", "parallel_efficiency", rows.size() > 4 ? "MPI parallel efficiency"
                : "parallel efficiency", "openmp_parallel_efficiency", comparison.openMpConstructs() ? "OpenMP parallel efficiency"
                : "threads' parallel efficiency", "wait_omp_barrier", "omp barrier waiting (sum)", "wait_omp_ebarrier", "omp explicit barrier waiting (sum)",
                "omp_idle", "omp idle (sum)", "omp_runtime", "omp runtime (sum)");
        java.util.function.IntPredicate seconds = i -> rows.get(i).getKey().equals("runtime") || rows.get(i).getKey().startsWith("wait_omp")
                || rows.get(i).getKey().startsWith("omp_idle") || rows.get(i).getKey().equals("omp_runtime");
        return new Table(rows.size())
                .column("metric", "metric", Table.Kind.TEXT, i -> shown.getOrDefault(rows.get(i).getKey(), rows.get(i).getKey().replace('_', ' ')))
                .column("a", "A", Table.Kind.TEXT, i -> seconds.test(i) ? Labels.seconds3(rows.get(i).getValue().a())
                        : Labels.fixed(rows.get(i).getValue().a(), 3))
                .column("b", "B", Table.Kind.TEXT, i -> seconds.test(i) ? Labels.seconds3(rows.get(i).getValue().b())
                        : Labels.fixed(rows.get(i).getValue().b(), 3))
                .column("delta", "difference", Table.Kind.TEXT, i -> {
                    double d = rows.get(i).getValue().delta();
                    return Table.signed(d, seconds.test(i) ? Labels.seconds3(d) : Labels.fixed(d, 3));
                });
    }

    private Table processes() {
        List<RunComparison.ProcessRow> ps = comparison.processes();
        return new Table(ps.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> ps.get(i).rank())
                .column("time_a", "T A", Table.Kind.SECONDS, i -> ps.get(i).time().a())
                .column("time_b", "T B", Table.Kind.SECONDS, i -> ps.get(i).time().b())
                .column("time_delta", "T diff", Table.Kind.SIGNED_SECONDS, i -> ps.get(i).time().delta())
                .column("useful_a", "useful A", Table.Kind.SECONDS, i -> ps.get(i).useful().a())
                .column("useful_b", "useful B", Table.Kind.SECONDS, i -> ps.get(i).useful().b())
                .column("useful_delta", "useful diff", Table.Kind.SIGNED_SECONDS, i -> ps.get(i).useful().delta())
                .column("wait_a", "waiting A", Table.Kind.SECONDS, i -> ps.get(i).waiting().a())
                .column("wait_b", "waiting B", Table.Kind.SECONDS, i -> ps.get(i).waiting().b())
                .column("wait_delta", "waiting diff", Table.Kind.SIGNED_SECONDS, i -> ps.get(i).waiting().delta());
    }

    private Table patterns() {
        List<RunComparison.PatternRow> ps = comparison.patterns();
        return new Table(ps.size())
                .column("pattern", "pattern", Table.Kind.TEXT, i -> ps.get(i).pattern().label())
                .column("a", "A", Table.Kind.SECONDS, i -> ps.get(i).waiting().a())
                .column("b", "B", Table.Kind.SECONDS, i -> ps.get(i).waiting().b())
                .column("delta", "difference", Table.Kind.SIGNED_SECONDS, i -> ps.get(i).waiting().delta());
    }

    private Table regions() {
        List<RunComparison.RegionRow> rs = comparison.regions();
        return new Table(rs.size())
                .column("name", "region", Table.Kind.TEXT, i -> rs.get(i).name())
                .column("a", "A", Table.Kind.SECONDS, i -> rs.get(i).compute().a())
                .column("b", "B", Table.Kind.SECONDS, i -> rs.get(i).compute().b())
                .column("delta", "difference", Table.Kind.SIGNED_SECONDS, i -> rs.get(i).compute().delta())
                .column("rank", "most by rank", Table.Kind.INTEGER, i -> unchanged(rs.get(i)) ? null : rs.get(i).mostChangedRank())
                .column("rank_delta", "rank's difference", Table.Kind.SIGNED_SECONDS,
                        i -> unchanged(rs.get(i)) ? null : rs.get(i).mostChangedProcess().delta());
    }

    /**
     * Whether no process's compute in the region changed: a region whose total stayed while its processes' changed (a
     * slowdown that moved from rank 1 to rank 2) names the largest increase, where it showed "-".
     */
    private static boolean unchanged(RunComparison.RegionRow r) {
        return r.processes().stream().allMatch(p -> p.delta() == 0);
    }

    private static Table pairs(List<RunComparison.PairRow> ps) {
        return new Table(ps.size())
                .column("pair", "pair", Table.Kind.TEXT, i -> ps.get(i).a() + " - " + ps.get(i).b())
                .column("bytes_a", "bytes A", Table.Kind.INTEGER, i -> ps.get(i).bytes().a())
                .column("bytes_b", "bytes B", Table.Kind.INTEGER, i -> ps.get(i).bytes().b())
                .column("bytes_delta", "difference", Table.Kind.SIGNED_INTEGER, i -> ps.get(i).bytes().delta())
                .column("messages_a", "messages A", Table.Kind.INTEGER, i -> ps.get(i).messages().a())
                .column("messages_b", "messages B", Table.Kind.INTEGER, i -> ps.get(i).messages().b())
                .column("messages_delta", "difference", Table.Kind.SIGNED_INTEGER, i -> ps.get(i).messages().delta());
    }
}
