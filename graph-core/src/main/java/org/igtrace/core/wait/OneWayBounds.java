package org.igtrace.core.wait;

import java.util.Arrays;

/**
 * Which clock offsets the constraints only bound from one side. {@code o_j - o_i} is held between
 * two bounds when constraints lead from i to j and back (messages both ways, a barrier), that is
 * when i and j are in one strongly connected component of the constraint graph; otherwise only
 * one side is bounded and the offset chosen is a choice, not a measurement. In each weakly
 * connected part of the graph the largest strong component (the lowest rank among equals) is the
 * reference; the processes outside it are "only bounded". Processes without any constraint are not.
 */
final class OneWayBounds {
    private OneWayBounds() {
    }

    static boolean[] of(int processes, int[] from, int[] to, int arcs) {
        int[] component = strongComponents(processes, from, to, arcs);
        int[] part = new int[processes];
        boolean[] constrained = new boolean[processes];
        for (int p = 0; p < processes; p++) {
            part[p] = p;
        }
        for (int e = 0; e < arcs; e++) {
            part[root(part, from[e])] = root(part, to[e]);
            constrained[from[e]] = constrained[to[e]] = true;
        }
        int[] size = new int[processes];
        for (int p = 0; p < processes; p++) {
            size[component[p]]++;
        }
        int[] reference = new int[processes];
        Arrays.fill(reference, -1);
        for (int p = 0; p < processes; p++) {
            int r = root(part, p);
            if (reference[r] < 0 || size[component[p]] > size[reference[r]]) {
                reference[r] = component[p];
            }
        }
        boolean[] bounded = new boolean[processes];
        for (int p = 0; p < processes; p++) {
            bounded[p] = constrained[p] && component[p] != reference[root(part, p)];
        }
        return bounded;
    }

    private static int root(int[] part, int p) {
        while (part[p] != p) {
            part[p] = part[part[p]];
            p = part[p];
        }
        return p;
    }

    /** Tarjan's algorithm without recursion: the component number of each node. */
    static int[] strongComponents(int nodes, int[] from, int[] to, int arcs) {
        int[] start = new int[nodes + 1], next = new int[arcs];
        for (int e = 0; e < arcs; e++) {
            start[from[e] + 1]++;
        }
        for (int v = 0; v < nodes; v++) {
            start[v + 1] += start[v];
        }
        int[] fill = Arrays.copyOf(start, nodes);
        for (int e = 0; e < arcs; e++) {
            next[fill[from[e]]++] = to[e];
        }
        int[] index = new int[nodes], low = new int[nodes], component = new int[nodes], stack = new int[nodes];
        int[] calls = new int[nodes], position = new int[nodes];
        boolean[] onStack = new boolean[nodes];
        Arrays.fill(index, -1);
        int counter = 0, components = 0, top = 0;
        for (int s = 0; s < nodes; s++) {
            if (index[s] >= 0) {
                continue;
            }
            int depth = 0;
            calls[depth++] = s;
            index[s] = low[s] = counter++;
            stack[top++] = s;
            onStack[s] = true;
            position[s] = start[s];
            while (depth > 0) {
                int v = calls[depth - 1];
                if (position[v] < start[v + 1]) {
                    int w = next[position[v]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[top++] = w;
                        onStack[w] = true;
                        position[w] = start[w];
                        calls[depth++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                depth--;
                if (depth > 0) {
                    int u = calls[depth - 1];
                    low[u] = Math.min(low[u], low[v]);
                }
                if (low[v] == index[v]) {
                    int w;
                    do {
                        w = stack[--top];
                        onStack[w] = false;
                        component[w] = components;
                    } while (w != v);
                    components++;
                }
            }
        }
        return component;
    }
}
