package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/**
 * Nodes 0..n-1 in a ring; link i joins i and i+1 (mod n), "clockwise" being increasing numbers.
 * A message takes the shorter way round, clockwise when both are equally long. Two nodes share
 * one link; one node has none.
 */
public final class Ring implements Topology {
    private final int n;

    public Ring(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a ring needs at least one node");
        }
        this.n = n;
    }

    @Override
    public String name() {
        return "ring:" + n;
    }

    @Override
    public int nodeCount() {
        return n;
    }

    @Override
    public int[] coordinates(int node) {
        return new int[] {node};
    }

    @Override
    public int linkCount() {
        return n == 1 ? 0 : n == 2 ? 1 : n;
    }

    @Override
    public int linkSource(int link) {
        return link;
    }

    @Override
    public int linkTarget(int link) {
        return (link + 1) % n;
    }

    /** The route's length without walking it (the placement search asks it millions of times; a ring of 10^5 nodes took minutes). */
    @Override
    public int hops(int from, int to) {
        if (from == to) {
            return 0;
        }
        int clockwise = Math.floorMod(to - from, n);
        return n == 2 ? 1 : Math.min(clockwise, n - clockwise);
    }

    @Override
    public int route(int from, int to, IntConsumer onLink) {
        if (from == to) {
            return 0;
        }
        if (n == 2) {
            onLink.accept(0);
            return 1;
        }
        int clockwise = Math.floorMod(to - from, n);
        int counter = n - clockwise;
        if (clockwise <= counter) {
            for (int k = 0; k < clockwise; k++) {
                onLink.accept((from + k) % n);
            }
            return clockwise;
        }
        for (int k = 0; k < counter; k++) {
            onLink.accept(Math.floorMod(from - k - 1, n));
        }
        return counter;
    }
}
