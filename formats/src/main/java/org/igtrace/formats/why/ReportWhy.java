package org.igtrace.formats.why;

import java.util.List;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.util.Labels;
import org.igtrace.core.why.CriticalPath;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Escape;

/**
 * The report's "why" section (definitions section 14): the story of {@code igtrace why}, the critical path drawn as
 * a line through the rows of the ranks over the run's time, the causes by delay cost and the what-ifs.
 */
public final class ReportWhy {
    private static final int ROWS = 10;

    private ReportWhy() {
    }

    public static void section(StringBuilder h, Why why, TraceProfile profile, Selection selection, int width) {
        WhyOutput out = new WhyOutput(why, profile, selection);
        h.append("<section id=\"why\"><h2>Why</h2><p>").append(Escape.xml(out.story())).append("</p>\n");
        path(h, why.path().path(), profile.processes().size(), width, why.path().length());
        h.append("<table><tr><th>rank</th><th class=\"l\">region</th><th>delay cost (s)</th><th>of waiting</th></tr>\n");
        List<Why.CauseRow> causes = why.causes().subList(0, Math.min(ROWS, why.causes().size()));
        for (Why.CauseRow c : causes) {
            h.append("<tr class=\"cause\" data-rank=\"").append(c.rank()).append("\"><td>").append(c.rank()).append("</td><td class=\"l\">")
                    .append(Escape.xml(c.region())).append("</td><td>").append(Labels.seconds3(c.delayCost())).append("</td><td>")
                    .append(why.waiting() > 0 ? Math.round(1000 * c.delayCost() / why.waiting()) / 10.0 + " %" : "").append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (!why.whatIf().isEmpty()) {
            h.append("<p>What if (replayed on the run's own fitted network: ").append(Labels.seconds3(why.predictedRuntime()))
                    .append(" unchanged)</p><table><tr><th class=\"l\">hypothesis</th><th>predicted run time</th><th>gain</th></tr>\n");
            for (Why.Hypothesis w : why.whatIf()) {
                h.append("<tr><td class=\"l\">").append(Escape.xml(w.hypothesis())).append("</td><td>").append(Labels.seconds3(w.predictedRuntime()))
                        .append("</td><td>").append(Labels.seconds3(w.gain())).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append("</section>\n");
    }

    /** The path as a polyline: a row per rank (rank 0 on top), time from left to right; points closer than a pixel merged. */
    private static void path(StringBuilder h, CriticalPath path, int n, int width, double seconds) {
        if (path.segments().isEmpty() || n == 0 || path.end() <= path.start()) {
            return;
        }
        int row = Math.max(2, Math.min(14, 480 / n)), left = n <= 64 ? 40 : 8, height = row * n + 24;
        double span = path.end() - path.start(), plot = width - left - 10;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"critical-path\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>");
        for (int p = 0; p < n; p++) {
            int y = 4 + p * row;
            svg.append("<rect x=\"").append(left).append("\" y=\"").append(y).append("\" width=\"").append((int) plot).append("\" height=\"")
                    .append(row - 1).append("\" fill=\"").append(p % 2 == 0 ? "#f0f0f0" : "#e6e6e6").append("\"/>");
            if (n <= 64) {
                svg.append("<text x=\"").append(left - 4).append("\" y=\"").append(y + row - 2).append("\" font-size=\"").append(Math.min(11, row))
                        .append("\" text-anchor=\"end\">").append(p).append("</text>");
            }
        }
        StringBuilder points = new StringBuilder();
        long lastX = Long.MIN_VALUE, lastY = Long.MIN_VALUE;
        for (CriticalPath.Segment s : path.segments()) {
            long y = 4 + (long) s.process() * row + row / 2;
            for (long t : new long[] {s.from(), s.to()}) {
                long x = Math.round(left + (t - path.start()) / span * plot);
                if (x != lastX || y != lastY) {
                    points.append(x).append(',').append(y).append(' ');
                    lastX = x;
                    lastY = y;
                }
            }
        }
        svg.append("<polyline class=\"path\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\" points=\"").append(points.toString().strip())
                .append("\"/><text x=\"").append(left).append("\" y=\"").append(height - 6).append("\" font-size=\"11\">critical path, ")
                .append(Labels.seconds3(seconds)).append("</text></svg>\n");
        h.append(svg);
    }
}
