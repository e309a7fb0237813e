package org.igtrace.core.mapping;

import org.igtrace.core.topology.Topology;

/**
 * Hops between every two nodes of a topology (0 from a node to itself), as its routes count them:
 * a table for up to {@link #TABLE_LIMIT} nodes, else each asked of the topology.
 */
public final class NodeDistances {
    static final int TABLE_LIMIT = 4096;
    private final Topology topology;
    private final int nodes;
    private final short[] table;

    public NodeDistances(Topology topology) {
        this.topology = topology;
        this.nodes = topology.placeableNodes();
        if (nodes <= TABLE_LIMIT) {
            table = new short[nodes * nodes];
            for (int a = 0; a < nodes; a++) {
                for (int b = a + 1; b < nodes; b++) {
                    short h = (short) Math.min(Short.MAX_VALUE, topology.hops(a, b));
                    table[a * nodes + b] = h;
                    table[b * nodes + a] = h;
                }
            }
        } else {
            table = null;
        }
    }

    public Topology topology() {
        return topology;
    }

    /** The nodes ranks may be placed on, 0..nodes()-1. */
    public int nodes() {
        return nodes;
    }

    public int hops(int a, int b) {
        if (a == b) {
            return 0;
        }
        return table != null ? table[a * nodes + b] : topology.hops(a, b);
    }
}
