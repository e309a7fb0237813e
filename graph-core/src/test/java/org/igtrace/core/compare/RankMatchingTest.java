package org.igtrace.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.junit.jupiter.api.Test;

/**
 * definitions section 15's matching: processes by rank; the placement is the same when every rank has the same
 * node-mates in both runs, whatever the nodes are called.
 */
class RankMatchingTest {
    private static TraceProfile on(String... hosts) {
        List<ProcessProfile> ps = new ArrayList<>();
        for (int r = 0; r < hosts.length; r++) {
            ps.add(new ProcessProfile(r, "P" + r, hosts[r], 1.0, 0.5));
        }
        return new TraceProfile(ps, List.of(), 0, List.of());
    }

    @Test
    void theSameGroupingUnderOtherNamesIsTheSamePlacement() {
        RankMatching m = RankMatching.of(on("a", "a", "b", "b"), on("x", "x", "y", "y"));
        assertEquals(new RankMatching(4, "same", 2, 2, List.of()), m);
    }

    /** Ranks 1 and 2 swapped between the first two nodes: ranks 0-3 have other node-mates, 4 and 5 not. */
    @Test
    void aSwapMovesTheRanksOfBothNodes() {
        RankMatching m = RankMatching.of(on("a", "a", "b", "b", "c", "c"), on("a", "b", "a", "b", "c", "c"));
        assertEquals(new RankMatching(6, "different", 3, 3, List.of(0, 1, 2, 3)), m);
    }

    /** Two nodes of 2 against one node of 4: every rank gets new node-mates. */
    @Test
    void fewerNodesMoveEveryRank() {
        RankMatching m = RankMatching.of(on("a", "a", "b", "b"), on("n", "n", "n", "n"));
        assertEquals(new RankMatching(4, "different", 2, 1, List.of(0, 1, 2, 3)), m);
    }

    @Test
    void aProcessWithoutANodeLeavesThePlacementUnknown() {
        RankMatching m = RankMatching.of(on("a", null), on("a", "a"));
        assertEquals("unknown", m.placement());
        assertEquals(List.of(), m.moved());
    }
}
