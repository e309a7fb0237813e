package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Ring;
import org.igtrace.core.topology.Torus;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A job smaller than its machine (definitions section 13): the search's start on the smallest block of the machine that
 * holds the ranks. The bound is arithmetic: the shuffled 4x4x4 periodic halo (192 pairs of weight 1) placed as on a
 * 4x4x4 torus (every pair one hop) and copied into the corner of a larger torus keeps its 144 inner pairs one hop apart
 * and puts the 48 that wrap around (16 lines of 4 in each of 3 dimensions) 3 hops apart: 144 + 3 x 48 = 288. The search
 * over the whole machine gave 350 on torus:8x8x8 and 400 on torus:16x16x16 (91750400 and 104857600 bytes x hops for
 * testdata/shuffled-halo/3d, whose pairs carry 262144 bytes).
 */
class CompactBlockTest {
    @Test
    void theSmallestBlockIsTheMostCompactOfTheFewestNodes() {
        assertArrayEquals(new int[] {4, 4, 4}, CompactBlock.smallestBlock(new int[] {8, 8, 8}, 64));
        assertArrayEquals(new int[] {4, 4, 4}, CompactBlock.smallestBlock(new int[] {5, 5, 5}, 64));
        assertArrayEquals(new int[] {3, 3, 3}, CompactBlock.smallestBlock(new int[] {8, 8, 8}, 27));
        // 10 nodes: 2x5x1 (10 nodes, longest side 5) over 1x10x1 and 2x3x2 (12 nodes)
        assertArrayEquals(new int[] {2, 5, 1}, CompactBlock.smallestBlock(new int[] {16, 16, 1}, 10));
        assertArrayEquals(new int[] {8, 1, 1}, CompactBlock.smallestBlock(new int[] {16, 1, 1}, 8));
    }

    @Test
    void noBlockWhereTheMachineIsTheBlockOrNoGrid() {
        RankGraph g = PlacementSearchTest.shuffledHalo(new int[] {4, 4, 4}, true, 1);
        assertNull(CompactBlock.place(g, new Torus(4, 4, 4), 1, PlacementSearch.SEED));
        assertNull(CompactBlock.place(g, new Torus(4, 4, 2), 2, PlacementSearch.SEED));
        assertNull(CompactBlock.place(g, new Ring(100), 1, PlacementSearch.SEED));
    }

    @Tag("slow")
    @Test
    void aSmallHaloOnALargeTorusKeepsItsNeighboursNear() {
        RankGraph g = PlacementSearchTest.shuffledHalo(new int[] {4, 4, 4}, true, 1);
        for (Torus machine : new Torus[] {new Torus(8, 8, 8), new Torus(16, 16, 16)}) {
            PlacementSearch.Result r = PlacementSearch.search(g, machine, 1, null, null);
            assertTrue(r.proposed().hopBytes() <= 288, machine.name() + ": " + r.proposed().hopBytes() + " by " + r.method());
        }
        // a mesh's block is a mesh: the 8x8 non-periodic halo (112 pairs) one hop each on mesh:16x16's 8x8 corner
        RankGraph flat = PlacementSearchTest.shuffledHalo(new int[] {8, 8}, false, 2);
        PlacementSearch.Result r = PlacementSearch.search(flat, new Mesh(16, 16), 1, null, null);
        assertTrue(r.proposed().hopBytes() <= 112, r.proposed().hopBytes() + " by " + r.method());
    }
}
