package org.igtrace.cli;

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
}
