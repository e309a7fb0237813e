package org.igtrace.formats.why;

import java.util.List;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.select.Selection;
import org.igtrace.core.util.Labels;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Escape;

/**
 * The report's "why" section (definitions section 14): the story of {@code igtrace why}, where the critical path is
 * drawn (the timeline draws it over its rows), the causes by delay cost and the what-ifs.
 */
public final class ReportWhy {
    private static final int ROWS = 10;
    /** A name's characters at most in the page's text (the whole name in its tooltip): a name of 100,000 characters was a page of it. */
    private static final int SHOWN = 80;

    private ReportWhy() {
    }

    public static void section(StringBuilder h, Why why, TraceProfile profile, Selection selection) {
        WhyOutput out = new WhyOutput(why, profile, selection);
        h.append("<section id=\"why\"><h2>Why</h2><p>").append(Escape.html(out.story())).append("</p>\n");
        if (!why.path().path().segments().isEmpty()) {
            String other = out.otherRuntime("The run time T of the POP line", true);
            h.append("<p class=\"critical-path\">").append(WhyOutput.segments(why.path()) == 0
                    ? "The critical path is empty (0 s): no line is drawn over the timeline."
                    : "The critical path, " + Labels.seconds3(why.path().length()) + " (" + WhyOutput.LENGTH
                    + "), is the violet line over the rows of the timeline above.")
                    .append(other == null ? "" : " " + Escape.html(other)).append("</p>\n");
        }
        List<Why.CauseRow> causes = why.causes().subList(0, Math.min(ROWS, why.causes().size()));
        if (causes.isEmpty()) {
            h.append("<p>").append(Escape.html(WhyOutput.NO_CAUSE)).append("</p>\n");
        } else {
            h.append("<table><tr><th>rank</th><th class=\"l\">region</th><th>delay cost</th><th>of waiting</th></tr>\n");
            for (Why.CauseRow c : causes) {
                int rank = why.worldRank(c.rank());
                h.append("<tr class=\"cause\" data-rank=\"").append(rank).append("\"><td>").append(rank).append("</td><td class=\"l\"><span class=\"n\" title=\"")
                        .append(Escape.html(c.region())).append("\">").append(Escape.html(Labels.cut(c.region(), SHOWN))).append("</span></td><td>").append(Labels.seconds3(c.delayCost())).append("</td><td>")
                        .append(why.waiting() > 0 ? Math.round(1000 * c.delayCost() / why.waiting()) / 10.0 + " %" : "").append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        String own = out.ownThreads();
        if (!own.isEmpty()) {
            h.append("<p>Besides, ").append(Escape.html(own)).append(".</p>\n");
        }
        if (!why.whatIf().isEmpty()) {
            h.append("<p>").append(Escape.html(out.whatIfHeading()))
                    .append("</p><table><tr><th class=\"l\">hypothesis</th><th>predicted run time</th><th>gain</th></tr>\n");
            for (Why.Hypothesis w : why.whatIf()) {
                h.append("<tr><td class=\"l\"><span class=\"n\" title=\"").append(Escape.html(w.hypothesis())).append("\">")
                        .append(Escape.html(Labels.cut(w.hypothesis(), SHOWN))).append("</span></td><td>").append(Labels.seconds3(w.predictedRuntime()))
                        .append("</td><td>").append(WhyOutput.gain(why, w.gain())).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append("</section>\n");
    }
}
