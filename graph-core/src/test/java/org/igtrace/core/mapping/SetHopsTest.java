package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;
import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Star;
import org.igtrace.core.topology.Torus;
import org.junit.jupiter.api.Test;

/** The mean hops between sets of nodes against every pair counted. */
class SetHopsTest {
    @Test
    void twoHalvesOfARingEquallyFarFromTheRest() {
        // torus:16x8x8, numbered x fastest: the blocks x 0-3 and x 4-7 (256 nodes each) are as far from x 8-15 on the ring
        // of 16; a mean from every k-th node saw only some x values of each block and made them differ
        Torus torus = new Torus(16, 8, 8);
        NodeDistances d = new NodeDistances(torus);
        SetHops hops = new SetHops(d);
        int low = hops.add(block(torus, 0, 3)), high = hops.add(block(torus, 4, 7)), rest = hops.add(block(torus, 8, 15));
        assertEquals(bruteForce(d, block(torus, 0, 3), block(torus, 8, 15)), hops.mean(low, rest), 1e-9);
        assertEquals(hops.mean(low, rest), hops.mean(high, rest), 1e-9);
        assertEquals(hops.mean(rest, low), hops.mean(low, rest), 1e-9);
    }

    @Test
    void exactOnAMeshAndMeasuredElsewhere() {
        Mesh mesh = new Mesh(5, 7);
        NodeDistances d = new NodeDistances(mesh);
        SetHops hops = new SetHops(d);
        int[] a = {0, 3, 8, 13, 21}, b = {1, 2, 30, 34};
        assertEquals(bruteForce(d, a, b), hops.mean(hops.add(a), hops.add(b)), 1e-9);
        // a star has no coordinates: every pair counted while the sets are small
        NodeDistances star = new NodeDistances(new Star(9, 0));
        SetHops onStar = new SetHops(star);
        int[] c = {0, 1, 2}, e = {3, 4, 5, 6};
        assertEquals(bruteForce(star, c, e), onStar.mean(onStar.add(c), onStar.add(e)), 1e-9);
    }

    private static int[] block(Torus torus, int fromX, int toX) {
        return IntStream.range(0, torus.placeableNodes()).filter(n -> torus.coordinates(n)[0] >= fromX && torus.coordinates(n)[0] <= toX).toArray();
    }

    private static double bruteForce(NodeDistances d, int[] a, int[] b) {
        long sum = 0;
        for (int p : a) {
            for (int q : b) {
                sum += d.hops(p, q);
            }
        }
        return (double) sum / ((long) a.length * b.length);
    }
}
