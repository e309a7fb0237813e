package org.igtrace.core.topology;

import java.util.function.IntConsumer;

/**
 * A 2-D mesh of R rows and C columns without wrap-around: node n sits at x = n mod C, y = n div C
 * (row-major). Links join horizontal and vertical neighbours. Routing is dimension-ordered: first
 * along X to the target's column, then along Y.
 */
public final class Mesh implements Topology {
    private final int rows;
    private final int columns;
    private final int horizontal;

    public Mesh(int rows, int columns) {
        if (rows < 1 || columns < 1) {
            throw new IllegalArgumentException("a mesh needs at least one row and one column");
        }
        this.rows = rows;
        this.columns = columns;
        this.horizontal = rows * (columns - 1);
    }

    @Override
    public String name() {
        return "mesh:" + rows + "x" + columns;
    }

    @Override
    public int nodeCount() {
        return rows * columns;
    }

    @Override
    public int linkCount() {
        return horizontal + (rows - 1) * columns;
    }

    @Override
    public int[] coordinates(int node) {
        return new int[] {node % columns, node / columns};
    }

    /** Links 0..R(C-1)-1 join (x, y) and (x+1, y); the rest join (x, y) and (x, y+1). */
    @Override
    public int linkSource(int link) {
        if (link < horizontal) {
            int y = link / (columns - 1), x = link % (columns - 1);
            return y * columns + x;
        }
        return link - horizontal;
    }

    @Override
    public int linkTarget(int link) {
        return link < horizontal ? linkSource(link) + 1 : linkSource(link) + columns;
    }

    private int east(int x, int y) {
        return y * (columns - 1) + x;
    }

    private int south(int x, int y) {
        return horizontal + y * columns + x;
    }

    /** The route's length without walking it: x then y, as {@link #route} goes. */
    @Override
    public int hops(int from, int to) {
        return Math.abs(from % columns - to % columns) + Math.abs(from / columns - to / columns);
    }

    @Override
    public int route(int from, int to, IntConsumer onLink) {
        int x = from % columns, y = from / columns;
        int tx = to % columns, ty = to / columns;
        int hops = 0;
        for (; x < tx; x++, hops++) {
            onLink.accept(east(x, y));
        }
        for (; x > tx; x--, hops++) {
            onLink.accept(east(x - 1, y));
        }
        for (; y < ty; y++, hops++) {
            onLink.accept(south(x, y));
        }
        for (; y > ty; y--, hops++) {
            onLink.accept(south(x, y - 1));
        }
        return hops;
    }
}
