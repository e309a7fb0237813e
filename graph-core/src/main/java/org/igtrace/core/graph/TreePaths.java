package org.igtrace.core.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;

/**
 * A spanning forest rooted at each component's first vertex (in the given order), held in arrays
 * indexed by vertex number so that walking the path between two vertices touches no hash map.
 */
final class TreePaths<V, E> {
    private final Map<V, Integer> index = new HashMap<>();
    private final int[] parent;
    private final int[] depth;
    private final int[] parentEdgeNumber;

    /** Tree edges numbered 0..k-1 in the order they are met; {@link #edgeNumber} and {@link #edge} convert. */
    private final Map<E, Integer> edgeNumbers = new HashMap<>();
    private final List<E> edges = new ArrayList<>();

    TreePaths(Graph<V, E> graph, Set<E> tree, List<V> order) {
        int n = order.size();
        for (V v : order) {
            index.putIfAbsent(v, index.size());
        }
        parent = new int[n];
        depth = new int[n];
        parentEdgeNumber = new int[n];
        Arrays.fill(depth, -1);
        int[] queue = new int[n];
        for (V root : order) {
            int r = index.get(root);
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
                V v = order.get(vi);
                for (E e : graph.edgesOf(v)) {
                    if (!tree.contains(e)) {
                        continue;
                    }
                    int u = index.get(Graphs.getOppositeVertex(graph, e, v));
                    if (depth[u] < 0) {
                        depth[u] = depth[vi] + 1;
                        parent[u] = vi;
                        parentEdgeNumber[u] = edgeNumber(e);
                        queue[tail++] = u;
                    }
                }
            }
        }
    }

    private int edgeNumber(E e) {
        Integer k = edgeNumbers.get(e);
        if (k == null) {
            k = edges.size();
            edgeNumbers.put(e, k);
            edges.add(e);
        }
        return k;
    }

    /** The number of tree edges reachable from the roots. */
    int edgeCount() {
        return edges.size();
    }

    /** Tree edge number {@code k}. */
    E edge(int k) {
        return edges.get(k);
    }

    /** The number of a tree edge, or -1. */
    int numberOf(E e) {
        return edgeNumbers.getOrDefault(e, -1);
    }

    /** The vertex number of {@code v}. */
    int vertex(V v) {
        return index.get(v);
    }

    /**
     * Adds {@code value} to {@code load[k]} for each tree edge k on the path between vertex numbers
     * {@code a} and {@code b}, from a's side and b's side alternately as the path is walked up to
     * their common ancestor; false (and nothing added) if they are in different trees.
     */
    boolean addAlongPath(int a, int b, double value, double[] load) {
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
            load[parentEdgeNumber[x]] += value;
            x = parent[x];
            dx--;
        }
        while (dy > dx) {
            load[parentEdgeNumber[y]] += value;
            y = parent[y];
            dy--;
        }
        while (x != y) {
            load[parentEdgeNumber[x]] += value;
            load[parentEdgeNumber[y]] += value;
            x = parent[x];
            y = parent[y];
        }
        return true;
    }
}
