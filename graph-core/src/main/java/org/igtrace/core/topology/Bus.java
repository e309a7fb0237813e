package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/**
 * Nodes 0..n-1 on one shared medium, drawn as node n ("bus") with a link from every node to it.
 * A message leaves its node over that node's link and arrives over the other's; it is one hop,
 * and the medium carries all traffic.
 */
public final class Bus implements Topology {
    private final int n;

    public Bus(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a bus needs at least one node");
        }
        this.n = n;
    }

    @Override
    public String name() {
        return "bus:" + n;
    }

    @Override
    public int nodeCount() {
        return n + 1;
    }

    @Override
    public int placeableNodes() {
        return n;
    }

    @Override
    public int linkCount() {
        return n;
    }

    @Override
    public int linkSource(int link) {
        return link;
    }

    @Override
    public int linkTarget(int link) {
        return n;
    }

    @Override
    public int route(int from, int to, IntConsumer onLink) {
        if (from == to) {
            return 0;
        }
        onLink.accept(from);
        onLink.accept(to);
        return 2;
    }

    @Override
    public int hops(int from, int to) {
        return from == to ? 0 : 1;
    }

    @Override
    public String nodeLabel(int node) {
        return node == n ? "bus" : Integer.toString(node);
    }
}
