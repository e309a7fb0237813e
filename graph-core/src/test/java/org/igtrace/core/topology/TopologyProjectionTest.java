package org.igtrace.core.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.graph.EdgeWeight;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.Recalculation;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.junit.jupiter.api.Test;

/** Link loads computed by hand for small topologies; each routing written out in the comments. */
class TopologyProjectionTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }


    /** n processes; pair (a, b) carries bytes[i] in one message, for pairs listed as {a, b}. */
    private static TraceProfile profile(int n, int[][] pairs, double[] bytes) {
        List<ProcessProfile> processes = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            processes.add(new ProcessProfile(r, "rank " + r, null, 1.0, 0.5));
        }
        List<PairTraffic> traffic = new ArrayList<>();
        for (int i = 0; i < pairs.length; i++) {
            traffic.add(new PairTraffic(pairs[i][0], pairs[i][1], bytes[i], 1));
        }
        return new TraceProfile(processes, traffic, pairs.length, List.of());
    }

    /** All six pairs of 4 processes, with bytes 1, 2, 4, 8, 16, 32 so that every sum shows its parts. */
    private static final int[][] ALL_PAIRS_OF_4 = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    private static final double[] POWERS = {1, 2, 4, 8, 16, 32};

    private static double[] loads(ProjectedTopology p) {
        double[] l = new double[p.topology().linkCount()];
        for (int k = 0; k < l.length; k++) {
            l[k] = p.loadBytes(k);
        }
        return l;
    }

    /**
     * Ring of 4, links 0:0-1 1:1-2 2:2-3 3:3-0. 0-1 link 0; 0-2 tie, clockwise: 0, 1; 0-3 the
     * short way back: 3; 1-2: 1; 1-3 tie, clockwise: 1, 2; 2-3: 2. Link 0 = 1+2, link 1 = 2+8+16,
     * link 2 = 16+32, link 3 = 4. Hop-bytes 1 + 2x2 + 4 + 8 + 16x2 + 32 = 81.
     */
    @Test
    void ringOfFourWithAllToAllTraffic() {
        ProjectedTopology p = TopologyProjection.project(profile(4, ALL_PAIRS_OF_4, POWERS), EdgeWeight.BYTES, new Ring(4),
                Placement.rankOrder(4));
        assertArrayEquals(new double[] {3, 26, 48, 4}, loads(p));
        assertEquals(2, p.flows(0));
        assertEquals(3, p.flows(1));
        assertEquals(81, p.hopBytes());
        assertEquals(1 + 4 + 8 + 32, p.neighbourBytes());
        assertEquals(48, p.maxLinkLoadBytes());
        assertEquals(List.of(2, 1, 3, 0), p.mostLoadedLinks(5));
        assertEquals("2-3", p.linkName(2));
    }

    /**
     * 2x2 mesh, node n at (n mod 2, n div 2): 0(0,0) 1(1,0) 2(0,1) 3(1,1). Links 0:0-1 1:2-3
     * (horizontal), 2:0-2 3:1-3 (vertical). X first: 0-1: 0; 0-2: 2; 0-3: 0 then 3; 1-2: 0 then 2;
     * 1-3: 3; 2-3: 1. Link 0 = 1+4+8, link 1 = 32, link 2 = 2+8, link 3 = 4+16. Hop-bytes
     * 1 + 2 + 4x2 + 8x2 + 16 + 32 = 75.
     */
    @Test
    void meshTwoByTwo() {
        ProjectedTopology p = TopologyProjection.project(profile(4, ALL_PAIRS_OF_4, POWERS), EdgeWeight.BYTES, new Mesh(2, 2),
                Placement.rankOrder(4));
        assertArrayEquals(new double[] {13, 32, 10, 20}, loads(p));
        assertEquals(75, p.hopBytes());
        assertEquals("1-3", p.linkName(3));
    }

    /**
     * 2x2x2 torus; a dimension of 2 has one link per line. X links 0:0-1 1:2-3 2:4-5 3:6-7, Y links
     * 4:0-2 5:1-3 6:4-6 7:5-7, Z links 8:0-4 9:1-5 10:2-6 11:3-7. From 0 to k with 2^(k-1) bytes:
     * 1: 0; 2: 4; 3: 0, 5; 4: 8; 5: 0, 9; 6: 4, 10; 7: 0, 5, 11. Pair 3-4 (128 bytes) from
     * (1,1,0) to (0,0,1): X link 1, then Y at (0,1,0) link 4, then Z at (0,0,0) link 8.
     * Hop-bytes 1 + 2 + 4x2 + 8 + 16x2 + 32x2 + 64x3 + 128x3 = 691.
     */
    @Test
    void torusTwoByTwoByTwo() {
        int[][] pairs = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {3, 4}};
        double[] bytes = {1, 2, 4, 8, 16, 32, 64, 128};
        ProjectedTopology p = TopologyProjection.project(profile(8, pairs, bytes), EdgeWeight.BYTES, new Torus(2, 2, 2),
                Placement.rankOrder(8));
        assertEquals(12, p.topology().linkCount());
        assertArrayEquals(new double[] {85, 128, 0, 0, 162, 68, 0, 0, 136, 16, 32, 64}, loads(p));
        assertEquals(691, p.hopBytes());
        assertEquals("2-6", p.linkName(10));
    }

    /**
     * Star of 4 around rank 3, the rank with the most bytes (4 + 16 + 32 = 52). Links 0:3-0 1:3-1
     * 2:3-2. 0-1: 0, 1; 0-2: 0, 2; 0-3: 0; 1-2: 1, 2; 1-3: 1; 2-3: 2.
     */
    @Test
    void starAroundTheBusiestRank() {
        TraceProfile profile = profile(4, ALL_PAIRS_OF_4, POWERS);
        InformationGraph graph = InformationGraph.build(profile, EdgeWeight.BYTES, Recalculation.PATH);
        Topology star = TopologySpec.parse("star").build(graph, Placement.rankOrder(4), null);
        assertEquals("3-0", new Star(4, 3).linkSource(0) + "-" + new Star(4, 3).linkTarget(0));
        ProjectedTopology p = TopologyProjection.project(profile, EdgeWeight.BYTES, star, Placement.rankOrder(4));
        assertArrayEquals(new double[] {1 + 2 + 4, 1 + 8 + 16, 2 + 8 + 32}, loads(p));
        assertEquals(4 + 16 + 32 + 2 * (1 + 2 + 8), p.hopBytes());
        Topology aroundZero = TopologySpec.parse("star").build(graph, Placement.rankOrder(4), 0);
        assertEquals(0, ((Star) aroundZero).centre());
    }

    /** A bus: every pair is one hop; node 4 is the medium, each node's link carries its own traffic. */
    @Test
    void busIsOneHopForEveryone() {
        ProjectedTopology p = TopologyProjection.project(profile(4, ALL_PAIRS_OF_4, POWERS), EdgeWeight.BYTES, new Bus(4),
                Placement.rankOrder(4));
        assertArrayEquals(new double[] {1 + 2 + 4, 1 + 8 + 16, 2 + 8 + 32, 4 + 16 + 32}, loads(p));
        assertEquals(63, p.hopBytes());
        assertEquals(63, p.neighbourBytes());
        assertEquals("3-bus", p.linkName(3));
    }

    /**
     * The tree topology is the spanning tree (by bytes: 2-3 32, 1-3 16, 1-2 8 closes a cycle, so
     * 0-3 4 joins rank 0): links are tree edges, 0-1 (1 byte) goes 0-3-1, two hops.
     */
    @Test
    void treeTopologyFollowsTheSpanningTree() {
        TraceProfile profile = profile(4, ALL_PAIRS_OF_4, POWERS);
        InformationGraph graph = InformationGraph.build(profile, EdgeWeight.BYTES, Recalculation.PATH);
        Topology tree = TopologySpec.parse("tree").build(graph, Placement.rankOrder(4), null);
        assertEquals(3, tree.linkCount());
        ProjectedTopology p = TopologyProjection.project(profile, EdgeWeight.BYTES, tree, Placement.rankOrder(4));
        // hop counts: 0-1 2, 0-2 2, 0-3 1, 1-2 2, 1-3 1, 2-3 1
        assertEquals(1 * 2 + 2 * 2 + 4 + 8 * 2 + 16 + 32, p.hopBytes());
        // the tree's links carry what --recalc path routes over them (loads = load_bytes of the tree edges)
        double sum = 0;
        for (int k = 0; k < 3; k++) {
            sum += p.loadBytes(k);
        }
        assertEquals(p.hopBytes(), sum);
    }

    /** Two ranks on one node use no link; rank order onto fewer nodes than processes is refused. */
    @Test
    void placementsShareNodesOrDoNotFit() {
        Placement two = Placement.of(new int[] {0, 0, 1, 1}, "file");
        ProjectedTopology p = TopologyProjection.project(profile(4, ALL_PAIRS_OF_4, POWERS), EdgeWeight.BYTES, new Ring(2), two);
        assertEquals(1 + 32, p.localBytes());
        assertArrayEquals(new double[] {2 + 4 + 8 + 16}, loads(p));
        assertNull(two.problemWith(new Ring(2)));
        String problem = Placement.rankOrder(4).problemWith(new Mesh(1, 3));
        assertTrue(problem.contains("has 3 nodes, fewer than the 4 processes"), problem);
        assertTrue(two.problemWith(new Bus(1)).contains("rank 2 is placed on node 1"), two.problemWith(new Bus(1)));
    }

    /**
     * Known from the number of processes alone, before a trace's events are read: a centre that is
     * not a rank, a centre placed outside the star, a network with fewer nodes than the placement
     * needs; nothing for networks that fit (the tree has a node per process).
     */
    @Test
    void problemsKnownBeforeTheEvents() {
        Placement order = Placement.rankOrder(4);
        assertEquals("--centre 99: there is no such rank (0..3)", TopologySpec.parse("star").problemBefore(4, order, 99));
        assertEquals("--centre -1: there is no such rank (0..3)", TopologySpec.parse("star").problemBefore(4, order, -1));
        assertEquals("the centre rank 3 is placed on node 3, outside the star of 2 nodes",
                TopologySpec.parse("star:2").problemBefore(4, Placement.of(new int[] {0, 1, 1, 3}, "file"), 3));
        assertEquals("the topology mesh:1x2 has 2 nodes, fewer than the 4 processes; give a larger topology or a --placement file",
                TopologySpec.parse("mesh:1x2").problemBefore(4, order, null));
        assertTrue(TopologySpec.parse("tree").problemBefore(4, Placement.of(new int[] {0, 1, 2, 4}, "file"), null)
                .startsWith("file: rank 3 is placed on node 4, but tree has nodes 0..3"));
        for (String fits : List.of("ring", "ring:4", "star", "bus", "mesh:2x2", "torus:2x2x1", "tree")) {
            assertNull(TopologySpec.parse(fits).problemBefore(4, order, null), fits);
        }
        assertNull(TopologySpec.parse("star").problemBefore(4, order, 3));
    }

    /** Every route of every topology is a walk along its links from one node to the other, as long as its hop count says. */
    @Test
    void routesAreWalksAlongLinks() {
        List<Topology> all = List.of(new Ring(1), new Ring(2), new Ring(5), new Ring(6), new Mesh(3, 4), new Mesh(1, 5),
                new Torus(3, 4, 2), new Torus(5, 1, 3), new Star(5, 2), new Bus(3),
                new TreeTopology(5, List.of(new int[] {0, 1}, new int[] {1, 2}, new int[] {1, 3}, new int[] {3, 4})));
        for (Topology t : all) {
            for (int a = 0; a < t.placeableNodes(); a++) {
                for (int b = 0; b < t.placeableNodes(); b++) {
                    int[] at = {a};
                    List<Integer> used = new ArrayList<>();
                    int hops = t.route(a, b, link -> {
                        used.add(link);
                        int s = t.linkSource(link), e = t.linkTarget(link);
                        assertTrue(s == at[0] || e == at[0], t.name() + " " + link + " does not touch " + at[0]);
                        at[0] = s == at[0] ? e : s;
                    });
                    assertEquals(used.size(), hops, t.name());
                    assertEquals(b, at[0], t.name() + " route " + a + " -> " + b);
                    if (t instanceof Torus) { // shortest: the sum over dimensions of the shorter way round
                        assertEquals(torusDistance(a, b, t), hops);
                    }
                }
            }
        }
    }

    private static int torusDistance(int a, int b, Topology t) {
        int[] size = t.name().equals("torus:3x4x2") ? new int[] {3, 4, 2} : new int[] {5, 1, 3};
        int[] ca = {a % size[0], (a / size[0]) % size[1], a / (size[0] * size[1])};
        int[] cb = {b % size[0], (b / size[0]) % size[1], b / (size[0] * size[1])};
        int d = 0;
        for (int i = 0; i < 3; i++) {
            int f = Math.floorMod(cb[i] - ca[i], size[i]);
            d += Math.min(f, size[i] - f);
        }
        return d;
    }

    @Test
    void topologyNamesParse() {
        assertArrayEquals(new int[] {2, 3}, TopologySpec.parse("mesh:2x3").dimensions());
        assertArrayEquals(new int[] {8}, TopologySpec.parse("RING:8").dimensions());
        for (String bad : new String[] {"mesh", "mesh:2", "torus:2x2", "torus:0x1x1", "ring:x", "hypercube", "tree:3"}) {
            try {
                TopologySpec.parse(bad);
                throw new AssertionError(bad + " parsed");
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().startsWith("'" + bad + "'"), expected.getMessage());
            }
        }
    }

    /** Sizes whose product overflowed an int (torus:65537x65536x1 had 65536 nodes, 2000^3 a negative count) are refused. */
    @Test
    void topologiesLargerThanTheLimitAreRefused() {
        for (String t : new String[] {"torus:65537x65536x1", "torus:2000x2000x2000", "mesh:100000x100000", "ring:99999999999",
            "mesh:65536x65536"}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> TopologySpec.parse(t));
            assertEquals("'" + t + "': more than 4194304 nodes", e.getMessage());
        }
        assertEquals(4194304L, (long) TopologySpec.parse("mesh:2048x2048").dimensions()[0] * TopologySpec.parse("mesh:2048x2048").dimensions()[1]);
    }
}
