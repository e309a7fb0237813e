package org.igtrace.core.mapping;

/**
 * Steepest-descent by swaps: for each rank in turn, the exchange of its slot with a slot (another
 * rank's or a free one) on the node of one of its neighbours or a node linked to one, that lowers
 * hop-bytes most, is made; passes repeat until one changes nothing (or a pass limit). Each
 * candidate costs the two ranks' degrees.
 */
final class SwapImprovement {
    private static final int PASSES = 50;

    private SwapImprovement() {
    }

    static void improve(SlotState state) {
        int nodes = state.distances.nodes();
        int[][] linked = linkedNodes(state.distances.topology(), nodes);
        int[] seen = new int[nodes];
        java.util.Arrays.fill(seen, -1);
        int[] candidates = new int[nodes];
        for (int pass = 0; pass < PASSES; pass++) {
            boolean changed = false;
            for (int r = 0; r < state.node.length; r++) {
                int a = state.slotOf[r];
                int best = -1;
                double bestDelta = -1e-9 * Math.max(1, state.graph.totalBytes());
                int count = 0;
                int stamp = pass * state.node.length + r;
                for (int arc = state.graph.first(r); arc < state.graph.end(r); arc++) {
                    int n = state.node[state.graph.neighbour(arc)];
                    count = add(n, stamp, seen, candidates, count);
                    for (int m : linked[n]) {
                        count = add(m, stamp, seen, candidates, count);
                    }
                }
                for (int i = 0; i < count; i++) {
                    for (int b = candidates[i] * state.slots; b < (candidates[i] + 1) * state.slots; b++) {
                        double d = state.swapDelta(a, b);
                        if (d < bestDelta) {
                            bestDelta = d;
                            best = b;
                        }
                    }
                }
                if (best >= 0) {
                    state.swap(a, best);
                    changed = true;
                }
            }
            if (!changed) {
                return;
            }
        }
    }

    private static int add(int node, int stamp, int[] seen, int[] candidates, int count) {
        if (seen[node] != stamp) {
            seen[node] = stamp;
            candidates[count++] = node;
        }
        return count;
    }

    /** The placeable nodes each node shares a link with. */
    static int[][] linkedNodes(org.igtrace.core.topology.Topology topology, int nodes) {
        java.util.List<java.util.Set<Integer>> adjacent = new java.util.ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            adjacent.add(new java.util.TreeSet<>());
        }
        for (int l = 0; l < topology.linkCount(); l++) {
            int a = topology.linkSource(l), b = topology.linkTarget(l);
            if (a < nodes && b < nodes && a != b) {
                adjacent.get(a).add(b);
                adjacent.get(b).add(a);
            }
        }
        int[][] linked = new int[nodes][];
        for (int n = 0; n < nodes; n++) {
            linked[n] = adjacent.get(n).stream().mapToInt(Integer::intValue).toArray();
        }
        return linked;
    }
}
