package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.topology.ProjectedTopology;
import org.igtrace.core.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * {@code --centre R} names a world rank (issue 41 item 6): with processes 0..3 analysed for world ranks 0, 1, 7 and
 * 999999, {@code --centre 7} centres the star on process 2's node; {@code --centre 3} (process 3's number, not a rank
 * analysed) is a usage error, where it centred the star on world rank 999999's node.
 */
class TopologyCentreWorldRankTest {
    private static InformationGraph graph() {
        List<ProcessProfile> processes = List.of(new ProcessProfile(0, "MPI Rank 0", null, 1, 0.5), new ProcessProfile(1, "MPI Rank 1", null, 1, 0.5),
                new ProcessProfile(2, "MPI Rank 7", null, 1, 0.5), new ProcessProfile(3, "MPI Rank 999999", null, 1, 0.5));
        TraceProfile p = new TraceProfile(processes, List.of(new PairTraffic(0, 1, 10, 1), new PairTraffic(2, 3, 10, 1)), 2, List.of())
                .withWorldRanks(new int[] {0, 1, 7, 999_999});
        return InformationGraph.build(p, EdgeWeight.BYTES, Recalculation.PATH);
    }

    private static TopologyOptions star(int centre) {
        TopologyOptions t = new TopologyOptions();
        t.spec = TopologySpec.parse("star:4");
        t.centre = centre;
        return t;
    }

    @Test
    void theCentreIsAWorldRank() throws Exception {
        InformationGraph g = graph();
        ProjectedTopology t = star(7).project(g, EdgeWeight.BYTES, g.profile().processDefinitions());
        // the star's centre is node 2 (process 2, world rank 7, placed in rank order): it has a link to every other node
        int links = 0;
        for (int l = 0; l < t.topology().linkCount(); l++) {
            links += t.topology().linkSource(l) == 2 || t.topology().linkTarget(l) == 2 ? 1 : 0;
        }
        assertEquals(3, links);
    }

    @Test
    void aCentreNotAnalysedIsAUsageError() {
        InformationGraph g = graph();
        UsageError e = assertThrows(UsageError.class, () -> star(3).project(g, EdgeWeight.BYTES, g.profile().processDefinitions()));
        assertEquals("--centre 3: no process of that world rank was analysed (world ranks 0-1, 7, 999999; --skip-missing left out the others)",
                e.getMessage());
        // checked before any event too
        assertThrows(UsageError.class, () -> star(3).checkBefore(g.profile().processDefinitions()));
        star(999_999).checkBefore(g.profile().processDefinitions()); // above the number of processes: a world rank analysed
    }
}
