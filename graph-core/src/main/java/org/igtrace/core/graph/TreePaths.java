package org.igtrace.core.graph;

import java.util.Arrays;

/**
 * A spanning forest rooted at each component's first vertex (in the given order), held in arrays
 * indexed by vertex number so that walking the path between two vertices touches no hash map.
 */
final class TreePaths {
    private final int[] parent;
    private final int[] depth;
    private final int[] parentEdgeNumber;

    /** Tree edges numbered 0..k-1 in the order they are met: graph edge number by tree edge number, and back (-1: none). */
    private final int[] treeEdges;
    private final int[] treeNumbers;
    private int treeEdgeCount;

    /** @param inTree whether each of the graph's edges (by number) is a tree edge */
    TreePaths(IndexedGraph<?, ?> graph, boolean[] inTree) {
        int n = graph.vertexCount();
        parent = new int[n];
        depth = new int[n];
        parentEdgeNumber = new int[n];
        treeEdges = new int[Math.min(n, graph.edgeCount())];
        treeNumbers = new int[graph.edgeCount()];
        Arrays.fill(treeNumbers, -1);
        Arrays.fill(depth, -1);
        int[] queue = new int[n];
        for (int r = 0; r < n; r++) {
            if (depth[r] >= 0) {
                continue;
            }
            depth[r] = 0;
            parent[r] = -1;
            parentEdgeNumber[r] = -1;
            int head = 0, tail = 0;
            queue[tail++] = r;
            while (head < tail) {
                int vi = queue[head++];
                for (int a = graph.firstOf(vi), end = graph.firstOf(vi + 1); a < end; a++) {
                    int k = graph.adjacentEdge(a);
                    if (!inTree[k]) {
                        continue;
                    }
                    int u = graph.opposite(k, vi);
                    if (depth[u] < 0) {
                        depth[u] = depth[vi] + 1;
                        parent[u] = vi;
                        parentEdgeNumber[u] = edgeNumber(k);
                        queue[tail++] = u;
                    }
                }
            }
        }
    }

    private int edgeNumber(int k) {
        if (treeNumbers[k] < 0) {
            treeNumbers[k] = treeEdgeCount;
            treeEdges[treeEdgeCount++] = k;
        }
        return treeNumbers[k];
    }

    /** The number of tree edges reachable from the roots. */
    int edgeCount() {
        return treeEdgeCount;
    }

    /** The graph's edge number of tree edge number {@code t}. */
    int graphEdge(int t) {
        return treeEdges[t];
    }

    /** The tree edge number of the graph's edge number {@code k}, or -1. */
    int numberOf(int k) {
        return treeNumbers[k];
    }

    /**
     * Adds {@code value} to {@code load[k]} for each tree edge k on the path between vertex numbers
     * {@code a} and {@code b}, from a's side and b's side alternately as the path is walked up to
     * their common ancestor; false (and nothing added) if they are in different trees.
     */
    boolean addAlongPath(int a, int b, double value, double[] load) {
        return addAlongPath(a, b, new double[] {value}, new double[][] {load});
    }

    /**
     * {@link #addAlongPath(int, int, double, double[])} for several values at once, {@code values[j]}
     * to {@code loads[j]}: one walk of the path, each load added to in the same order as alone.
     */
    boolean addAlongPath(int a, int b, double[] values, double[][] loads) {
        int x = a, y = b, dx = depth[x], dy = depth[y];
        // First find whether the path exists, so that nothing is added when it does not.
        int px = x, py = y, ex = dx, ey = dy;
        while (ex > ey) {
            px = parent[px];
            ex--;
        }
        while (ey > ex) {
            py = parent[py];
            ey--;
        }
        while (px != py) {
            px = parent[px];
            py = parent[py];
            if (px < 0 || py < 0) {
                return false;
            }
        }
        while (dx > dy) {
            add(parentEdgeNumber[x], values, loads);
            x = parent[x];
            dx--;
        }
        while (dy > dx) {
            add(parentEdgeNumber[y], values, loads);
            y = parent[y];
            dy--;
        }
        while (x != y) {
            add(parentEdgeNumber[x], values, loads);
            add(parentEdgeNumber[y], values, loads);
            x = parent[x];
            y = parent[y];
        }
        return true;
    }

    private static void add(int t, double[] values, double[][] loads) {
        for (int j = 0; j < values.length; j++) {
            loads[j][t] += values[j];
        }
    }
}
