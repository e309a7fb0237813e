package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/** Every node linked to one centre node; a message between two others goes through the centre. */
public final class Star implements Topology {
    private final int n;
    private final int centre;

    public Star(int n, int centre) {
        if (n < 1 || centre < 0 || centre >= n) {
            throw new IllegalArgumentException("a star of " + n + " nodes has no node " + centre);
        }
        this.n = n;
        this.centre = centre;
    }

    public int centre() {
        return centre;
    }

    @Override
    public String name() {
        return "star:" + n;
    }

    @Override
    public int nodeCount() {
        return n;
    }

    @Override
    public int linkCount() {
        return n - 1;
    }

    /** Link k joins the centre and the k-th other node. */
    private int linkOf(int node) {
        return node < centre ? node : node - 1;
    }

    @Override
    public int linkSource(int link) {
        return centre;
    }

    @Override
    public int linkTarget(int link) {
        return link < centre ? link : link + 1;
    }

    @Override
    public int route(int from, int to, IntConsumer onLink) {
        if (from == to) {
            return 0;
        }
        int hops = 0;
        if (from != centre) {
            onLink.accept(linkOf(from));
            hops++;
        }
        if (to != centre) {
            onLink.accept(linkOf(to));
            hops++;
        }
        return hops;
    }
}
