package org.igtrace.formats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import org.igtrace.core.diagnostic.Diagnostic;
import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.util.Labels;
import org.igtrace.core.util.Numbers;
import org.igtrace.core.wait.WaitReport;

/**
 * The sections of {@code igtrace report} made of the run's data alone, as HTML: the summary, the
 * efficiency and lost time, the processes, the communication matrix, the wait-state table and the
 * top pairs. Numbers in cells have four significant digits ({@link Labels#significant}: never in
 * exponent form, the page mixed 0.0008430 and 9.700e-05 in one column); names are escaped here.
 * The command adds the sections that need a program or an analysis of its own (the tree drawn by
 * Graphviz, the timeline, the why section) and puts them in the page ({@link ReportPage}).
 */
public final class ReportSections {
    private ReportSections() {
    }

    /** The summary line and the notes too long for it. */
    public static void summary(StringBuilder h, String line, List<String> longNotes) {
        h.append("<section id=\"summary\"><h2>Summary</h2><p>");
        h.append(Escape.xml(line)).append("</p>\n"); // its short notes made visible as standard error's
        if (!longNotes.isEmpty()) {
            h.append("<ul>");
            for (String note : longNotes) {
                h.append("<li>").append(Escape.xml(Escape.line(note))).append("</li>"); // as the short notes and standard error
            }
            h.append("</ul>");
        }
        h.append("</section>\n");
    }

    /** The wait-state table, as its text lines (none: the waits were not analysed). */
    /** The threads' section: stats' table of each process's threads, as text, under stats' heading of it. */
    public static void threads(StringBuilder h, String heading, List<String> table) {
        h.append("<section id=\"threads\"><h2>").append(esc(heading)).append("</h2><pre>");
        for (String line : table) {
            h.append(Escape.xml(line)).append('\n'); // the text table's names are shown already
        }
        h.append("</pre></section>\n");
    }

    public static void waits(StringBuilder h, List<String> table) {
        h.append("<section id=\"waits\"><h2>Wait states</h2>");
        if (table != null) {
            h.append("<pre>");
            for (String line : table) {
                h.append(Escape.xml(line)).append('\n'); // the text table's names are shown already
            }
            h.append("</pre>");
        }
        h.append("</section>\n");
    }

    /**
     * definitions section 10: the POP line and per selected process its useful time and lost time
     * (idle, waiting, transfer) as numbers and as a bar of the run time T; the parts add up to T.
     * {@code pop} is the POP line above the table; each process named by {@code worldRank} of its number
     * ({@link TraceProfile#worldRank}).
     */
    public static void efficiency(StringBuilder h, Efficiency e, String pop, IntUnaryOperator worldRank) {
        h.append("<section id=\"efficiency\"><h2>Efficiency and lost time</h2><p>").append(esc(pop)).append("</p>\n")
                .append("<table><tr><th>rank</th><th>useful (s)</th><th>efficiency</th><th>lost idle (s)</th><th>lost wait (s)</th>"
                        + "<th>lost transfer (s)</th><th class=\"l\">useful / idle / waiting / transfer, of T</th></tr>\n");
        double t = e.runtime();
        for (Efficiency.ProcessEfficiency r : e.processes()) {
            int rank = worldRank.applyAsInt(r.rank());
            // data as every format writes numbers (definitions section 7: no exponent, at most 15 significant digits)
            h.append("<tr class=\"efficiency\" data-rank=\"").append(rank).append("\" data-runtime=\"").append(Numbers.format(t))
                    .append("\" data-useful=\"").append(Numbers.format(r.useful())).append("\" data-lost-idle=\"")
                    .append(Numbers.format(r.lostIdle())).append("\" data-lost-wait=\"").append(Numbers.format(r.lostWait()))
                    .append("\" data-lost-transfer=\"").append(Numbers.format(r.lostTransfer()))
                    .append("\"><td>").append(rank).append("</td><td>").append(significant(r.useful())).append("</td><td>")
                    .append(significant(r.efficiency())).append("</td><td>").append(significant(r.lostIdle())).append("</td><td>").append(significant(r.lostWait()))
                    .append("</td><td>").append(significant(r.lostTransfer())).append("</td><td class=\"l\"><svg width=\"300\" height=\"12\">");
            double x = 0;
            double[] parts = {r.useful(), r.lostIdle(), r.lostWait(), Math.max(0, r.lostTransfer())};
            String[] colours = {"#81c784", "#e0e0e0", "#1f3a5c", "#64b5f6"};
            for (int i = 0; i < parts.length; i++) {
                double w = t > 0 ? 300 * Math.max(0, parts[i]) / t : 0;
                h.append("<rect x=\"").append(significant(x)).append("\" width=\"").append(significant(w)).append("\" height=\"12\" fill=\"")
                        .append(colours[i]).append("\"/>");
                x += w;
            }
            h.append("</svg></td></tr>\n");
        }
        h.append("</table></section>\n");
    }

