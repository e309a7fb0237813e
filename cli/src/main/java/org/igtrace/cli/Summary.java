package org.igtrace.cli;

import java.util.Locale;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.profile.TraceProfile;

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
}
