package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.TreeSet;
import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Ring;
import org.igtrace.core.topology.Star;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.Torus;
import org.junit.jupiter.api.Test;

/** The nodes linked to each node, against a set per node made from the topology's links. */
class SwapImprovementTest {
    @Test
    void linkedNodesAsTheLinksSay() {
        // tori with a dimension of 2, a ring of 2 (one link), a mesh and a star; each list ascending, each node once
        for (Topology t : new Topology[] {new Torus(4, 3, 2), new Torus(2, 2, 1), new Ring(2), new Ring(7), new Mesh(3, 4), new Star(6, 0)}) {
            int nodes = t.placeableNodes();
            SwapImprovement.Linked linked = SwapImprovement.linkedNodes(t, nodes);
            assertEquals(nodes + 1, linked.start().length);
            for (int n = 0; n < nodes; n++) {
                TreeSet<Integer> expected = new TreeSet<>();
                for (int l = 0; l < t.linkCount(); l++) {
                    int a = t.linkSource(l), b = t.linkTarget(l);
                    if (a < nodes && b < nodes && a != b && (a == n || b == n)) {
                        expected.add(a == n ? b : a);
                    }
                }
                int[] got = java.util.Arrays.copyOfRange(linked.node(), linked.start()[n], linked.start()[n + 1]);
                assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), got, t.name() + " node " + n);
            }
        }
    }
}