    /**
     * Per process read its run time, communication time, compute fraction and waiting, with a bar;
     * {@code missing}, when not null, says which processes have no row; each named by {@code worldRank} of its number.
     */
    public static void processes(StringBuilder h, List<ProcessProfile> rows, WaitReport w, String missing, IntUnaryOperator worldRank) {
        h.append("<section id=\"processes\"><h2>Processes: compute and waiting</h2><table><tr><th>rank</th><th class=\"l\">name</th>"
                + "<th>T (s)</th><th>Tcomm (s)</th><th>w</th><th>waiting (s)</th><th class=\"l\">compute / MPI (of which waiting)</th></tr>\n");
        for (ProcessProfile pr : rows) {
            double t = pr.time(), wait = w == null ? 0 : w.total(pr.rank());
            double compute = t > 0 ? Math.max(0, 1 - pr.commTime() / t) : 1, waiting = t > 0 ? Math.min(1, wait / t) : 0;
            h.append("<tr><td>").append(worldRank.applyAsInt(pr.rank())).append("</td><td class=\"l\"><span class=\"n\" title=\"").append(esc(pr.name())).append("\">").append(esc(pr.name()))
                    .append("</span></td><td>")
                    .append(significant(t)).append("</td><td>").append(significant(pr.commTime())).append("</td><td>").append(significant(pr.computeFraction()))
                    .append("</td><td>").append(significant(wait)).append("</td><td class=\"l\"><svg width=\"300\" height=\"12\">")
                    .append("<rect width=\"300\" height=\"12\" fill=\"#64b5f6\"/><rect width=\"").append(significant(300 * compute))
                    .append("\" height=\"12\" fill=\"#81c784\"/><rect x=\"").append(significant(300 * compute)).append("\" width=\"")
                    .append(significant(300 * waiting)).append("\" height=\"12\" fill=\"#1f3a5c\"/></svg></td></tr>\n");
        }
        h.append("</table>");
        if (missing != null) {
            h.append("<p>").append(esc(missing)).append("</p>");
        }
        h.append("</section>\n");
    }

    /**
     * The communication matrix: bytes per pair, both directions added (so it is symmetric: cell (i, j)
     * holds what i and j sent each other), log colour scale, value on hover and in data-bytes.
     */
    public static void heatMap(StringBuilder h, TraceProfile p) {
        int n = p.processes().size();
        double max = 0, min = Double.MAX_VALUE;
        for (PairTraffic t : p.pairs()) {
            max = Math.max(max, t.bytes());
            min = t.bytes() > 0 ? Math.min(min, t.bytes()) : min;
        }
        int cell = Math.max(4, Math.min(28, 560 / Math.max(1, n)));
        int size = 40 + n * cell;
        h.append("<section id=\"matrix\"><h2>Communication matrix: bytes between each pair, both directions added (symmetric; log colour scale from the smallest to the largest, darkest the largest)</h2>\n<svg class=\"heatmap\" width=\"")
                .append(size + 10).append("\" height=\"").append(size + 10).append("\" font-size=\"9\">\n");
        for (int i = 0; i < n && cell >= 10; i++) {
            h.append("<text x=\"").append(40 + i * cell + cell / 2).append("\" y=\"34\" text-anchor=\"middle\">").append(p.worldRank(i)).append("</text>")
                    .append("<text x=\"34\" y=\"").append(40 + i * cell + cell / 2 + 3).append("\" text-anchor=\"end\">").append(p.worldRank(i)).append("</text>\n");
        }
        h.append("<rect x=\"40\" y=\"40\" width=\"").append(n * cell).append("\" height=\"").append(n * cell).append("\" fill=\"#f5f5f5\"/>\n");
        for (PairTraffic t : p.pairs()) {
            String colour = heat(shade(t.bytes(), min, max));
            for (int[] ij : new int[][] {{t.a(), t.b()}, {t.b(), t.a()}}) {
                int row = p.worldRank(ij[0]), column = p.worldRank(ij[1]); // named by world rank, placed by number
                h.append("<rect class=\"cell\" data-row=\"").append(row).append("\" data-column=\"").append(column).append("\" data-bytes=\"")
                        .append(Numbers.format(t.bytes())).append("\" x=\"").append(40 + ij[1] * cell).append("\" y=\"")
                        .append(40 + ij[0] * cell).append("\" width=\"").append(cell).append("\" height=\"").append(cell).append("\" fill=\"")
                        .append(colour).append("\"><title>").append(row).append(" and ").append(column).append(": ")
                        .append(Numbers.format(t.bytes())).append(" bytes both ways, ").append(Diagnostic.count(t.messages(), "message", "messages"))
                        .append("</title></rect>\n");
            }
        }
        h.append("</svg>");
        if (max > min) { // the scale's ends: which shade is how many bytes
            h.append("<p class=\"key\">Lightest cell ").append(Numbers.format(min)).append(" bytes, darkest ")
                    .append(Numbers.format(max)).append(" bytes.</p>");
        } else if (max > 0) {
            h.append("<p class=\"key\">Every cell with bytes: ").append(Numbers.format(max)).append(" bytes.</p>");
        }
        if (p.pairs().isEmpty()) { // the grey square alone reads as a picture that failed to draw
            h.append("<p>No messages between processes: every cell is empty.</p>");
        }
        h.append("</section>\n");
    }

