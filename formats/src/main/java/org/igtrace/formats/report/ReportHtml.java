package org.igtrace.formats.report;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.timeline.Timeline;
import org.igtrace.core.why.Why;
import org.igtrace.formats.ReportPage;
import org.igtrace.formats.ReportSections;
import org.igtrace.formats.stats.StatsTables;
import org.igtrace.formats.stats.Summary;
import org.igtrace.formats.timeline.RowPath;
import org.igtrace.formats.timeline.SvgTimelineWriter;
import org.igtrace.formats.timeline.TimelineNotes;
import org.igtrace.formats.why.ReportWhy;

/**
 * {@code igtrace report}'s page: the summary, the efficiency, the processes, the heat map, the spanning tree, the
 * waits, the timeline, the why section and the top pairs, in that order, in the frame of {@link ReportPage}.
 */
public final class ReportHtml {
    /** A part of the page made elsewhere (on a thread of its own): its HTML, when the page reaches it. */
    public interface Part {
        String html() throws IOException;
    }

    private ReportHtml() {
    }

    /**
     * @param title    the page's title
     * @param graph    the run's information graph (its profile holds the rest)
     * @param tree     the tree's section ({@link #treeSection})
     * @param timeline the timeline's SVG ({@link #timeline})
     * @param why      the critical path and causes, or null: no why section
     */
    public static String page(String title, InformationGraph graph, Part tree, Part timeline, Why why, Selection selection)
            throws IOException {
        TraceProfile p = graph.profile();
        StringBuilder h = new StringBuilder(1 << 16);
        // the short notes are in the summary line already (4 GPU streams left out was there and in the list)
        ReportSections.summary(h, Summary.of(graph, GraphView.FULL).get(0).replaceFirst("^igtrace: ", ""),
                p.notes().stream().filter(note -> note.length() > Summary.INLINE_NOTE).toList());
        if (p.waits() != null) {
            Efficiency e = Efficiency.of(p);
            ReportSections.efficiency(h, e, StatsTables.pop(e), p::worldRank);
            if (e.threaded()) { // stats' table of the threads: their OpenMP waiting, idle time, MPI and useful time
                ReportSections.threads(h, StatsTables.threadsHeading(e), StatsTables.threads(e, p::worldRank).text());
            }
        }
        ReportSections.processes(h, StatsTables.readProcesses(p), p.waits(), StatsTables.withoutRows(p), p::worldRank);
        ReportSections.heatMap(h, p);
        h.append(tree.html());
        ReportSections.waits(h, p.waits() == null ? null
                : Summary.waitTable(p).stream().map(line -> line.replaceFirst("^igtrace: ", "")).toList());
        h.append("<section id=\"timeline\"><h2>Timeline</h2>\n");
        h.append(timeline.html()).append("</section>\n");
        if (why != null) {
            ReportWhy.section(h, why, p, selection);
        }
        ReportSections.topPairs(h, p);
        return ReportPage.page(title, h);
    }

    /** The tree's section: the spanning tree as Graphviz drew it (SVG), or null when Graphviz is not there. */
    public static String treeSection(String svg) {
        StringBuilder h = new StringBuilder("<section id=\"tree\"><h2>Spanning tree of the information graph</h2>\n"
                + "<p>A process is labelled with its w (compute share), an edge with its tree weight (definitions section 6): its"
                + " pair's average message size (bytes / messages), plus that of every pair whose traffic the tree routes through"
                + " it; the bytes each pair exchanged are in the heat map and the table of pairs.</p>\n");
        if (svg == null) {
            h.append("<p>Graphviz <code>dot</code> is not installed (Debian package graphviz): the tree is not drawn.</p>");
        } else {
            h.append(svg.substring(Math.max(0, svg.indexOf("<svg"))));
        }
        return h.append("</section>\n").toString();
    }

    /**
     * The timeline as SVG, with the note of what its measured span left out ({@code whole}: the trace's span), the notes of
     * what {@code builder}'s picture left out and {@code window} ({@link TimelineNotes#windowNote}, or null), and the critical path
     * drawn over its rows ({@code path}; null: none), each row named by {@code worldRank} of its process
     * ({@link TraceProfile#worldRank}).
     */
    public static String timeline(Timeline timeline, org.igtrace.core.timeline.TimelineBuilder builder, double[] whole, int environment,
                                  Selection selection, String window, RowPath path,
                                  java.util.function.IntUnaryOperator worldRank) throws IOException {
        // what the picture left out or shares per column, and the window's clocks, as under igtrace timeline's picture (the
        // reader's notes and the clocks are in the page's summary)
        List<String> notes = new java.util.ArrayList<>();
        String cut = TimelineNotes.spanNote(timeline, whole, environment, selection, "igtrace timeline --span whole");
        if (cut != null) {
            notes.add(cut);
        }
        notes.addAll(TimelineNotes.pictureNotes(timeline, builder));
        if (window != null) {
            notes.add(window);
        }
        StringWriter svg = new StringWriter();
        SvgTimelineWriter.write(timeline, "", notes, path, worldRank, svg);
        return svg.toString();
    }
}
