package org.igtrace.core.mapping;

import java.util.Arrays;

/**
 * A placement by dual recursive bisection: the machine's nodes are halved as {@link TopologyHalves}
 * halves them, the ranks by {@link GraphBisection} into parts as large as the halves' slots (in
 * proportion when there are more slots than ranks), and each part goes on into its half until a
 * half is one node.
 */
public final class RecursiveBisection {
    private RecursiveBisection() {
    }

    /** The node of each of {@code graph}'s vertices, with at most {@code slots} on a node. */
    public static int[] place(RankGraph graph, NodeDistances distances, int slots, long seed) {
        int[] node = new int[graph.vertices()];
        int[] ranks = new int[graph.vertices()];
        Arrays.setAll(ranks, r -> r);
        new Run(graph, distances, slots, node, seed).place(ranks, TopologyHalves.all(distances));
        return node;
    }

    private record Run(RankGraph graph, NodeDistances distances, int slots, int[] node, long seed) {
        void place(int[] ranks, int[] nodes) {
            if (ranks.length == 0) {
                return;
            }
            if (nodes.length == 1) {
                for (int r : ranks) {
                    node[r] = nodes[0];
                }
                return;
            }
            int[][] halves = new TopologyHalves(distances).split(nodes);
            long c0 = (long) slots * halves[0].length, c1 = (long) slots * halves[1].length;
            int size0 = (int) Math.round((double) ranks.length * c0 / (c0 + c1));
            size0 = (int) Math.max(ranks.length - c1, Math.min(c0, size0));
            boolean[] side = new GraphBisection(graph).split(ranks, size0, seed + ranks.length * 31L + nodes[0]);
            int[] part0 = new int[size0], part1 = new int[ranks.length - size0];
            int i0 = 0, i1 = 0;
            for (int i = 0; i < ranks.length; i++) {
                if (side[i]) {
                    part1[i1++] = ranks[i];
                } else {
                    part0[i0++] = ranks[i];
                }
            }
            place(part0, halves[0]);
            place(part1, halves[1]);
        }
    }
}
