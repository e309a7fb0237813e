package org.igtrace.cli;

import java.util.Locale;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.util.Numbers;

/** The one-line summary igtrace prints on standard error. */
final class Summary {
    private Summary() {
    }

    static String of(InformationGraph graph, GraphView view) {
        TraceProfile p = graph.profile();
        StringBuilder s = new StringBuilder("igtrace: ");
        s.append(p.processes().size()).append(" processes, ")
                .append(p.pairs().size()).append(" edges (").append(graph.tree().size()).append(" in the tree), ")
                .append(p.messages()).append(" messages, ")
                .append(graph.components()).append(graph.components() == 1 ? " component" : " components");
        for (String note : p.notes()) {
            s.append("; ").append(note);
        }
        return s.toString();
    }

    /** The {@code --timing} line: {@code igtrace: timing: read 3.38 s (101.6 M events, 30.1 M/s), graph 0.01 s, output 0.02 s}. */
    static String timing(long readNanos, long amount, String unit, long graphNanos, long outputNanos) {
        double seconds = readNanos / 1e9;
        String rate = seconds > 0 ? ProgressBar.amount((long) (amount / seconds)) + "/s" : "-";
        return String.format(Locale.ROOT, "igtrace: timing: read %.2f s (%s %s, %s), graph %.2f s, output %.2f s", seconds,
                ProgressBar.amount(amount), unit, rate, graphNanos / 1e9, outputNanos / 1e9);
    }

    /**
     * The contention summary of {@code --topology}: hop-bytes, link loads, where the bytes go, and
     * the most loaded links.
     */
    static List<String> contention(ProjectedTopology t) {
        List<String> lines = new ArrayList<>();
        double total = t.totalBytes();
        StringBuilder s = new StringBuilder("igtrace: topology ").append(t.topology().name())
                .append(" (").append(t.topology().nodeCount()).append(" nodes, ").append(t.topology().linkCount())
                .append(" links): hop-bytes ").append(Numbers.format(t.hopBytes()))
                .append(", link load max ").append(Numbers.format(t.maxLinkLoadBytes())).append(" bytes, mean ")
                .append(String.format(Locale.ROOT, "%.1f", t.meanLinkLoadBytes())).append(" bytes; of ")
                .append(Numbers.format(total)).append(" bytes ").append(percent(t.neighbourBytes(), total))
                .append(" between neighbouring nodes, ").append(percent(t.localBytes(), total)).append(" within a node");
        if (t.unroutableBytes() > 0) {
            s.append(", ").append(percent(t.unroutableBytes(), total)).append(" between nodes with no route");
        }
        lines.add(s.toString());
        List<Integer> top = t.mostLoadedLinks(5);
        if (!top.isEmpty()) {
            StringBuilder l = new StringBuilder("igtrace: most loaded links:");
            for (int link : top) {
                l.append(' ').append(t.linkName(link)).append(' ').append(Numbers.format(t.loadBytes(link)))
                        .append(" bytes (").append(t.flows(link)).append(t.flows(link) == 1 ? " flow)" : " flows)")
                        .append(link == top.get(top.size() - 1) ? "" : ",");
            }
            lines.add(l.toString());
        }
        return lines;
    }

    private static String percent(double part, double total) {
        return String.format(Locale.ROOT, "%.1f%%", total == 0 ? 0 : 100 * part / total);
    }
}
