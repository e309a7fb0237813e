package org.igtrace.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.igtrace.core.util.Labels;
import org.igtrace.formats.Escape;
import org.igtrace.formats.Json;
import org.igtrace.formats.Table;
import org.igtrace.formats.stats.Summary;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceInventory;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf1.Otf1Inventory;
import org.igtrace.reader.otf2.Otf2Inventory;
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
        TraceFormat.Located located = TraceFormat.locate(trace.path());
        TraceInventory inventory = read(located, threads == null ? 0 : threads);
        String text = chosen == Format.JSON ? Json.write(json(located, inventory)) : text(located, inventory);
        FormatChoice.noteUnclaimed(parent.err(), output.output, format != null, BY_EXTENSION.keySet(), FormatChoice.name(chosen));
        Output.write(output, parent.stdout(), out -> out.write(text));
        return 0;
    }

    private static TraceInventory read(TraceFormat.Located located, int threads) throws TraceReadException {
        return switch (located.format()) {
            case OTF2 -> Otf2Inventory.read(located.file(), threads);
            case OTF1 -> Otf1Inventory.read(located.file());
        };
    }

    private static String text(TraceFormat.Located located, TraceInventory t) {
        List<String> lines = new ArrayList<>();
        int threads = t.processes().stream().mapToInt(TraceInventory.Process::threads).sum();
        lines.add("trace          " + located.file());
        lines.add("format         " + t.format() + (t.producer() == null ? "" : ", written by " + t.producer()));
        lines.add("processes      " + t.processes().size() + " (" + Summary.count(threads, "thread", "threads") + " read; "
                + Summary.count(t.locations().size(), "location", "locations") + " in all)");
        lines.add("events         " + t.locations().stream().mapToLong(l -> Math.max(0, l.events())).sum() + ", "
                + t.eventCounts());
        double tick = 1 / t.ticksPerSecond();
        lines.add("clock          " + String.format(Locale.ROOT, "%.0f", t.ticksPerSecond()) + " ticks per second (resolution "
                + (tick < 1e-6 ? String.format(Locale.ROOT, "%.3g ns", tick * 1e9) : Labels.seconds3(tick)) + ")");
        lines.add("time span      " + (t.spanSeconds() < 0 ? "not given" : Labels.seconds3(t.spanSeconds())));
        List<String> regions = new ArrayList<>();
        t.regions().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> regions.add(e.getKey() + " " + e.getValue()));
        lines.add("regions        " + (regions.isEmpty() ? "none" : String.join(", ", regions)));
        List<String> comms = new ArrayList<>();
        t.communicators().forEach(c -> comms.add(c.name() + " (" + (c.paradigm() == null ? "" : c.paradigm() + ", ") + c.size() + ")"));
        lines.add("communicators  " + (comms.isEmpty() ? "none" : String.join(", ", comms)));
        lines.add("missing files  " + (t.missing().isEmpty() ? "none" : String.join(", ", t.missing())));
        t.notes().forEach(n -> lines.add("note           " + n));
        lines.add("");
        lines.addAll(processes(t).text());
        lines.add("");
        lines.addAll(locations(t).text());
        return String.join("\n", lines.stream().map(Escape::terminal).toList()) + "\n";
    }

    private static Table processes(TraceInventory t) {
        List<TraceInventory.Process> p = t.processes();
        return new Table(p.size())
                .column("rank", "rank", Table.Kind.INTEGER, i -> p.get(i).rank())
                .column("name", "process", Table.Kind.TEXT, i -> p.get(i).name())
                .column("host", "host", Table.Kind.TEXT, i -> p.get(i).host())
                .column("threads", "threads", Table.Kind.INTEGER, i -> p.get(i).threads());
    }

    private static Table locations(TraceInventory t) {
        List<TraceInventory.Location> l = t.locations();
        return new Table(l.size())
                .column("id", "location", Table.Kind.TEXT, i -> l.get(i).id())
                .column("name", "name", Table.Kind.TEXT, i -> l.get(i).name())
                .column("process", "rank", Table.Kind.INTEGER, i -> l.get(i).process() < 0 ? null : l.get(i).process())
                .column("kind", "kind", Table.Kind.TEXT, i -> l.get(i).kind())
                .column("events", "events", Table.Kind.INTEGER, i -> l.get(i).events() < 0 ? null : l.get(i).events());
    }

    private static Map<String, Object> json(TraceFormat.Located located, TraceInventory t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trace", located.file().toString());
        m.put("format", t.format());
        m.put("producer", t.producer());
        m.put("ticks_per_second", t.ticksPerSecond());
        m.put("span", t.spanSeconds() < 0 ? null : t.spanSeconds());
        m.put("event_counts", t.eventCounts());
        m.put("processes", processes(t).json());
        m.put("locations", locations(t).json());
        m.put("regions", new java.util.TreeMap<>(t.regions()));
        List<Map<String, Object>> comms = new ArrayList<>();
        t.communicators().forEach(c -> {
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("name", c.name());
            cm.put("size", c.size());
            if (c.paradigm() != null) {
                cm.put("paradigm", c.paradigm()); // only when not MPI's
            }
            comms.add(cm);
        });
        m.put("communicators", comms);
        m.put("missing", t.missing());
        m.put("diagnostics", t.notes().stream().map(n -> Json.diagnostic(org.igtrace.core.diagnostic.Diagnostic.note(n))).toList());
        return m;
    }
}
