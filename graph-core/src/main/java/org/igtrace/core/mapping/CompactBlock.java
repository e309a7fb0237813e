package org.igtrace.core.mapping;

import org.igtrace.core.topology.Mesh;
import org.igtrace.core.topology.Topology;
import org.igtrace.core.topology.Torus;

/**
 * A start for a job smaller than its machine: the ranks placed by {@link RecursiveBisection} on the smallest block of
 * the machine's nodes that holds them (on a mesh or torus with more nodes than that block), the block as
 * compact as can be (of the blocks of the fewest nodes, the one whose longest side is the shortest), taken as a machine of
 * its own (a torus's block as a torus, a mesh's as a mesh) and copied into the machine's corner. The search over the whole
 * machine spread a 4x4x4 halo of 64 ranks over {@code torus:8x8x8} at 1.2 times the hop-bytes of the block's placement
 * copied there, over {@code torus:16x16x16} at 1.4 times, and over {@code torus:5x5x5} at 1.1 times (a review, 2026-12-07).
 */
final class CompactBlock {
    private CompactBlock() {
    }

    /**
     * The node of each rank in the block's placement, or null where the machine is no mesh or torus, or no block smaller
     * than the machine holds the ranks.
     *
     * @param graph    the ranks' graph
     * @param topology the machine
     * @param slots    ranks a node holds
     * @param seed     the bisection's seed
     * @return each rank's node of the machine, or null
     */
    static int[] place(RankGraph graph, Topology topology, int slots, long seed) {
        if (!(topology instanceof Torus) && !(topology instanceof Mesh)) {
            return null;
        }
        int nodes = topology.nodeCount();
        long needed = ((long) graph.vertices() + slots - 1) / slots;
        int[] last = topology.coordinates(nodes - 1);
        int[] size = new int[3];
        for (int d = 0; d < 3; d++) {
            size[d] = d < last.length ? last[d] + 1 : 1;
        }
        int[] block = smallestBlock(size, needed);
        if ((long) block[0] * block[1] * block[2] >= nodes) {
            return null; // the block is the machine
        }
        Topology sub = topology instanceof Torus ? new Torus(block[0], block[1], block[2]) : new Mesh(block[1], block[0]);
        int[] inBlock = RecursiveBisection.place(graph, new NodeDistances(sub), slots, seed);
        int[] node = new int[inBlock.length];
        for (int r = 0; r < node.length; r++) {
            int[] c = sub.coordinates(inBlock[r]);
            node[r] = c[0] + size[0] * (c[1] + size[1] * (c.length > 2 ? c[2] : 0));
        }
        return node;
    }

    /** The block of at least {@code needed} nodes inside {@code size}: the fewest nodes, then the shortest longest side. */
    static int[] smallestBlock(int[] size, long needed) {
        int[] best = null;
        long bestNodes = Long.MAX_VALUE;
        int bestSide = Integer.MAX_VALUE;
        for (int x = 1; x <= size[0]; x++) {
            for (int y = 1; y <= size[1]; y++) {
                long z = (needed + (long) x * y - 1) / ((long) x * y);
                if (z > size[2]) {
                    continue;
                }
                long blockNodes = (long) x * y * z;
                int side = (int) Math.max(Math.max(x, y), z);
                if (blockNodes < bestNodes || blockNodes == bestNodes && side < bestSide) {
                    best = new int[] {x, y, (int) z};
                    bestNodes = blockNodes;
                    bestSide = side;
                }
                if (z == 1) {
                    break; // a longer y only adds nodes
                }
            }
        }
        return best;
    }
}
