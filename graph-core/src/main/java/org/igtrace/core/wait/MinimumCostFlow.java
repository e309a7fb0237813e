package org.igtrace.core.wait;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * Minimum-cost flow with node demands, integer costs and capacities, exact in long arithmetic: arcs of
 * negative cost (they must have a finite capacity) start saturated, then successive shortest paths
 * (Dijkstra on reduced costs with node potentials) send the excess this leaves to the nearest node
 * short of flow, round by round. Arcs of unlimited capacity must not form a negative cycle.
 *
 * <p>{@link ClockOffsets} solves the dual of its offset choice with it. JGraphT's
 * {@code CapacityScalingMinimumCostFlow} is not used: it computes costs in doubles and refuses a
 * cost of 10^9 or more ({@code COST_INF}), and costs here are timer ticks (one second of a
 * Score-P clock is 2.1 x 10^9).
 */
final class MinimumCostFlow {
    private static final long UNREACHED = Long.MAX_VALUE;

    private MinimumCostFlow() {
    }

    /** Capacity of an arc without limit. */
    static final long UNLIMITED = Long.MAX_VALUE;

    /**
     * @param capacity per arc, or {@link #UNLIMITED}
     * @param demand   per node, the flow that must end there (negative: start there); sums to 0
     * @return the flow on each arc
     * @throws IllegalStateException if no flow meets the demands
     */
    static long[] solve(int nodes, int[] from, int[] to, long[] cost, long[] capacity, int arcs, long[] demand) {
        int[] outStart = csr(nodes, from, arcs), outArc = order(nodes, from, arcs, outStart);
        int[] inStart = csr(nodes, to, arcs), inArc = order(nodes, to, arcs, inStart);
        long[] excess = new long[nodes], potential = new long[nodes], dist = new long[nodes], flow = new long[arcs];
        int[] viaArc = new int[nodes];
        boolean[] forward = new boolean[nodes];
        for (int v = 0; v < nodes; v++) {
            excess[v] = -demand[v];
        }
        for (int e = 0; e < arcs; e++) {
            if (cost[e] < 0) {
                flow[e] = capacity[e];
                excess[to[e]] += capacity[e];
                excess[from[e]] -= capacity[e];
            }
        }
        while (true) {
            Arrays.fill(dist, UNREACHED);
            Arrays.fill(viaArc, -1);
            PriorityQueue<long[]> queue = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
            for (int v = 0; v < nodes; v++) {
                if (excess[v] > 0) {
                    dist[v] = 0;
                    queue.add(new long[] {0, v});
                }
            }
            if (queue.isEmpty()) {
                return flow;
            }
            int target = -1;
            while (!queue.isEmpty()) {
                long[] head = queue.poll();
                int u = (int) head[1];
                if (head[0] > dist[u]) {
                    continue;
                }
                if (excess[u] < 0) {
                    target = u;
                    break;
                }
                for (int k = outStart[u]; k < outStart[u + 1]; k++) {
                    int e = outArc[k];
                    if (flow[e] < capacity[e]) {
                        relax(queue, dist, viaArc, forward, e, to[e], dist[u] + cost[e] + potential[u] - potential[to[e]], true);
                    }
                }
                for (int k = inStart[u]; k < inStart[u + 1]; k++) {
                    int e = inArc[k];
                    if (flow[e] > 0) {
                        relax(queue, dist, viaArc, forward, e, from[e], dist[u] - cost[e] + potential[u] - potential[from[e]], false);
                    }
                }
            }
            if (target < 0) {
                throw new IllegalStateException("no flow meets the demands");
            }
            for (int v = 0; v < nodes; v++) {
                potential[v] += Math.min(dist[v], dist[target]);
            }
            augment(target, from, to, flow, capacity, excess, viaArc, forward);
        }
    }

    private static void relax(PriorityQueue<long[]> queue, long[] dist, int[] viaArc, boolean[] forward, int arc, int v, long d,
                              boolean isForward) {
        if (d < dist[v]) {
            dist[v] = d;
            viaArc[v] = arc;
            forward[v] = isForward;
            queue.add(new long[] {d, v});
        }
    }

    /** Sends as much as the path to {@code target} allows: its start's excess, the target's need, residual capacities. */
    private static void augment(int target, int[] from, int[] to, long[] flow, long[] capacity, long[] excess, int[] viaArc,
                                boolean[] forward) {
        long amount = -excess[target];
        int v = target;
        while (viaArc[v] >= 0) {
            int e = viaArc[v];
            amount = Math.min(amount, forward[v] ? capacity[e] - flow[e] : flow[e]);
            v = forward[v] ? from[e] : to[e];
        }
        amount = Math.min(amount, excess[v]);
        excess[v] -= amount;
        excess[target] += amount;
        for (int w = target; viaArc[w] >= 0; ) {
            int e = viaArc[w];
            flow[e] += forward[w] ? amount : -amount; // never past UNLIMITED: amount is bounded by a finite excess
            w = forward[w] ? from[e] : to[e];
        }
    }

    /** Start offsets of each node's arcs grouped by {@code end}. */
    private static int[] csr(int nodes, int[] end, int arcs) {
        int[] start = new int[nodes + 1];
        for (int e = 0; e < arcs; e++) {
            start[end[e] + 1]++;
        }
        for (int v = 0; v < nodes; v++) {
            start[v + 1] += start[v];
        }
        return start;
    }

    private static int[] order(int nodes, int[] end, int arcs, int[] start) {
        int[] next = Arrays.copyOf(start, nodes), arc = new int[arcs];
        for (int e = 0; e < arcs; e++) {
            arc[next[end[e]]++] = e;
        }
        return arc;
    }
}
