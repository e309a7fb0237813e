package org.igtrace.cli;

import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Json;
import org.igtrace.formats.why.WhyOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace why}: the critical path, the causes of the waiting and what fixing them would gain (definitions section 14). */
@Command(name = "why", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "Say why the run is slow and what fixing it would gain.",
        description = {
            "Walks the critical path of the measured run back from the end of the last process (jumping, in a call that "
                    + "waited, to the process it waited for), charges every wait to the compute regions of the process that "
                    + "caused it (following waits that caused waits back to their origin), and replays the run on its own "
                    + "fitted network with the top causes fixed: a region balanced (each rank's time in it made the mean) "
                    + "or a rank's compute made the median rank's."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the analysis was written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace why run/traces.otf2",
            "  igtrace why run/traces.otf2 --top 5 --format json -o why.json"
        })
public final class WhyCommand implements Callable<Integer> {

    @Mixin
    TraceArgument trace;

    @Option(names = "--top", paramLabel = "N", defaultValue = "3",
            description = "Replay the what-ifs of the N first causes (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatValues.TextJson.class, description = "text or json (default: the output file's extension, else text).")
    String format;

    @Mixin
    TraceOptions common;

    @ParentCommand
    Invocation parent;

    @Override
    public Integer call() {
        common.reading.check();
        boolean json = json();
        if (top < 0) {
            throw new UsageError("--top " + top + ": expected a number of causes, 0 or more");
        }
        Selection selection = UsageError.of(common.selection::selection);
        common.output.check();
        WhyReading.Result read = WhyReading.read(parent, trace.path(), common.reading, selection, common.output.quiet, top, true, json);
        if (read.exit() != null) {
            return read.exit();
        }
        Why why = read.why();
        TraceProfile profile = read.profile();
        WhyOutput out = new WhyOutput(why, profile, selection);
        StringWriter text = new StringWriter();
        if (json) {
            text.write(Json.write(out.json()));
        } else {
            out.text().forEach(l -> text.write(l + "\n"));
        }
        FormatChoice.warnUnclaimed(parent.err(), common.output.output, format != null,
                java.util.List.of("txt", "text", "json"), json ? "json" : "text");
        Output.write(common.output, parent.stdout(), w -> w.write(text.toString()));
        if (!common.output.quiet) {
            java.util.List<Integer> none = org.igtrace.formats.stats.StatsTables.withoutRowRanks(profile);
            if (!none.isEmpty()) { // as stats, predict and graph say it: a process with nothing read is in none of the tables
                String list = none.stream().limit(8).map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                        + (none.size() > 8 ? ", ..." : "");
                parent.err().println("igtrace why: note: " + (none.size() == 1 ? "rank " + list : none.size() + " ranks (" + list + ")")
                        + ": no region event was read (none recorded, none inside the --window, or the files left out), or all the"
                        + " time was in MPI_Init or MPI_Finalize or with recording off: on no critical path, the cause of nothing");
            }
            // what the reader said about the trace (a location --skip-missing left out, threads folded, ...)
            profile.diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.NOTE)
                    .forEach(d -> parent.err().println("igtrace why: note: " + org.igtrace.formats.Escape.line(d.text()))); // may quote a name: one line
            read.replayNotes().forEach(n -> parent.err().println("igtrace why: note: the what-ifs' replay: " + n));
        }
        return 0;
    }

    /** Whether the output is JSON: --format, else the output file's extension. */
    private boolean json() {
        String f = format != null ? format.toLowerCase(java.util.Locale.ROOT) : "json".equals(common.output.extension()) ? "json" : "text";
        if (!f.equals("json") && !f.equals("text")) {
            throw new UsageError("--format '" + format + "': expected text or json");
        }
        String extension = common.output.extension();
        String implied = "json".equals(extension) ? "json" : "txt".equals(extension) || "text".equals(extension) ? "text" : null;
        if (implied != null && !implied.equals(f)) {
            throw new UsageError("--format " + f + " does not match the output file " + common.output.output + " (." + extension + " is "
                    + implied + "): change one of them");
        }
        return f.equals("json");
    }
}
