package org.igtrace.core.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Torus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The placement search on halo exchanges whose ranks sit on the grid in a random order (definitions
 * section 13). Every pair of grid neighbours exchanges 1 byte-unit; the optimum is arithmetic.
 */
class PlacementSearchTest {
    /** Grid point of each rank shuffled; edges between grid neighbours (periodic or not), weight 1. */
    static RankGraph shuffledHalo(int[] dims, boolean periodic, long seed) {
        int n = 1;
        for (int d : dims) {
            n *= d;
        }
        List<Integer> perm = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            perm.add(i);
        }
        Collections.shuffle(perm, new Random(seed));
        int[] rankAt = new int[n];
        for (int r = 0; r < n; r++) {
            rankAt[perm.get(r)] = r;
        }
        List<int[]> pairs = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            int stride = 1;
            for (int d = 0; d < dims.length; d++) {
                int c = p / stride % dims[d];
                if (c + 1 < dims[d] || periodic && dims[d] > 2) {
                    int q = p + ((c + 1) % dims[d] - c) * stride;
                    int a = rankAt[p], b = rankAt[q];
                    pairs.add(new int[] {Math.min(a, b), Math.max(a, b)});
                }
                stride *= dims[d];
            }
        }
        double[] w = new double[pairs.size()];
        java.util.Arrays.fill(w, 1);
        return RankGraph.of(n, pairs, w);
    }

    @Tag("slow")
    @Test
    void torusHaloEveryNeighbourOneHop() {
        // 4x4x4 periodic: 64 x 6 / 2 = 192 pairs of weight 1; optimum: every pair one hop, hop-bytes 192
        RankGraph g = shuffledHalo(new int[] {4, 4, 4}, true, 1);
        assertEquals(192, g.totalBytes());
        PlacementSearch.Result r = PlacementSearch.search(g, new Torus(4, 4, 4), 1, null, null);
        assertTrue(r.proposed().hopBytes() <= 192 * 1.05, r.proposed().hopBytes() + " by " + r.method());
        double rankOrder = r.named("rank order").hopBytes();
        assertTrue(rankOrder >= 3 * r.proposed().hopBytes() * 0.95, "rank order " + rankOrder);
    }

    @Test
    void meshHaloEveryNeighbourOneHop() {
        // 8x8 without wrap: 2 x 8 x 7 = 112 pairs; optimum 112
        RankGraph g = shuffledHalo(new int[] {8, 8}, false, 2);
        assertEquals(112, g.totalBytes());
        PlacementSearch.Result r = PlacementSearch.search(g, new Mesh(8, 8), 1, null, null);
        assertTrue(r.proposed().hopBytes() <= 112 * 1.05, r.proposed().hopBytes() + " by " + r.method());
    }

    @Tag("slow")
    @Test
    void twoSlotsFiveSixthsOneHop() {
        // 64 ranks on torus:4x4x2 with 2 slots: each node holds 2 ranks with 12 neighbour ends, at most one
        // pair (2 ends) inside the node; so at least 10/12 = 5/6 of the bytes go at least one hop: 160 of 192
        RankGraph g = shuffledHalo(new int[] {4, 4, 4}, true, 3);
        PlacementSearch.Result r = PlacementSearch.search(g, new Torus(4, 4, 2), 2, null, null);
        assertTrue(r.proposed().hopBytes() <= 160 * 1.05, r.proposed().hopBytes() + " by " + r.method());
    }

    @Tag("slow")
    @Test
    void neverWorseThanTheOutsidePlacement() {
        RankGraph g = shuffledHalo(new int[] {4, 4}, true, 4);
        int[] identityOfGrid = new int[16];
        PlacementSearch.Result r0 = PlacementSearch.search(g, new Torus(4, 4, 1), 1, null, null);
        System.arraycopy(r0.proposed().node(), 0, identityOfGrid, 0, 16);
        PlacementSearch.Result r = PlacementSearch.search(g, new Torus(4, 4, 1), 1, identityOfGrid, "scotch");
        assertTrue(r.proposed().hopBytes() <= r.named("scotch").hopBytes());
        assertTrue(r.proposed().hopBytes() <= r.named("rank order").hopBytes());
    }

    @Tag("slow")
    @Test
    void thousandRanks() {
        RankGraph g = shuffledHalo(new int[] {16, 8, 8}, true, 5);
        Torus torus = new Torus(16, 8, 8);
        long t0 = System.nanoTime();
        NodeDistances d = new NodeDistances(torus);
        long t1 = System.nanoTime();
        int[] rb = RecursiveBisection.place(g, d, 1, 1);
        long t2 = System.nanoTime();
        SlotState st = new SlotState(g, d, 1, rb);
        Annealing.improve(st, 1);
        long t3 = System.nanoTime();
        double afterSa = st.hopBytes();
        SwapImprovement.improve(st);
        long t4 = System.nanoTime();
        System.out.printf("distances %.2f s, bisection %.2f s (%.0f), annealing %.2f s (%.0f), swaps %.2f s (%.0f)%n", (t1 - t0) / 1e9,
                (t2 - t1) / 1e9, g.hopBytes(rb, d), (t3 - t2) / 1e9, afterSa, (t4 - t3) / 1e9, st.hopBytes());
        long t = System.nanoTime();
        PlacementSearch.Result r = PlacementSearch.search(g, new Torus(16, 8, 8), 1, null, null);
        System.out.printf("1024 ranks: %.2f s, hop-bytes %.0f of optimum %.0f, rank order %.0f, by %s%n", (System.nanoTime() - t) / 1e9,
                r.proposed().hopBytes(), g.totalBytes(), r.named("rank order").hopBytes(), r.method());
        // measured 3072, the optimum (rank order 24602), from the recursive bisection; 7758-8342 (2.5x-2.7x the optimum)
        // while each bisection ignored where its ranks' partners lie, 3968 while the mean hops between sets were taken
        // from every k-th node
        assertTrue(r.proposed().hopBytes() < r.named("rank order").hopBytes() / 2);
        assertTrue(r.proposed().hopBytes() <= 1.1 * g.totalBytes(), r.proposed().hopBytes() + " by " + r.method());
    }
}
