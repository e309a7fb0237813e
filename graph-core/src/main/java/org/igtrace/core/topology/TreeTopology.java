package org.igtrace.core.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A network shaped like the information graph's spanning tree: a node per process, a link per
 * tree edge; a message follows the one tree path between its nodes (as {@code --recalc path}).
 * Nodes in different trees of a spanning forest have no route.
 */
public final class TreeTopology implements Topology {
    private final int n;
    private final int[][] links;
    private final int[] parent;
    private final int[] parentLink;
    private final int[] depth;

    /** @param links the tree's edges as node pairs */
    public TreeTopology(int n, List<int[]> links) {
        this.n = n;
        this.links = links.toArray(new int[0][]);
        List<List<int[]>> adjacent = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            adjacent.add(new ArrayList<>());
        }
        for (int k = 0; k < this.links.length; k++) {
            adjacent.get(this.links[k][0]).add(new int[] {this.links[k][1], k});
            adjacent.get(this.links[k][1]).add(new int[] {this.links[k][0], k});
        }
        parent = new int[n];
        parentLink = new int[n];
        depth = new int[n];
        Arrays.fill(depth, -1);
        int[] queue = new int[n];
        for (int root = 0; root < n; root++) {
            if (depth[root] >= 0) {
                continue;
            }
            depth[root] = 0;
            parent[root] = -1;
            int head = 0, tail = 0;
            queue[tail++] = root;
            while (head < tail) {
                int v = queue[head++];
                for (int[] edge : adjacent.get(v)) {
                    if (depth[edge[0]] < 0) {
                        depth[edge[0]] = depth[v] + 1;
                        parent[edge[0]] = v;
                        parentLink[edge[0]] = edge[1];
                        queue[tail++] = edge[0];
                    }
                }
            }
        }
    }

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public int nodeCount() {
        return n;
    }

    @Override
    public int linkCount() {
        return links.length;
    }

    @Override
    public int linkSource(int link) {
        return links[link][0];
    }

    @Override
    public int linkTarget(int link) {
        return links[link][1];
    }

    /** Whether two nodes are in the same tree. */
    public boolean connected(int a, int b) {
        return root(a) == root(b);
    }

    private int root(int v) {
        while (parent[v] >= 0) {
            v = parent[v];
        }
        return v;
    }

    /** The tree path's links, in order from {@code from}; nothing (0 hops) when the nodes are in different trees. */
    @Override
    public int route(int from, int to, IntConsumer onLink) {
        if (!connected(from, to)) {
            return 0;
        }
        int x = from, y = to, hops = 0;
        int[] down = new int[depth[y] + 1]; // the links from the meeting point down to 'to', in reverse
        int downs = 0;
        while (depth[x] > depth[y]) {
            onLink.accept(parentLink[x]);
            x = parent[x];
            hops++;
        }
        while (depth[y] > depth[x]) {
            down[downs++] = parentLink[y];
            y = parent[y];
        }
        while (x != y) {
            onLink.accept(parentLink[x]);
            x = parent[x];
            hops++;
            down[downs++] = parentLink[y];
            y = parent[y];
        }
        for (int i = downs - 1; i >= 0; i--) {
            onLink.accept(down[i]);
        }
        return hops + downs;
    }
}
