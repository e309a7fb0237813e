package org.igtrace.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.timeline.TimelineBuilder;
import org.igtrace.core.why.CriticalPath;
import org.igtrace.core.why.Why;
import org.igtrace.formats.DotWriter;
import org.igtrace.formats.report.ReportHtml;
import org.igtrace.formats.timeline.RowPath;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code igtrace report}: one self-contained HTML file (inline CSS and SVG, no script, nothing
 * fetched) with the summary and notes, per-process compute and waiting, the communication matrix
 * as a heat map, the spanning tree (Graphviz), the wait table, the timeline and the top pairs,
 * all from one read of the trace.
 */
@Command(name = "report",
        mixinStandardHelpOptions = true, versionProvider = Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        header = "Write one self-contained HTML page of the run: summary, efficiency, matrix, tree, waits, timeline.",
        parameterListHeading = "%nArguments:%n", optionListHeading = "%nOptions:%n", descriptionHeading = "%n",
        description = {"Writes one self-contained HTML report of the run: summary and notes, the efficiency (load balance, "
                + "communication and parallel efficiency) with each process's useful and lost time, compute fraction and waiting per "
                + "process, the communication matrix as a heat map, the information graph's spanning tree (drawn by Graphviz "
                + "dot when installed), the wait-state table, the timeline, and the top pairs by bytes and by waiting."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  igtrace report run/traces.otf2 -o run.html",
            "  igtrace report run/traces.otf2 --window 1.5s:2s --ranks 0-7 -o part.html"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the report was written", "1:the trace or the output could not be handled", "2:usage error"})
public final class ReportCommand implements Callable<Integer> {
    /** The causes whose what-ifs are replayed for the why section: the first, whose gain the story tells. */
    private static final int STORY_CAUSES = 1;

    @CommandLine.ParentCommand
    Invocation parent;

    @Parameters(index = "0", paramLabel = "TRACE", description = "An OTF2 anchor file, an OTF master file, or a directory holding one.")
    Path trace;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", converter = OutputOptions.FileName.class, description = "Write to FILE (whole or not at all) instead of standard output.")
    Path output;

    @Option(names = "--width", paramLabel = "PIXELS", defaultValue = "1100", description = "Width of the timeline, 300 to 20000 pixels (default: ${DEFAULT-VALUE}).")
    int width;

    @CommandLine.Mixin
    SelectionOptions selectionOptions = new SelectionOptions();

    @picocli.CommandLine.Mixin
    ReadingOptions readingOptions;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on standard error but errors and warnings.")
    boolean quiet;

    @Option(names = "--no-why", description = "Leave out the why section (the critical path, the causes of the waiting and "
            + "what fixing the first would gain, whose replay records the calls): a report of about half the CPU time on large traces.")
    boolean noWhy;

    @Override
    public Integer call() {
        Selection selection = UsageError.of(selectionOptions::selection);
        readingOptions.check();
        if (width < 300 || width > 20000) {
            throw new UsageError("--width " + width + ": give 300 to 20000 pixels");
        }
        OutputOptions.check(output); // an unwritable -o folder refused before the read, as every command does
        if (output == null && System.console() != null && StandardOutputWatch.isProcessStdout(parent.stdout())) {
            // a page of HTML (hundreds of kB) is of no use on a terminal: said before the read, as timeline's Perfetto trace
            throw new UsageError("report writes an HTML page for a browser: give -o FILE.html, or pipe standard output");
        }
        // --skip-missing, --skip-damaged, --temp-dir and a checked -j as the other commands (the reader's errors suggest them)
        TraceReading.Request options = TraceReading.options(readingOptions, false, null, false);
        TraceSession session = TraceSession.open(parent, trace, options, selection, ProgressBar.on(parent.err(), quiet));
        try (TemporaryStore store = new TemporaryStore(readingOptions.tempDir, "the region slices")) {
            TraceSession.Subscription<TimelineBuilder> timeline = session.subscribe(d -> new TimelineBuilder(d,
                    SvgTimelineWriter.columns(width), selection.processes(d), selection.fromTicks(d), selection.toTicks(d), true));
            // the why section with the story's gain (the first cause's what-ifs): the calls are recorded for their replay
            WhyReading.Taps why = noWhy ? null : new WhyReading.Taps(true);
            if (why != null) {
                session.subscribe(d -> why.on(d, store, session));
            }
            Integer ended = session.start();
            if (ended != null) {
                return ended;
            }
            TraceProfile profile = session.profile();
            if (output != null) { // said before the line of the work below is drawn
                FormatChoice.warnUnclaimed(parent.err(), output, false, java.util.List.of("html", "htm"), "the HTML report", false);
            }
            WorkingLine line = WorkingLine.start(parent.err(), quiet, why == null ? "the report: the graph, the tree and the timeline"
                    : "the report: the causes of the waiting, what fixing them would gain");
            Beside<?>[] started = new Beside<?>[1];
            try {
                // the analysis on a thread of its own (the caller's with -j 1) while the graph, the tree and the timeline are made
                Beside<Why> analysed = why == null ? null : Beside.start("igtrace-report-why",
                        () -> WhyReading.analyse(profile, why, readingOptions, STORY_CAUSES, false), readingOptions.threadCount() != 1);
                started[0] = analysed;
                InformationGraph graph = InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH);
                // a part of the page that could not be made (IOException) is an output not written, and names it
                Output.write(output, parent.stdout(), out -> {
                    String page = html(graph, timeline.get(), selection, analysed, why == null ? 0 : why.slices.definitions().startTicks());
                    line.close(); // erased before the page (on standard output, at a terminal too) and the notes
                    out.write(page);
                });
            } finally {
                line.close();
                if (started[0] != null) {
                    started[0].settle(); // the store it reads stays open until it ended
                }
            }
        }
        return 0;
    }

    /**
     * The page. The spanning tree (Graphviz, a process of its own) and the timeline (its level of
     * detail and SVG, with the critical path once {@code why} gives it, in ticks from {@code startTicks}) are drawn on
     * threads of their own while this one writes the other sections.
     */
    private String html(InformationGraph graph, TimelineBuilder timeline, Selection selection, Beside<Why> why, long startTicks)
            throws IOException {
        Beside<String> tree = Beside.start("igtrace-report-tree", () -> ReportHtml.treeSection(dot(tree(graph))), true);
        Beside<String> svg = Beside.start("igtrace-report-timeline", () -> {
            org.igtrace.core.timeline.Timeline built = timeline.build();
            Why w = why == null ? null : why.join();
            RowPath path = w == null ? null : criticalPath(w, startTicks);
            return ReportHtml.timeline(built, timeline, timeline.wholeSpan(), timeline.environmentCalls(), selection,
                    org.igtrace.formats.timeline.TimelineNotes.windowNote(selection, graph.profile().waits()), path, graph.profile()::worldRank);
        }, true);
        String title = "igtrace report: " + PathAliases.shown(trace.toString()) + (selection.isAll() ? "" : " (" + selection.words() + ")");
        return ReportHtml.page(title, graph, tree::join, svg::join, why == null ? null : why.join(), selection);
    }

    /** The spanning tree as DOT. */
    private String tree(InformationGraph graph) throws IOException {
        StringWriter dot = new StringWriter();
        new DotWriter().write(org.igtrace.core.output.InformationGraphAttributes.of(graph, GraphView.TREE, PathAliases.shown(trace.toString())), dot);
        return dot.toString();
    }

    /** The critical path as a line over the timeline's rows: its segments in seconds from the start of the run, as the timeline's. */
    private static RowPath criticalPath(Why why, long startTicks) {
        List<CriticalPath.Segment> segments = why.path().path().segments();
        double tick = why.tick();
        return new RowPath() {
            public int size() {
                return segments.size();
            }

            public int rank(int i) {
                return segments.get(i).process();
            }

            public double from(int i) {
                return (segments.get(i).from() - startTicks) * tick;
            }

            public double to(int i) {
                return (segments.get(i).to() - startTicks) * tick;
            }
        };
    }

    /** A part of the page made on a thread of its own; {@link #join} gives it, or throws what making it threw. */
    private static final class Beside<T> {
        interface Part<T> {
            T make() throws IOException;
        }

        private final Thread thread;
        private T value;
        private Throwable failure;

        private Beside(String name, Part<T> part) {
            thread = new Thread(() -> {
                try {
                    value = part.make();
                } catch (IOException | RuntimeException | Error e) {
                    failure = e;
                }
            }, name);
            thread.setDaemon(true);
        }

        /** {@code part} made on a thread of its own, or here and now when not {@code background}. */
        static <T> Beside<T> start(String name, Part<T> part, boolean background) {
            Beside<T> b = new Beside<>(name, part);
            if (background) {
                b.thread.start();
            } else {
                b.thread.run();
            }
            return b;
        }

        /** Waits until the part is made (or failed), whatever it gave. */
        void settle() {
            boolean interrupted = false;
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        T join() throws IOException {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while writing the report", e);
            }
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return value;
        }
    }

    /**
     * The page's width in points (its body's 1,200 CSS pixels at 96 a inch, 72 points an inch): a tree drawn wider opens
     * scrolled to its left edge, its root (top middle) out of sight.
     */
    static final double PAGE_POINTS = 900;

    /**
     * The DOT text drawn by Graphviz as SVG, or null when dot is missing or fails: from top to bottom, or from left to right
     * where that is the narrower picture and top to bottom is wider than the page (a wide tree then opens with its root,
     * now at the left, in sight: halo3d-32's tree 1,852 points wide top to bottom, 1,172 left to right).
     */
    static String dot(String text) {
        String down = dot(text, false);
        double wide = svgWidthPoints(down);
        if (down == null || wide <= PAGE_POINTS) {
            return down;
        }
        String across = dot(text, true);
        double acrossWide = svgWidthPoints(across);
        return across != null && acrossWide < wide ? across : down;
    }

    /** The width Graphviz gives an SVG picture ({@code <svg width="1852pt"}), in points, or 0 when it names none. */
    static double svgWidthPoints(String svg) {
        java.util.regex.Matcher m = svg == null ? null : java.util.regex.Pattern.compile("<svg width=\"([0-9.]+)pt\"").matcher(svg);
        return m != null && m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static String dot(String text, boolean leftToRight) {
        try {
            List<String> command = leftToRight ? List.of("dot", "-Tsvg", "-Grankdir=LR") : List.of("dot", "-Tsvg");
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (Writer in = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
                in.write(text);
            }
            String svg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? svg : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
