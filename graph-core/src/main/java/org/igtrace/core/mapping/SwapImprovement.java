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
        Linked linked = linkedNodes(state.distances.topology(), nodes);
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
                    for (int k = linked.start[n]; k < linked.start[n + 1]; k++) {
                        count = add(linked.node[k], stamp, seen, candidates, count);
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

    /**
     * The placeable nodes each node shares a link with: node n's are {@code node[start[n]]} to {@code node[start[n + 1] - 1]},
     * ascending, each once.
     */
    record Linked(int[] start, int[] node) {
    }

    /**
     * Each placeable node's linked placeable nodes, in two arrays of ints (a set of boxed integers per node took about
     * 2 GB on a machine of 4 M nodes).
     */
    static Linked linkedNodes(org.igtrace.core.topology.Topology topology, int nodes) {
        int links = topology.linkCount();
        int[] degree = new int[nodes + 1];
        for (int l = 0; l < links; l++) {
            int a = topology.linkSource(l), b = topology.linkTarget(l);
            if (a < nodes && b < nodes && a != b) {
                degree[a]++;
                degree[b]++;
            }
        }
        int[] start = new int[nodes + 1];
        for (int n = 0; n < nodes; n++) {
            start[n + 1] = start[n] + degree[n];
        }
        int[] flat = new int[start[nodes]];
        int[] filled = degree; // reused: how many of each node's are in
        java.util.Arrays.fill(filled, 0);
        for (int l = 0; l < links; l++) {
            int a = topology.linkSource(l), b = topology.linkTarget(l);
            if (a < nodes && b < nodes && a != b) {
                flat[start[a] + filled[a]++] = b;
                flat[start[b] + filled[b]++] = a;
            }
        }
        // each node's ascending and without repeats (parallel links), packed
        int[] packed = new int[nodes + 1];
        int out = 0;
        for (int n = 0; n < nodes; n++) {
            int from = start[n], to = start[n + 1];
            java.util.Arrays.sort(flat, from, to);
            packed[n] = out;
            for (int k = from; k < to; k++) {
                if (k == from || flat[k] != flat[k - 1]) {
                    flat[out++] = flat[k];
                }
            }
        }
        packed[nodes] = out;
        return new Linked(packed, out == flat.length ? flat : java.util.Arrays.copyOf(flat, out));
    }
}
