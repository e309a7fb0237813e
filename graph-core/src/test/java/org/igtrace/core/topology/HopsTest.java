package org.igtrace.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A topology's {@code hops} is the length of its {@code route}, counted without walking it (rings, meshes and tori
 * answer it at once: the placement search asks it millions of times, and on {@code ring:100000} walking each route
 * took minutes for 8 ranks). Every pair of nodes of small shapes, sizes 1 and 2 in a dimension among them.
 */
class HopsTest {
    @Test
    void hopsIsTheRoutesLength() {
        List<Topology> shapes = List.of(new Ring(1), new Ring(2), new Ring(3), new Ring(6), new Ring(7), new Mesh(1, 1), new Mesh(3, 4),
                new Mesh(5, 1), new Torus(1, 1, 1), new Torus(2, 3, 4), new Torus(1, 5, 2), new Torus(3, 3, 3));
        for (Topology t : shapes) {
            for (int a = 0; a < t.nodeCount(); a++) {
                for (int b = 0; b < t.nodeCount(); b++) {
                    int[] walked = new int[1];
                    int route = t.route(a, b, link -> walked[0]++);
                    assertEquals(walked[0], route, t + " " + a + "->" + b);
                    assertEquals(route, t.hops(a, b), t + " " + a + "->" + b);
                }
            }
        }
        // far apart on a long ring: the shorter way round, not walked
        assertEquals(50_000, new Ring(100_000).hops(0, 50_000));
        assertEquals(1, new Ring(100_000).hops(0, 99_999));
    }
}
