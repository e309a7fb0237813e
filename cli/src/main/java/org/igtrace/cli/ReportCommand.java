package org.igtrace.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.timeline.TimelineBuilder;
import org.igtrace.core.util.Labels;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.core.why.Why;
import org.igtrace.formats.DotWriter;
import org.igtrace.formats.Escape;
import org.igtrace.formats.ReportPage;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.spill.TempFileRecordBlocks;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
    @CommandLine.ParentCommand
    IgtraceCommand parent;

    @Parameters(index = "0", paramLabel = "TRACE", description = "An OTF2 anchor file, an OTF master file, or a directory holding one.")
    Path trace;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE (whole or not at all) instead of standard output.")
    Path output;

    @Option(names = "--width", paramLabel = "PIXELS", defaultValue = "1100", description = "Width of the timeline, 300 to 20000 pixels (default: ${DEFAULT-VALUE}).")
    int width;

    @CommandLine.Mixin
    SelectionOptions selectionOptions = new SelectionOptions();

    @picocli.CommandLine.Mixin
    ReadingOptions readingOptions;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on standard error but errors.")
    boolean quiet;

    @Option(names = "--no-why", description = "Leave out the why section (the critical path and the causes of the waiting): "
            + "a cheaper report on large traces.")
    boolean noWhy;

    @Override
    public Integer call() throws UsageError, TraceReadException, OutputError {
        Selection selection;
        try {
            selection = selectionOptions.selection();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        readingOptions.check();
        if (width < 300 || width > 20000) {
            throw new UsageError("--width " + width + ": give 300 to 20000 pixels");
        }
        // --skip-missing, --skip-damaged, --temp-dir and a checked -j as the other commands (the reader's errors suggest them)
        TraceReading.Request options = TraceReading.options(readingOptions, false, null, false);
        TraceSession session = TraceSession.open(parent, trace, options, selection, ProgressBar.on(parent.err(), quiet));
        String html;
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(readingOptions.tempDir, TempFileRecordBlocks.activityBudget(),
                "the region slices")) {
            TraceSession.Subscription<TimelineBuilder> timeline = session.subscribe(d -> new TimelineBuilder(d,
                    SvgTimelineWriter.columns(width), selection.ranks(), selection.fromTicks(d), selection.toTicks(d), true));
            // the why section without what-ifs (their replays would make the report cost as much as predict): igtrace why has them
            WhyReading.Taps why = noWhy ? null : new WhyReading.Taps(false);
            if (why != null) {
                session.subscribe(d -> why.on(d, store));
            }
            Integer ended = session.start();
            if (ended != null) {
                return ended;
            }
            TraceProfile profile = session.profile();
            InformationGraph graph = InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH);
            try {
                html = html(graph, timeline.get(), selection, why == null ? null : WhyReading.analyse(profile, why, readingOptions, 0));
            } catch (IOException e) {
                throw new OutputError((output == null ? "standard output" : output) + ": " + e.getMessage());
            }
        }
        if (output != null) {
            FormatChoice.noteUnclaimed(parent.err(), output, false, java.util.List.of("html", "htm"), "the HTML report");
        }
        Output.write(output, parent.stdout(), out -> out.write(html));
        return 0;
    }

    /**
     * The page. The spanning tree (Graphviz, a process of its own) and the timeline (its level of
     * detail and SVG) are drawn on threads of their own while this one writes the other sections.
     */
    private String html(InformationGraph graph, TimelineBuilder timeline, Selection selection, Why why) throws IOException {
        Beside<String> tree = Beside.start("igtrace-report-tree", () -> tree(graph));
        Beside<String> svg = Beside.start("igtrace-report-timeline", () -> timeline(timeline, selection));
        TraceProfile p = graph.profile();
        StringBuilder h = new StringBuilder(1 << 16);
        String title = "igtrace report: " + trace + (selection.isAll() ? "" : " (" + selection.words() + ")");
        h.append("<section id=\"summary\"><h2>Summary</h2><p>");
        h.append(esc(Summary.of(graph, GraphView.FULL).get(0).replaceFirst("^igtrace: ", ""))).append("</p>\n");
        // the short notes are in the summary line already (4 GPU streams left out was there and in the list)
        List<String> longNotes = p.notes().stream().filter(note -> note.length() > Summary.INLINE_NOTE).toList();
        if (!longNotes.isEmpty()) {
            h.append("<ul>");
            for (String note : longNotes) {
                h.append("<li>").append(esc(note)).append("</li>");
            }
            h.append("</ul>");
        }
        h.append("</section>\n");
        efficiency(h, p);
        processes(h, p);
        heatMap(h, p);
        h.append(tree.join());
        h.append("<section id=\"waits\"><h2>Wait states</h2>");
        if (p.waits() != null) {
            h.append("<pre>");
            for (String line : Summary.waitTable(p)) {
                h.append(esc(line.replaceFirst("^igtrace: ", ""))).append('\n');
            }
            h.append("</pre>");
        }
        h.append("</section>\n<section id=\"timeline\"><h2>Timeline</h2>\n");
        h.append(svg.join()).append("</section>\n");
        if (why != null) {
            ReportWhy.section(h, why, p, selection, width);
        }
        topPairs(h, p);
        return ReportPage.page(title, h);
    }

    /**
     * definitions section 10: the POP line and per selected process its useful time and lost time
     * (idle, waiting, transfer) as numbers and as a bar of the run time T; the parts add up to T.
     */
    private static void efficiency(StringBuilder h, TraceProfile p) {
        if (p.waits() == null) {
            return;
        }
        Efficiency e = Efficiency.of(p);
        h.append("<section id=\"efficiency\"><h2>Efficiency and lost time</h2><p>").append(esc(StatsTables.pop(e))).append("</p>\n")
                .append("<table><tr><th>rank</th><th>useful (s)</th><th>efficiency</th><th>lost idle (s)</th><th>lost wait (s)</th>"
                        + "<th>lost transfer (s)</th><th class=\"l\">useful / idle / waiting / transfer, of T</th></tr>\n");
        double t = e.runtime();
        for (Efficiency.ProcessEfficiency r : e.processes()) {
            h.append("<tr class=\"efficiency\" data-rank=\"").append(r.rank()).append("\" data-runtime=\"").append(t)
                    .append("\" data-useful=\"").append(r.useful()).append("\" data-lost-idle=\"").append(r.lostIdle())
                    .append("\" data-lost-wait=\"").append(r.lostWait()).append("\" data-lost-transfer=\"").append(r.lostTransfer())
                    .append("\"><td>").append(r.rank()).append("</td><td>").append(Labels.significant(r.useful(), 4)).append("</td><td>")
                    .append(Labels.significant(r.efficiency(), 4)).append("</td><td>").append(Labels.significant(r.lostIdle(), 4)).append("</td><td>").append(Labels.significant(r.lostWait(), 4))
                    .append("</td><td>").append(Labels.significant(r.lostTransfer(), 4)).append("</td><td class=\"l\"><svg width=\"300\" height=\"12\">");
            double x = 0;
            double[] parts = {r.useful(), r.lostIdle(), r.lostWait(), Math.max(0, r.lostTransfer())};
            String[] colours = {"#81c784", "#e0e0e0", "#1f3a5c", "#64b5f6"};
            for (int i = 0; i < parts.length; i++) {
                double w = t > 0 ? 300 * Math.max(0, parts[i]) / t : 0;
                h.append("<rect x=\"").append(Labels.significant(x, 4)).append("\" width=\"").append(Labels.significant(w, 4)).append("\" height=\"12\" fill=\"")
                        .append(colours[i]).append("\"/>");
                x += w;
            }
            h.append("</svg></td></tr>\n");
        }
        h.append("</table></section>\n");
    }

    private static void processes(StringBuilder h, TraceProfile p) {
        WaitReport w = p.waits();
        h.append("<section id=\"processes\"><h2>Processes: compute and waiting</h2><table><tr><th>rank</th><th class=\"l\">name</th>"
                + "<th>T (s)</th><th>Tcomm (s)</th><th>w</th><th>waiting (s)</th><th class=\"l\">compute / MPI (of which waiting)</th></tr>\n");
        for (ProcessProfile pr : StatsTables.readProcesses(p)) {
            double t = pr.time(), wait = w == null ? 0 : w.total(pr.rank());
            double compute = t > 0 ? Math.max(0, 1 - pr.commTime() / t) : 1, waiting = t > 0 ? Math.min(1, wait / t) : 0;
            h.append("<tr><td>").append(pr.rank()).append("</td><td class=\"l\">").append(esc(pr.name())).append("</td><td>")
                    .append(Labels.significant(t, 4)).append("</td><td>").append(Labels.significant(pr.commTime(), 4)).append("</td><td>").append(Labels.significant(pr.computeFraction(), 4))
                    .append("</td><td>").append(Labels.significant(wait, 4)).append("</td><td class=\"l\"><svg width=\"300\" height=\"12\">")
                    .append("<rect width=\"300\" height=\"12\" fill=\"#64b5f6\"/><rect width=\"").append(Labels.significant(300 * compute, 4))
                    .append("\" height=\"12\" fill=\"#81c784\"/><rect x=\"").append(Labels.significant(300 * compute, 4)).append("\" width=\"")
                    .append(Labels.significant(300 * waiting, 4)).append("\" height=\"12\" fill=\"#1f3a5c\"/></svg></td></tr>\n");
        }
        h.append("</table>");
        String missing = StatsTables.withoutRows(p);
        if (missing != null) {
            h.append("<p>").append(esc(missing)).append("</p>");
        }
        h.append("</section>\n");
    }

    /**
     * The communication matrix: bytes per pair, both directions added (so it is symmetric: cell (i, j)
     * holds what i and j sent each other), log colour scale, value on hover and in data-bytes.
     */
    private static void heatMap(StringBuilder h, TraceProfile p) {
        int n = p.processes().size();
        double max = 0;
        for (PairTraffic t : p.pairs()) {
            max = Math.max(max, t.bytes());
        }
        int cell = Math.max(4, Math.min(28, 560 / Math.max(1, n)));
        int size = 40 + n * cell;
        h.append("<section id=\"matrix\"><h2>Communication matrix: bytes between each pair, both directions added (symmetric; log colour scale, darkest the largest)</h2>\n<svg class=\"heatmap\" width=\"")
                .append(size + 10).append("\" height=\"").append(size + 10).append("\" font-size=\"9\">\n");
        for (int i = 0; i < n && cell >= 10; i++) {
            h.append("<text x=\"").append(40 + i * cell + cell / 2).append("\" y=\"34\" text-anchor=\"middle\">").append(i).append("</text>")
                    .append("<text x=\"34\" y=\"").append(40 + i * cell + cell / 2 + 3).append("\" text-anchor=\"end\">").append(i).append("</text>\n");
        }
        h.append("<rect x=\"40\" y=\"40\" width=\"").append(n * cell).append("\" height=\"").append(n * cell).append("\" fill=\"#f5f5f5\"/>\n");
        for (PairTraffic t : p.pairs()) {
            String colour = heat(Math.log1p(t.bytes()) / Math.log1p(max));
            for (int[] ij : new int[][] {{t.a(), t.b()}, {t.b(), t.a()}}) {
                h.append("<rect class=\"cell\" data-row=\"").append(ij[0]).append("\" data-column=\"").append(ij[1]).append("\" data-bytes=\"")
                        .append(org.igtrace.core.util.Numbers.format(t.bytes())).append("\" x=\"").append(40 + ij[1] * cell).append("\" y=\"")
                        .append(40 + ij[0] * cell).append("\" width=\"").append(cell).append("\" height=\"").append(cell).append("\" fill=\"")
                        .append(colour).append("\"><title>").append(ij[0]).append(" and ").append(ij[1]).append(": ")
                        .append(org.igtrace.core.util.Numbers.format(t.bytes())).append(" bytes both ways, ").append(Summary.count(t.messages(), "message", "messages"))
                        .append("</title></rect>\n");
            }
        }
        h.append("</svg></section>\n");
    }

    /** White to dark red. */
    private static String heat(double f) {
        f = Math.max(0, Math.min(1, f));
        int r = (int) Math.round(255 - 120 * f), g = (int) Math.round(245 - 230 * f), b = (int) Math.round(240 - 225 * f);
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    /** The tree's section: the spanning tree drawn by Graphviz. */
    private String tree(InformationGraph graph) throws IOException {
        StringBuilder h = new StringBuilder("<section id=\"tree\"><h2>Spanning tree of the information graph</h2>\n");
        StringWriter dot = new StringWriter();
        new DotWriter().write(org.igtrace.core.output.InformationGraphAttributes.of(graph, GraphView.TREE, trace.toString()), dot);
        String svg = dot(dot.toString());
        if (svg == null) {
            h.append("<p>Graphviz <code>dot</code> is not installed (Debian package graphviz): the tree is not drawn.</p>");
        } else {
            h.append(svg.substring(Math.max(0, svg.indexOf("<svg"))));
        }
        return h.append("</section>\n").toString();
    }

    /** The timeline as SVG. */
    private static String timeline(TimelineBuilder builder, Selection selection) throws IOException {
        Timeline timeline = builder.build();
        String cut = TimelineCommand.spanNote(timeline, builder.wholeSpan(), builder.environmentCalls(), selection, "igtrace timeline --span whole");
        StringWriter svg = new StringWriter();
        SvgTimelineWriter.write(timeline, "", cut == null ? List.of() : List.of(cut), svg);
        return svg.toString();
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

        static <T> Beside<T> start(String name, Part<T> part) {
            Beside<T> b = new Beside<>(name, part);
            b.thread.start();
            return b;
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

    /** The DOT text drawn by Graphviz as SVG, or null when dot is missing or fails. */
    private static String dot(String text) {
        try {
            Process p = new ProcessBuilder("dot", "-Tsvg").redirectError(ProcessBuilder.Redirect.DISCARD).start();
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

    private static void topPairs(StringBuilder h, TraceProfile p) {
        h.append("<section id=\"pairs\"><h2>Top pairs</h2><table><tr><th>pair</th><th>bytes</th><th>messages</th></tr>\n");
        List<PairTraffic> byBytes = new ArrayList<>(p.pairs());
        byBytes.sort(Comparator.comparingDouble(PairTraffic::bytes).reversed());
        for (PairTraffic t : byBytes.subList(0, Math.min(10, byBytes.size()))) {
            h.append("<tr><td>").append(t.a()).append(" - ").append(t.b()).append("</td><td>")
                    .append(org.igtrace.core.util.Numbers.format(t.bytes())).append("</td><td>").append(t.messages()).append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (p.waits() != null) {
            h.append("<table><tr><th>pair</th><th>waiting (s)</th></tr>\n");
            List<WaitReport.PairWait> byWait = new ArrayList<>(p.waits().pairs());
            byWait.sort(Comparator.comparingDouble(WaitReport.PairWait::seconds).reversed());
            for (WaitReport.PairWait w : byWait.subList(0, Math.min(10, byWait.size()))) {
                h.append("<tr><td>").append(w.a()).append(" - ").append(w.b()).append("</td><td>").append(Labels.significant(w.seconds(), 4)).append("</td></tr>\n");
            }
            h.append("</table>");
        }
        h.append("</section>\n");
    }

    private static String esc(String s) {
        return s == null ? "" : Escape.xml(s);
    }
}