    /**
     * Where {@code bytes} lies on the log scale from the smallest cell that carries bytes (0.4: clearly coloured, so that
     * half the largest does not read as nothing) to the largest (1); 0 for none. The scale ran from one byte, so cells of 0.5 and 1 MiB on
     * scorep-tracer-stencil4d-32 were one dark red (a review looked at the picture, 2026-12-07).
     */
    static double shade(double bytes, double min, double max) {
        if (!(bytes > 0)) {
            return 0;
        }
        if (!(max > min)) {
            return 1;
        }
        return 0.4 + 0.6 * Math.log(bytes / min) / Math.log(max / min);
    }

    /** White to dark red. */
    private static String heat(double f) {
        f = Math.max(0, Math.min(1, f));
        int r = (int) Math.round(255 - 120 * f), g = (int) Math.round(245 - 230 * f), b = (int) Math.round(240 - 225 * f);
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    /** The ten pairs that exchanged the most bytes, and the ten that waited the longest. */
    public static void topPairs(StringBuilder h, TraceProfile p) {
        h.append("<section id=\"pairs\"><h2>Top pairs</h2>");
        List<PairTraffic> byBytes = new ArrayList<>(p.pairs());
        if (byBytes.isEmpty()) {
            h.append("<p>No messages between processes: no pair to name.</p>\n");
        } else {
            h.append("<p>The pairs that exchanged the most bytes, both ways added:</p>\n");
            h.append("<table><tr><th>pair</th><th>bytes</th><th>messages</th></tr>\n");
            byBytes.sort(Comparator.comparingDouble(PairTraffic::bytes).reversed());
            for (PairTraffic t : byBytes.subList(0, Math.min(10, byBytes.size()))) {
                h.append("<tr><td>").append(p.worldRank(t.a())).append(" - ").append(p.worldRank(t.b())).append("</td><td>")
                        .append(Numbers.format(t.bytes())).append("</td><td>").append(t.messages()).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        if (p.waits() != null && p.waits().pairs().isEmpty()) {
            h.append("<p>No process waited for another: no pair to name.</p>");
        } else if (p.waits() != null) {
            h.append("<p>The pairs that waited the longest for each other, in messages and collectives:</p>\n");
            h.append("<table><tr><th>pair</th><th>waiting (s)</th></tr>\n");
            List<WaitReport.PairWait> byWait = new ArrayList<>(p.waits().pairs());
            byWait.sort(Comparator.comparingDouble(WaitReport.PairWait::seconds).reversed());
            for (WaitReport.PairWait w : byWait.subList(0, Math.min(10, byWait.size()))) {
                h.append("<tr><td>").append(p.worldRank(w.a())).append(" - ").append(p.worldRank(w.b())).append("</td><td>").append(significant(w.seconds())).append("</td></tr>\n");
            }
            h.append("</table>");
        }
        h.append("</section>\n");
    }

    /** A number in a cell: four significant digits, never in exponent form. */
    private static String significant(double v) {
        return Labels.significant(v, 4);
    }

    /** Text of the trace (a name) or holding its names, as a person reads it ({@link Escape#html}). */
    private static String esc(String s) {
        return s == null ? "" : Escape.html(s);
    }
}
