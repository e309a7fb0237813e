package org.igtrace.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.igtrace.formats.Escape;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.timeline.CallCapture;
import org.igtrace.core.timeline.TimelineBuilder;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.formats.stats.Summary;
import org.igtrace.formats.timeline.ChromeJsonWriter;
import org.igtrace.formats.timeline.PerfettoTraceWriter;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import org.igtrace.formats.timeline.TimelineNotes;
import org.igtrace.formats.timeline.TraceEventWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code igtrace timeline}: the run as a time-space diagram (SVG), or every call as a Perfetto trace or Chrome trace-event JSON. */
@Command(name = "timeline",
        mixinStandardHelpOptions = true, versionProvider = Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        header = "Draw the run as a time-space diagram (SVG), or export it for the Perfetto UI.",
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n", descriptionHeading = "%n",
        description = {
            "Draws the run as a time-space diagram: a row per process, outermost MPI calls as bars (their waiting "
                    + "part darker), compute coloured by the outermost user region (the regions with "
                    + "the most compute time get colours of their own), messages as arrows (clock conflicts in "
                    + "red), collective operations marked. The picture's size depends on --width and the number of rows, "
                    + "not on the number of events. --format perfetto writes every call and message as a Perfetto trace "
                    + "(protobuf) instead, to browse in the Perfetto UI; --format chrome-json as Chrome trace-event JSON "
                    + "(for small runs and tools that read JSON)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace timeline run/traces.otf2 -o run.svg",
            "  igtrace timeline run/traces.otf2 --ranks 0-3,8 --window 1.5s:2s -o part.svg",
            "  igtrace timeline run/traces.otf2 --clock-correction none -o raw.svg",
            "  igtrace timeline run/traces.otf2 -o run.pftrace   (open in ui.perfetto.dev)"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the timeline was written", "1:the trace or the output could not be handled", "2:usage error"})
public final class TimelineCommand implements Callable<Integer> {
    enum Format {
        SVG, PERFETTO, CHROME_JSON;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** A trace-event export (every call), not the picture. */
        boolean events() {
            return this != SVG;
        }
    }

    /** {@code --format}'s values for the completion. */
    static final class TimelineFormats implements Iterable<String> {
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Format.values()).map(Format::toString).iterator();
        }
    }

    /** The extensions that choose a format when --format does not. */
    static final List<String> PERFETTO_EXTENSIONS = List.of(".pftrace", ".perfetto-trace");

    @CommandLine.ParentCommand
    Invocation parent;

    @Parameters(index = "0", paramLabel = "TRACE", description = "An OTF2 anchor file, an OTF master file, or a directory holding one.")
    Path trace;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OutputOptions.FileName.class,
            description = "Write to FILE (whole or not at all) instead of standard output.")
    Path output;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = TimelineFormats.class,
            description = "svg, perfetto (Perfetto's protobuf trace) or chrome-json (Chrome trace-event JSON); without it "
                    + "perfetto when the output file has the extension pftrace or perfetto-trace, chrome-json for json, else svg; "
                    + "a format the extension of -o names otherwise is a usage error.")
    String format;

    @Option(names = "--width", paramLabel = "PIXELS", defaultValue = "1200",
            description = "Width of the picture in pixels, 300-20000 (default: ${DEFAULT-VALUE}).")
    int width;

    @Option(names = "--clock-correction", paramLabel = "HOW", defaultValue = "offsets",
            description = "offsets (default): shift each process's clock as the wait analysis does; none: raw timestamps, "
                    + "arrows that point back in time (clock conflicts) drawn in red.")
    ClockCorrection clockCorrection;

    /** What the picture spans when --window does not say. */
    enum Span {
        MEASURED, WHOLE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Option(names = "--span", paramLabel = "SPAN", defaultValue = "measured",
            description = "The time the SVG spans: measured (default): from the end of MPI_Init to the start of MPI_Finalize, "
                    + "where stats' T_i leaves out those calls (a run whose MPI_Init takes most of its time still shows its work; a note says "
                    + "what was left out); whole: the whole trace. An edge --window gives overrides it.")
    Span span;

    @CommandLine.Mixin
    SelectionOptions selectionOptions = new SelectionOptions();

    /** --skip-missing, --skip-damaged, a checked -j and --temp-dir, as the other commands read. */
    @CommandLine.Mixin
    ReadingOptions reading;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on standard error but errors and warnings.")
    boolean quiet;


    @Override
    public Integer call() {
        reading.check();
        Format chosen = format();
        Selection selection = UsageError.of(selectionOptions::selection);
        if (width < 300 || width > 20000) {
            throw new UsageError("--width " + width + ": give 300 to 20000 pixels");
        }
        OutputOptions.check(output); // an unwritable -o folder refused before the read, as every command does
        boolean correct = clockCorrection != ClockCorrection.NONE;
        TraceReading.Request options = TraceReading.options(reading, false, correct ? ClockCorrection.OFFSETS : ClockCorrection.NONE, false);
        if (output == null && chosen == Format.PERFETTO && System.console() != null && StandardOutputWatch.isProcessStdout(parent.stdout())) {
            // a terminal would show the binary trace as noise (and may take escape sequences from it)
            throw new UsageError("--format perfetto writes a binary trace: give -o FILE.pftrace, or pipe standard output");
        }
        TraceSession session = TraceSession.open(parent, trace, options, selection, ProgressBar.on(parent.err(), quiet));
        Integer isolated = session.runHereOrIsolated();
        if (isolated != null) {
            return isolated;
        }
        if (output != null) {
            FormatChoice.warnUnclaimed(parent.err(), output, format != null, java.util.List.of("svg", "json", "pftrace", "perfetto-trace"),
                    chosen.toString());
        }
        // what the run says on standard error, said once the output is written (not before a write that then fails)
        List<String> said = new java.util.ArrayList<>();
        if (output != null && chosen == Format.PERFETTO) {
            Output.writeBytes(output, out -> said.addAll(run(session, selection, chosen, null, out)));
            said.forEach(parent.err()::println);
            return 0;
        }
        if (output == null && chosen.events()) {
            // streamed: its head leaves at once, and a reader that goes away (| head) ends the run (issue 39 item 9)
            StandardOutputWatch.startFor(parent.stdout());
            Output.stream(StandardOutputWatch.endingOnBrokenPipe(parent.stdout()), stdout -> {
                if (chosen == Format.PERFETTO) {
                    java.io.OutputStream bytes = StandardOutputWatch.bytes(parent.stdout());
                    said.addAll(run(session, selection, chosen, null, bytes));
                    bytes.flush();
                } else {
                    said.addAll(run(session, selection, chosen, stdout, null));
                }
            });
            said.forEach(parent.err()::println);
            return 0;
        }
        Output.write(output, parent.stdout(), out -> said.addAll(run(session, selection, chosen, out, null)));
        said.forEach(parent.err()::println);
        return 0;
    }

    private Format format() {
        String name = output == null ? "" : output.toString().toLowerCase(Locale.ROOT);
        Format named = name.endsWith(".svg") ? Format.SVG : name.endsWith(".json") ? Format.CHROME_JSON
                : PERFETTO_EXTENSIONS.stream().anyMatch(name::endsWith) ? Format.PERFETTO : null;
        if (format == null) {
            return named == null ? Format.SVG : named;
        }
        Format chosen = switch (format.toLowerCase(Locale.ROOT)) {
            case "svg" -> Format.SVG;
            case "perfetto", "protobuf", "pftrace" -> Format.PERFETTO;
            case "chrome-json", "json", "chrome" -> Format.CHROME_JSON;
            default -> throw new UsageError("--format '" + format + "': expected one of svg, perfetto, chrome-json");
        };
        if (named != null && named != chosen) {
            // Perfetto's JSON went into t.svg: the extension and --format must agree, as for the other commands
            throw new UsageError("--format " + format + " and -o " + output + " disagree: the extension says " + named);
        }
        return chosen;
    }

    /**
     * Reads the trace with the timeline (or the export) as one more analysis, and writes it to {@code out}
     * (text: the picture, Chrome's JSON) or {@code bytes} (Perfetto's protobuf trace).
     *
     * @return the lines to say on standard error once the output is written: what was written, notes
     */
    private List<String> run(TraceSession session, Selection selection, Format chosen, Writer out, java.io.OutputStream bytes)
            throws IOException {
        try (TemporaryStore store = new TemporaryStore(reading.tempDir, "the calls of the trace events")) {
            return run(session, selection, chosen, out, bytes, store);
        }
    }

    /** A trace-event export: the calls and messages kept while the trace is read, and the writer they go to. */
    private record EventExport(CallCapture capture, TraceEventWriter writer) {
    }

    /** The processes as the trace-event writers name them: by their world ranks (definitions section 2). */
    private static List<TraceEventWriter.Process> processes(TraceDefinitions definitions) {
        return definitions.processes().stream()
                .map(p -> new TraceEventWriter.Process(p.rank(), p.name(), definitions.worldRank(p.rank()))).toList();
    }

    private List<String> run(TraceSession session, Selection selection, Format chosen, Writer out, java.io.OutputStream bytes,
                             RecordBlocks store) throws IOException {
        List<String> said = new java.util.ArrayList<>();
        int columns = SvgTimelineWriter.columns(width);
        TraceSession.Subscription<EventExport> perfetto = !chosen.events() ? null
                : session.subscribe(d -> {
                    try {
                        TraceEventWriter writer = chosen == Format.PERFETTO
                                ? new PerfettoTraceWriter(bytes, processes(d), d.ticksPerSecond(), d::regionName,
                                        r -> d.mpiCall(r).isMpi())
                                : new ChromeJsonWriter(out, processes(d), d.startTicks(), d.ticksPerSecond(), d::regionName,
                                        r -> d.mpiCall(r).isMpi());
                        // the head of a streamed export leaves as soon as the definitions are read
                        if (bytes != null) {
                            bytes.flush();
                        } else {
                            out.flush();
                        }
                        return new EventExport(new CallCapture(d, writer, store), writer);
                    } catch (IOException e) { // the head written where the output goes: a failure naming that
                        if (Output.isBrokenPipe(e)) {
                            throw new CallCapture.SinkFailure(e); // its reader went away: the quiet end (exit 0)
                        }
                        throw new Failure((output == null ? "standard output" : output) + ": " + e.getMessage());
                    }
                }, EventExport::capture);
        TraceSession.Subscription<TimelineBuilder> picture = chosen.events() ? null
                : session.subscribe(d -> new TimelineBuilder(d, columns, selection.processes(d), selection.fromTicks(d), selection.toTicks(d),
                        span == Span.MEASURED));
        Integer ended = session.start();
        if (ended != null) {
            throw Failure.saidAlready(); // said already (a selection that kept nothing: start() says 1)
        }
        TraceProfile profile = session.profile();
        if (chosen.events()) {
            CallCapture export = perfetto.get().capture();
            long calls;
            try {
                export.writeTo();
                calls = perfetto.get().writer().finish();
            } catch (CallCapture.SinkFailure e) { // where the output goes failed (a full disk): a failure naming that
                throw Output.isBrokenPipe(e) ? e : new Failure((output == null ? "standard output" : output) + ": " + IoFailure.of(e.getCause()));
            } catch (IOException e) {
                if (Output.isBrokenPipe(e)) {
                    throw new java.io.UncheckedIOException(e);
                }
                throw new Failure((output == null ? "standard output" : output) + ": " + IoFailure.of(e));
            }
            if (!quiet) {
                said.add("igtrace: " + Summary.count(calls, "call", "calls") + " and " + Summary.count(export.flows(), "message", "messages")
                        + " written as trace events"
                        + " (open in https://ui.perfetto.dev)"
                        + (store.spilledBytes() == 0 ? "" : "; the calls waited for the clock offsets in a temporary file of "
                        + store.spilledBytes() + " bytes"));
                // what the reader left out (GPU streams, a file --skip-missing skipped, ...): the SVG says it in the picture
                profile.diagnostics().stream().filter(d -> d.kind() == org.igtrace.core.diagnostic.DiagnosticKind.NOTE)
                        .forEach(d -> said.add("igtrace timeline: note: " + Escape.line(d.text()))); // one line
            }
            return said;
        }
        TimelineBuilder builder = picture.get();
        Timeline timeline = builder.build();
        List<String> notes = TimelineNotes.notes(timeline, profile, builder, selection.ranks() != null);
        String cut = TimelineNotes.spanNote(timeline, builder.wholeSpan(), builder.environmentCalls(), selection, "--span whole");
        if (cut != null) {
            notes.add(0, cut);
        }
        String window = TimelineNotes.windowNote(selection, profile.waits());
        if (window != null) {
            notes.add(window);
        }
        String title = "igtrace timeline: " + PathAliases.shown(trace.toString())
                + (selection.isAll() ? "" : "  (" + selection.words() + ")");
        SvgTimelineWriter.write(timeline, title, notes, null, profile::worldRank, out);
        if (!quiet) {
            said.add("igtrace: " + Summary.count(timeline.rows().size(), "row", "rows") + ", "
                    + Summary.count(timeline.arrows().size(), "arrow", "arrows")
                    + (timeline.arrowMessages() > timeline.arrows().size() ? " for " + timeline.arrowMessages() + " messages" : "")
                    + (timeline.arrowsLeftOut() > 0 ? " (" + Summary.count(timeline.arrowsLeftOut(), "message", "messages") + " more left out)" : "")
                    + ", " + Summary.count(timeline.collectives().size(), "collective mark", "collective marks"));
        }
        return said;
    }
}
