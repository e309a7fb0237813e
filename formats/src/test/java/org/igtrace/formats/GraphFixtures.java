package org.igtrace.formats;

import java.util.List;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;

/** A small information graph worked out by hand. */
final class GraphFixtures {
    private GraphFixtures() {
    }

    /**
     * Four processes; pairs {0,1} 3000 B / 3 msgs (avg 1000), {1,2} 8000 B / 2 (avg 4000),
     * {0,2} 500 B / 1 (avg 500), {2,3} 100 B / 4 (avg 25). Max tree on avg: {1,2}, {0,1}, {2,3};
     * {0,2} is routed 0-1-2, so with path recalculation {0,1} -> 1500, {1,2} -> 4500, {2,3} -> 25.
     * Process 0's name has characters XML and DOT must escape.
     */
    static InformationGraph small() {
        TraceProfile profile = new TraceProfile(
                List.of(new ProcessProfile(0, "rank \"0\" <a&b>", "node-a", 2.0, 0.5),
                        new ProcessProfile(1, "MPI Rank 1", "node-a", 2.0, 1.0),
                        new ProcessProfile(2, "MPI Rank 2", null, 4.0, 1.0),
                        new ProcessProfile(3, "MPI Rank 3", null, 0.0, 0.0)),
                List.of(new PairTraffic(0, 1, 3000, 3), new PairTraffic(0, 2, 500, 1),
                        new PairTraffic(1, 2, 8000, 2), new PairTraffic(2, 3, 100, 4)),
                10, List.of());
        return InformationGraph.build(profile, EdgeWeight.AVG, Recalculation.PATH);
    }
}
