package org.igtrace.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.select.Selection;
import org.igtrace.formats.Json;
import org.igtrace.formats.stats.StatsTables;
import org.igtrace.formats.stats.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace stats}: who waits how long, per wait-state pattern and per process. */
@Command(name = "stats", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Tables of time and waiting per wait-state pattern and per process.",
        description = {
            "Matches messages and collectives, corrects the clocks and measures waiting time, then prints four "
                    + "tables: the waiting per wait-state pattern with its share of the run (all processes' time "
                    + "added up) and the process that waited most; per process its time T, its time in MPI "
                    + "communication Tcomm, its compute fraction w = 1 - Tcomm/T, its waiting per pattern and its "
                    + "clock offset; the summary with the notes about the trace; and the efficiency of the run (the POP "
                    + "metrics: load balance, communication and parallel efficiency) with each process's useful time "
                    + "(T - Tcomm) and its lost time split into idle, waiting and transfer.",
            "",
            "--window, --ranks and --region look at part of the run: every number is that of a trace holding only "
                    + "the selected events. With --ranks the tables list the selected processes and the efficiency's "
                    + "maxima and means are over them (a process left out does not lower the load balance).",
            "",
            "text is for people; csv holds the table per process with the efficiency columns, one line per rank; "
                    + "json holds all the tables, the efficiency and the notes as data (a kind, a count and names each)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the tables were written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace stats run/traces.otf2",
            "  igtrace stats run/traces.otf2 -o stats.json",
            "  igtrace stats run/traces.otf2 --clock-correction none -o raw-clocks.csv",
            "  igtrace stats run/traces.otf2 --window 2s:3.5s --ranks 0-7"
        })
public final class StatsCommand implements Callable<Integer> {
    /** The formats of {@code igtrace stats}. */
    enum Format { TEXT, JSON, CSV }

    private static final Map<String, Format> BY_EXTENSION = Map.of("txt", Format.TEXT, "text", Format.TEXT, "json", Format.JSON,
            "csv", Format.CSV);

    @Mixin
    TraceArgument trace;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatValues.Stats.class,
            description = "text (the default), json or csv. Without it the extension of the output file decides: txt, json or csv.")
    Format format;

    @Option(names = "--clock-correction", paramLabel = "HOW",
            description = "offsets (the default: a clock offset per process that puts every receive after its send; among "
                    + "those, the ones that change the raw clocks least, unless that makes a sender-receiver pair's quickest transfer slower "
                    + "than any the raw clocks show: definitions section 8) "
                    + "or none (raw timestamps).")
    ClockCorrection clockCorrection;

    @Mixin
    TraceOptions common;

    @ParentCommand
    IgtraceCommand parent;

    @Override
    public Integer call() throws Exception {
        common.reading.check();
        selection();
        Format chosen = FormatChoice.resolve(format, common.output, BY_EXTENSION, Format.TEXT);
        common.output.check();
        Selection selection = selection();
        PrintWriter err = parent.err();
        TraceReading.Request options = TraceReading.options(common.reading, false, clockCorrection, false);
        ProgressBar progress = ProgressBar.on(err, common.output.quiet);
        TraceSession session = TraceSession.open(parent, trace.path(), options, selection, progress);
        Integer ended = session.start();
        if (ended != null) {
            return ended;
        }
        InformationGraph graph = InformationGraph.build(session.profile(), EdgeWeight.AVG, Recalculation.PATH);
        String text = switch (chosen) {
            case TEXT -> text(graph, selection);
            case CSV -> String.join("\n", StatsTables.processes(graph.profile(), Efficiency.of(graph.profile())).csv()) + "\n";
            case JSON -> json(graph, session.located().file().toString(), selection);
        };
        FormatChoice.noteUnclaimed(err, common.output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(common.output, parent.stdout(), out -> out.write(text));
        if (!common.output.quiet && (common.output.output != null || chosen != Format.TEXT)) {
            Summary.of(graph, GraphView.FULL).forEach(err::println);
        }
        return 0;
    }

    private Selection selection() throws UsageError {
        try {
            return common.selection.selection();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    private static String text(InformationGraph graph, Selection selection) {
        List<String> lines = new ArrayList<>();
        if (!selection.isAll()) {
            lines.add("Selection: " + selection.words());
            lines.add("");
        }
        lines.add("Waiting per wait-state pattern, summed over " + Summary.count(graph.profile().processes().size(), "process", "processes")
                + " (of time: of their times T_i added up)");
        lines.addAll(StatsTables.patterns(graph.profile()).text());
        lines.add("");
        lines.add("Per process");
        lines.addAll(StatsTables.processes(graph.profile()).text());
        String missing = StatsTables.withoutRows(graph.profile());
        if (missing != null) {
            lines.add(missing);
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
        lines.addAll(StatsTables.efficiency(e).text());
        if (e.threaded()) {
            lines.add("");
            lines.add("OpenMP per thread (thread: its place among its process's threads)");
            lines.addAll(StatsTables.threads(e).text());
        }
        return String.join("\n", lines) + "\n";
    }

    private static String json(InformationGraph graph, String source, Selection selection) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", source);
        if (!selection.isAll()) {
            m.put("selection", selection.words());
        }
        m.put("summary", StatsTables.summary(graph));
        m.put("patterns", StatsTables.patterns(graph.profile()).json());
        Efficiency e = Efficiency.of(graph.profile());
        m.put("efficiency", e.graphAttributes());
        m.put("processes", StatsTables.processes(graph.profile(), e).json());
        if (e.threaded()) {
            m.put("threads", StatsTables.threads(e).json());
        }
        m.put("ranks_without_rows", graph.profile().selectedProcesses().stream().filter(pr -> pr.threads() == 0)
                .map(org.igtrace.core.profile.ProcessProfile::rank).toList());
        m.put("diagnostics", graph.profile().diagnostics().stream().map(Json::diagnostic).toList());
        return Json.write(m);
    }
}
