package org.igtrace.formats.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.formats.Escape;
import org.igtrace.formats.Json;

/**
 * What {@code igtrace stats} writes: text for people, the table per process as CSV, or every table as JSON. The
 * selection is given in the command line's words, or null for the whole run.
 */
public final class StatsOutput {
    private StatsOutput() {
    }

    /** The table per process with the efficiency columns, one line per rank. */
    public static String csv(InformationGraph graph) {
        return String.join("\n", StatsTables.processes(graph.profile(), Efficiency.of(graph.profile())).csv()) + "\n";
    }

    /** The text for people: the pattern and process tables, the summary, the efficiency (and OpenMP's per thread). */
    public static String text(InformationGraph graph, String selection) {
        List<String> lines = new ArrayList<>();
        if (selection != null) {
            lines.add("Selection: " + Escape.terminal(selection)); // may quote a name
            if (selection.contains("--window")) {
                // a call the window cuts keeps its time in MPI, but its message's or collective's other end may lie
                // outside: its waiting is then not measured, and the efficiency counts that time as transfer
                lines.add("(waiting is measured only where both ends of a message or every member of a collective lie in the window:"
                        + " in a call the window cuts, the rest counts as transfer in the lost time; definitions section 11)");
            }
            lines.add("");
        }
        TraceProfile profile = graph.profile();
        lines.add("Waiting per wait-state pattern, summed over "
                + Summary.count(Summary.analysed(profile), "process", "processes")
                + " (of time: of their times T_i added up)");
        lines.addAll(StatsTables.patterns(graph.profile()).text());
        lines.add("");
        lines.add("Per process");
        lines.addAll(StatsTables.processes(graph.profile()).text());
        String missing = StatsTables.withoutRows(graph.profile());
        if (missing != null) {
            lines.add(Escape.terminal(missing));
        }
        lines.add("");
        lines.add("Summary");
        for (String line : Summary.of(graph, GraphView.FULL)) {
            lines.add(line.substring("igtrace: ".length()).strip());
        }
        Efficiency e = Efficiency.of(graph.profile());
        lines.add("");
        lines.add("Efficiency and lost time");
        lines.add(StatsTables.pop(e));
        lines.addAll(StatsTables.efficiency(e, graph.profile()::worldRank).text());
        if (e.threaded()) {
            lines.add("");
            lines.add(StatsTables.threadsHeading(e));
            lines.addAll(StatsTables.threads(e, graph.profile()::worldRank).text());
        }
        // the selection's words and the notes may quote names of the trace: escaped where they are put (the tables' cells
        // by the table), each line stays one line, shown
        return String.join("\n", lines) + "\n";
    }

    /** Every table, the efficiency and the notes as data. */
    public static String json(InformationGraph graph, String source, String selection) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        if (selection != null) {
            m.put("selection", selection);
        }
        m.put("summary", StatsTables.summary(graph));
        m.put("patterns", StatsTables.patterns(graph.profile()).json());
        Efficiency e = Efficiency.of(graph.profile());
        m.put("efficiency", e.graphAttributes());
        m.put("processes", StatsTables.processes(graph.profile(), e).json());
        if (e.threaded()) {
            m.put("threads", StatsTables.threads(e, graph.profile()::worldRank).json());
        }
        m.put("ranks_without_rows", StatsTables.withoutRowRanks(graph.profile()));
        m.put("diagnostics", graph.profile().diagnostics().stream().map(Json::diagnostic).toList());
        return Json.write(m);
    }
}
