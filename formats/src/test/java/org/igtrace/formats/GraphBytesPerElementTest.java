package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.GraphView;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.output.InformationGraphAttributes;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.junit.jupiter.api.Test;

/**
 * What the information graph costs per element (issue 41 item 6, 10^5 processes and 293,500 edges): the graph was
 * built through JGraphT (a vertex map hashing each process, an edge map, a set per vertex, then a map per result:
 * tree weights, routed bytes and messages) and GraphML took each vertex's and edge's attributes as a map of boxed
 * values. The graph is now numbers in arrays and the writer takes the values typed. Bytes allocated by this thread
 * (not timed): a regression that brings back a map or a boxed value per element fails here.
 */
class GraphBytesPerElementTest {
    private static final int PROCESSES = 20_000;

    /** Each process talks to the next two: 2n - 3 pairs, given in increasing order as the profile gives them. */
    private static TraceProfile profile() {
        List<ProcessProfile> processes = new ArrayList<>(PROCESSES);
        List<PairTraffic> pairs = new ArrayList<>(2 * PROCESSES);
        for (int i = 0; i < PROCESSES; i++) {
            processes.add(new ProcessProfile(i, "MPI Rank " + i, "node-" + i / 64, 2.0 + i % 7, 0.5 + i % 3 * 0.25));
            for (int d = 1; d <= 2 && i + d < PROCESSES; d++) {
                pairs.add(new PairTraffic(i, i + d, 1000.0 * (1 + (i * 31 + d) % 97), 1 + (i + d) % 5));
            }
        }
        return new TraceProfile(processes, pairs, 3L * PROCESSES, List.of());
    }

    private static final class Discard extends Writer {
        @Override
        public void write(char[] c, int off, int len) {
        }

        @Override
        public void write(String s, int off, int len) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void buildingTheGraphAllocatesLittlePerEdge() {
        TraceProfile profile = profile();
        InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH); // classes loaded
        long before = allocated();
        InformationGraph g = InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH);
        long perEdge = (allocated() - before) / g.edgesInOrder().size();
        assertTrue(perEdge < 250, // 616 through JGraphT, 129 in arrays
                 perEdge + " bytes allocated per edge");
    }

    @Test
    void writingGraphMlAllocatesLittlePerElement() throws Exception {
        InformationGraph g = InformationGraph.build(profile(), EdgeWeight.AVG, Recalculation.PATH);
        InformationGraphAttributes view = InformationGraphAttributes.of(g, GraphView.FULL, "t.otf2");
        GraphMlWriter writer = new GraphMlWriter();
        writer.write(view, new Discard()); // classes loaded
        long before = allocated();
        writer.write(view, new Discard());
        long perElement = (allocated() - before) / (g.vertices().size() + g.edgesInOrder().size());
        assertTrue(perElement < 120, // 812 with a map per element, 45 typed
                 perElement + " bytes allocated per vertex or edge");
    }
}
