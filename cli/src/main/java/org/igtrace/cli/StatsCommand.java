package org.igtrace.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.select.Selection;
import org.igtrace.formats.stats.StatsOutput;
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
                    + "(T - Tcomm) and its lost time split into idle, waiting and transfer; on a run with OpenMP threads a "
                    + "fifth, the OpenMP times per thread.",
            "",
            "--window, --ranks and --region look at part of the run: every number is that of a trace holding only "
                    + "the selected events. With --ranks the tables list the selected processes and the efficiency's "
                    + "maxima and means are over them (a process left out does not lower the load balance).",
            "",
            "text is for people; csv holds the table per process with the efficiency columns, one line per rank; "
                    + "json holds all the tables, the efficiency and the notes as data (a kind and a text each, with a count and names where the note has them); "
                    + "their times are in seconds, shares and efficiencies fractions of 1."
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

    /** {@code --format}'s values for the completion. */
    static final class StatsFormats implements Iterable<String> {
        public java.util.Iterator<String> iterator() {
            return FormatValues.of(Format.class).iterator();
        }
    }

    private static final Map<String, Format> BY_EXTENSION = Map.of("txt", Format.TEXT, "text", Format.TEXT, "json", Format.JSON,
            "csv", Format.CSV);

    @Mixin
    TraceArgument trace;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = StatsFormats.class,
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
    Invocation parent;

    @Override
    public Integer call() throws Exception {
        TraceOptions.Checked<Format> checked = common.check(format, BY_EXTENSION, Format.TEXT);
        Selection selection = checked.selection();
        Format chosen = checked.format();
        PrintWriter err = parent.err();
        TraceReading.Request options = TraceReading.options(common.reading, false, clockCorrection, false);
        ProgressBar progress = ProgressBar.on(err, common.output.quiet);
        TraceSession session = TraceSession.open(parent, trace.path(), options, selection, progress);
        Integer ended = session.start();
        if (ended != null) {
            return ended;
        }
        InformationGraph graph = InformationGraph.build(session.profile(), EdgeWeight.AVG, Recalculation.PATH);
        String words = selection.isAll() ? null : selection.words();
        String text = switch (chosen) {
            case TEXT -> StatsOutput.text(graph, words);
            case CSV -> StatsOutput.csv(graph);
            case JSON -> StatsOutput.json(graph, PathAliases.shown(session.located().file().toString()), words);
        };
        FormatChoice.warnUnclaimed(err, common.output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(common.output, parent.stdout(), out -> out.write(text));
        if (!common.output.quiet && (common.output.output != null || chosen != Format.TEXT)) {
            Summary.of(graph, GraphView.FULL).forEach(err::println);
        }
        return 0;
    }
}
