package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The broadcast trees the calibration chooses from (issue 34 item 12). */
class BroadcastTreeTest {
    private static int[] children(BroadcastTree t, int v, int size) {
        int[] out = new int[64];
        return Arrays.copyOf(out, t.childrenOf(v, size, out));
    }

    /**
     * Open MPI's ompi_coll_base_topo_build_kmtree draws, for 10 members: radix 4, the root's children 4, 8, 1, 2, 3 and
     * 4's 5, 6, 7, 8's 9; radix 2, the root's 8, 4, 2, 1, 8's 9, 4's 6, 5, 2's 3, 6's 7. A member's step is its parent's
     * plus its place among the parent's children: radix 4, 8 is the root's 2nd child (step 2), 9 the 1st of 8's (3).
     */
    @Test
    void kNomialTreesAreOpenMpisKmtree() {
        BroadcastTree four = new BroadcastTree(BroadcastTree.Shape.KNOMIAL4, false), two = new BroadcastTree(BroadcastTree.Shape.KNOMIAL2, false);
        assertArrayEquals(new int[] {4, 8, 1, 2, 3}, children(four, 0, 10));
        assertArrayEquals(new int[] {5, 6, 7}, children(four, 4, 10));
        assertArrayEquals(new int[] {9}, children(four, 8, 10));
        assertArrayEquals(new int[] {}, children(four, 3, 10));
        assertEquals(5, four.rootSends(10));
        assertEquals(2, four.step(8, 10));
        assertEquals(3, four.step(9, 10));
        assertEquals(3, four.step(6, 10)); // 4 at step 1, 6 its 2nd child
        assertArrayEquals(new int[] {8, 4, 2, 1}, children(two, 0, 10));
        assertArrayEquals(new int[] {6, 5}, children(two, 4, 10));
        assertArrayEquals(new int[] {3}, children(two, 2, 10));
        assertArrayEquals(new int[] {7}, children(two, 6, 10));
        assertEquals(4, two.parent(6));
        assertEquals(8, two.parent(9));
    }

    /** The binomial tree of issue 34 (Open MPI's bmtree): v's step is d(v) = floor(log2 v) + 1, the root sends l times. */
    @Test
    void theBinomialTreeIsTheDepthTree() {
        BroadcastTree b = BroadcastTree.DEFAULT;
        assertArrayEquals(new int[] {1, 2, 4, 8}, children(b, 0, 16));
        assertArrayEquals(new int[] {3, 5, 9}, children(b, 1, 16));
        for (int v = 1; v < 16; v++) {
            assertEquals(CollectiveTree.depth(v), b.step(v, 16));
        }
        assertEquals(4, b.rootSends(16));
        assertEquals(5, b.rootSends(17));
    }
}
