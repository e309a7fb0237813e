package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/**
 * A network of nodes joined by links, and the route a message takes between two nodes. Nodes are
 * numbered 0..{@link #nodeCount()}-1, links 0..{@link #linkCount()}-1.
 */
public interface Topology {
    /** How the topology was asked for, e.g. {@code torus:2x2x2}. */
    String name();

    int nodeCount();

    /** Nodes processes may be placed on: all of them, except a bus's medium. */
    default int placeableNodes() {
        return nodeCount();
    }

    int linkCount();

    /** One end of a link (the lower-numbered or, on rings and tori, the one the link leaves clockwise). */
    int linkSource(int link);

    int linkTarget(int link);

    /** Calls {@code onLink} for each link on the route from {@code from} to {@code to}; returns how many. */
    int route(int from, int to, IntConsumer onLink);

    /** Hops between two different nodes: the links of the route (a bus: one transfer on the medium). */
    default int hops(int from, int to) {
        return route(from, to, link -> { });
    }

    /**
     * The node's position on the grid the topology is built on (ring: {@code {i}}, mesh: {@code {x, y}},
     * torus: {@code {x, y, z}}), or null for a topology without one; the placement search halves the
     * machine along it.
     */
    default int[] coordinates(int node) {
        return null;
    }

    /** A name for drawing node {@code node}. */
    default String nodeLabel(int node) {
        return Integer.toString(node);
    }
}
