package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;
import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Ring;
import org.igtrace.core.topology.Star;
import org.igtrace.core.topology.Torus;
import org.junit.jupiter.api.Test;

/** The mean hops between sets of nodes, and to the nearest node of a set, against every pair counted. */
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

    @Test
    void nearestNodeOfABlock() {
        // ring of 8, set a = nodes 0-3, set b = nodes 4-7: node 0 is 1 hop from 7, node 1 2 hops (from 7), node 2 2 hops
        // (from 4), node 3 1 hop: (1 + 2 + 2 + 1) / 4 = 1.5; the mean over every pair is (10 + 12 + 12 + 10) / 16 = 2.75
        NodeDistances ring = new NodeDistances(new Ring(8));
        SetHops onRing = new SetHops(ring);
        int a = onRing.add(new int[] {0, 1, 2, 3}), b = onRing.add(new int[] {4, 5, 6, 7});
        assertEquals(1.5, onRing.near(a, b), 1e-12);
        assertEquals(bruteForceNear(ring, new int[] {0, 1, 2, 3}, new int[] {4, 5, 6, 7}), onRing.near(a, b), 1e-12);
        assertEquals(2.75, onRing.mean(a, b), 1e-12);
        // mesh of 5 rows and 7 columns: column x = 0 and the block of columns 4-6, every row: 4 hops from each node of a
        Mesh mesh = new Mesh(5, 7);
        NodeDistances d = new NodeDistances(mesh);
        SetHops hops = new SetHops(d);
        int[] column = IntStream.range(0, 35).filter(n -> mesh.coordinates(n)[0] == 0).toArray();
        int[] right = IntStream.range(0, 35).filter(n -> mesh.coordinates(n)[0] >= 4).toArray();
        assertEquals(4.0, hops.near(hops.add(column), hops.add(right)), 1e-12);
        // not a block (an L of nodes): the mean over every pair instead
        int[] ell = {6, 13, 20, 27, 34, 33, 32};
        int c = hops.add(column), l = hops.add(ell);
        assertEquals(bruteForce(d, column, ell), hops.near(c, l), 1e-12);
    }

    @Test
    void linksBetweenTwoHalvesOfABlock() {
        // ring of 8 halved into 0-3 and 4-7: links 3-4 and 7-0
        SetHops onRing = new SetHops(new NodeDistances(new Ring(8)));
        assertEquals(2, onRing.links(onRing.add(new int[] {0, 1, 2, 3}), onRing.add(new int[] {4, 5, 6, 7})));
        // torus:4x3x2 halved across x (x 0-1 and 2-3, a whole ring of 4): two links per line, 3 x 2 lines
        Torus torus = new Torus(4, 3, 2);
        SetHops onTorus = new SetHops(new NodeDistances(torus));
        int a = onTorus.add(block(torus, 0, 1)), b = onTorus.add(block(torus, 2, 3));
        assertEquals(12, onTorus.links(a, b));
        // mesh of 5 rows and 7 columns halved between columns 2 and 3: one link per row
        Mesh mesh = new Mesh(5, 7);
        SetHops onMesh = new SetHops(new NodeDistances(mesh));
        int left = onMesh.add(IntStream.range(0, 35).filter(n -> mesh.coordinates(n)[0] <= 2).toArray());
        int right = onMesh.add(IntStream.range(0, 35).filter(n -> mesh.coordinates(n)[0] >= 3).toArray());
        assertEquals(5, onMesh.links(left, right));
        // blocks that differ in two dimensions are not two halves of one: -1
        int corner = onMesh.add(new int[] {0}), far = onMesh.add(new int[] {34});
        assertEquals(-1, onMesh.links(corner, far));
    }

    private static double bruteForceNear(NodeDistances d, int[] a, int[] b) {
        long sum = 0;
        for (int p : a) {
            int least = Integer.MAX_VALUE;
            for (int q : b) {
                least = Math.min(least, d.hops(p, q));
            }
            sum += least;
        }
        return (double) sum / a.length;
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
