package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/**
 * A 3-D torus of X x Y x Z nodes: node n sits at x = n mod X, y = (n div X) mod Y,
 * z = n div (X*Y). In each dimension every node links to the next, wrapping around (a dimension of
 * 2 has one link per line, of 1 none). Routing is dimension-ordered (X, then Y, then Z), taking the
 * shorter way round each ring and the increasing way when both are equally long.
 */
public final class Torus implements Topology {
    private final int[] size;
    private final int[] perLine = new int[3];
    private final int[] offset = new int[4];

    public Torus(int x, int y, int z) {
        if (x < 1 || y < 1 || z < 1) {
            throw new IllegalArgumentException("a torus needs at least one node in every dimension");
        }
        size = new int[] {x, y, z};
        int nodes = x * y * z;
        for (int d = 0; d < 3; d++) {
            perLine[d] = size[d] == 1 ? 0 : size[d] == 2 ? 1 : size[d];
            offset[d + 1] = offset[d] + nodes / size[d] * perLine[d];
        }
    }

    @Override
    public String name() {
        return "torus:" + size[0] + "x" + size[1] + "x" + size[2];
    }

    @Override
    public int nodeCount() {
        return size[0] * size[1] * size[2];
    }

    @Override
    public int linkCount() {
        return offset[3];
    }

    @Override
    public int[] coordinates(int node) {
        return new int[] {node % size[0], (node / size[0]) % size[1], node / (size[0] * size[1])};
    }

    private int node(int[] c) {
        return c[0] + size[0] * (c[1] + size[1] * c[2]);
    }

    /** The line of dimension d through c: its index among the lines parallel to that axis. */
    private int line(int d, int[] c) {
        return switch (d) {
            case 0 -> c[1] + size[1] * c[2];
            case 1 -> c[0] + size[0] * c[2];
            default -> c[0] + size[0] * c[1];
        };
    }

    /** The link of dimension d from coordinate c[d] to c[d] + 1 (mod size). */
    private int link(int d, int[] c) {
        int position = size[d] == 2 ? 0 : c[d];
        return offset[d] + line(d, c) * perLine[d] + position;
    }

    private int[] linkStart(int link) {
        int d = link < offset[1] ? 0 : link < offset[2] ? 1 : 2;
        int rest = link - offset[d];
        int line = rest / perLine[d], position = rest % perLine[d];
        int[] c = new int[3];
        switch (d) {
            case 0 -> { c[1] = line % size[1]; c[2] = line / size[1]; }
            case 1 -> { c[0] = line % size[0]; c[2] = line / size[0]; }
            default -> { c[0] = line % size[0]; c[1] = line / size[0]; }
        }
        c[d] = position;
        return c;
    }

    @Override
    public int linkSource(int link) {
        return node(linkStart(link));
    }

    @Override
    public int linkTarget(int link) {
        int d = link < offset[1] ? 0 : link < offset[2] ? 1 : 2;
        int[] c = linkStart(link);
        c[d] = (c[d] + 1) % size[d];
        return node(c);
    }

    /** The route's length without walking it, as {@link #route} goes: the shorter way round in each dimension. */
    @Override
    public int hops(int from, int to) {
        int[] c = coordinates(from), t = coordinates(to);
        int hops = 0;
        for (int d = 0; d < 3; d++) {
            int forward = Math.floorMod(t[d] - c[d], size[d]);
            hops += Math.min(forward, size[d] - forward);
        }
        return hops;
    }

    @Override
    public int route(int from, int to, IntConsumer onLink) {
        int[] c = coordinates(from), t = coordinates(to);
        int hops = 0;
        for (int d = 0; d < 3; d++) {
            int forward = Math.floorMod(t[d] - c[d], size[d]);
            if (forward == 0) {
                continue;
            }
            boolean increasing = forward <= size[d] - forward;
            int steps = increasing ? forward : size[d] - forward;
            for (int k = 0; k < steps; k++, hops++) {
                if (increasing) {
                    onLink.accept(link(d, c));
                    c[d] = (c[d] + 1) % size[d];
                } else {
                    c[d] = Math.floorMod(c[d] - 1, size[d]);
                    onLink.accept(link(d, c));
                }
            }
        }
        return hops;
    }
}
