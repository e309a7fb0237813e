package org.igtrace.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.core.trace.TraceInventory;
import org.igtrace.formats.info.InfoOutput;
import org.igtrace.reader.TraceFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code igtrace info}: what a trace holds, from its definitions, with its event files read to count their events. */
@Command(name = "info", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = Version.class,
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n",
        descriptionHeading = "%n", header = "What a trace holds: processes, locations, regions, communicators, clock.",
        description = {
            "Lists the trace's format and the tool that wrote it, its processes with their threads, every location "
                    + "(OTF2) or process stream (OTF) with its number of events, the regions per paradigm (OTF: per "
                    + "function group), the communicators with their sizes, the clock resolution, the time span, "
                    + "and the files the trace names that are missing. The event files are read to count their events "
                    + "(OTF2 definitions announce counts, but EZTrace's announce 2 per location: a note says where they differ)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the listing was written", "1:the trace or the output could not be handled (one line naming the file)",
            "2:usage error"},
        footerHeading = "%nExamples:%n",
        footer = {"  igtrace info scorep-run/", "  igtrace info run/traces.otf2 --format json | jq .processes"})
public final class InfoCommand implements Callable<Integer> {
    /** The formats of {@code igtrace info}. */
    enum Format { TEXT, JSON }

    /** {@code --format}'s values for the completion. */
    static final class InfoFormats implements Iterable<String> {
        public java.util.Iterator<String> iterator() {
            return FormatValues.of(Format.class).iterator();
        }
    }

    private static final Map<String, Format> BY_EXTENSION = Map.of("txt", Format.TEXT, "text", Format.TEXT, "json", Format.JSON);

    @Mixin
    TraceArgument trace;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = InfoFormats.class,
            description = "text (the default) or json. Without it the extension of the output file decides: txt or json.")
    Format format;

    @Option(names = {"-j", "--threads"}, paramLabel = "N",
            description = "Count OTF2 events on N threads, N from 1 to " + ReadingOptions.MAX_THREADS
                    + " (default: one per core; OTF's are counted on one).")
    Integer threads;

    @Mixin
    OutputOptions output;

    @ParentCommand
    Invocation parent;

    @Override
    public Integer call() throws Exception {
        Format chosen = FormatChoice.resolve(format, output, BY_EXTENSION, Format.TEXT);
        if (threads != null && (threads < 1 || threads > ReadingOptions.MAX_THREADS)) {
            throw new UsageError("--threads " + threads + " is out of range: give 1 to " + ReadingOptions.MAX_THREADS
                    + " threads, or leave the option out for one per core");
        }
        output.check();
        TraceFormat.Located located = TraceSession.locate(trace.path());
        TraceInventory inventory = TraceSession.inventory(located, threads == null ? 0 : threads);
        String file = PathAliases.shown(located.file().toString());
        String text = chosen == Format.JSON ? InfoOutput.json(file, inventory) : InfoOutput.text(file, inventory);
        FormatChoice.warnUnclaimed(parent.err(), output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(output, parent.stdout(), out -> out.write(text));
        return 0;
    }
}
