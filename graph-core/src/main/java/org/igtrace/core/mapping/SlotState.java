package org.igtrace.core.mapping;

import java.util.Arrays;

/**
 * A placement being improved: which rank sits in each slot of each node (-1: free) and the node of
 * each rank, with the change of hop-bytes of exchanging the contents of two slots computed from
 * the two ranks' neighbours only.
 */
final class SlotState {
    final RankGraph graph;
    final NodeDistances distances;
    final int slots;
    /** Rank in slot s (node s / slots), -1 when free. */
    final int[] occupant;
    /** Node of each rank. */
    final int[] node;
    /** Slot of each rank. */
    final int[] slotOf;

    SlotState(RankGraph graph, NodeDistances distances, int slots, int[] start) {
        this.graph = graph;
        this.distances = distances;
        this.slots = slots;
        this.node = start.clone();
        this.occupant = new int[distances.nodes() * slots];
        this.slotOf = new int[graph.vertices()];
        Arrays.fill(occupant, -1);
        int[] used = new int[distances.nodes()];
        for (int r = 0; r < node.length; r++) {
            int s = node[r] * slots + used[node[r]]++;
            occupant[s] = r;
            slotOf[r] = s;
        }
    }

    int slotCount() {
        return occupant.length;
    }

    /** The change of hop-bytes if rank {@code r} moved to node {@code to}, {@code other} (or -1) not counted. */
    private double moveDelta(int r, int to, int other) {
        int from = node[r];
        double d = 0;
        for (int arc = graph.first(r); arc < graph.end(r); arc++) {
            int u = graph.neighbour(arc);
            if (u != other) {
                int at = node[u];
                d += graph.bytes(arc) * (distances.hops(to, at) - distances.hops(from, at));
            }
        }
        return d;
    }

    /** The change of hop-bytes if the contents of slots {@code a} and {@code b} were exchanged. */
    double swapDelta(int a, int b) {
        int na = a / slots, nb = b / slots;
        if (na == nb) {
            return 0;
        }
        int ra = occupant[a], rb = occupant[b];
        double d = 0;
        if (ra >= 0) {
            d += moveDelta(ra, nb, rb);
        }
        if (rb >= 0) {
            d += moveDelta(rb, na, ra);
        }
        return d;
    }

    void swap(int a, int b) {
        int ra = occupant[a], rb = occupant[b];
        occupant[a] = rb;
        occupant[b] = ra;
        if (ra >= 0) {
            node[ra] = b / slots;
            slotOf[ra] = b;
        }
        if (rb >= 0) {
            node[rb] = a / slots;
            slotOf[rb] = a;
        }
    }

    double hopBytes() {
        return graph.hopBytes(node, distances);
    }
}
