package org.igtrace.core.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.igtrace.core.topology.Topology;

/**
 * Splits a set of a topology's nodes into two halves that are close within themselves: on a grid
 * (ring, mesh, torus) across the dimension the set spans most values of, between two of its
 * planes, so that the halves of a torus are again tori-like blocks; elsewhere by breadth-first
 * distance from a node at the set's edge. The same set always gets the same halves. On a grid the
 * splits across the other dimensions the set spans at least half as many values of are offered too
 * ({@link #candidates}), for a bisection that lets the ranks choose among them.
 */
final class TopologyHalves {
    private final Topology topology;
    private final NodeDistances distances;

    TopologyHalves(NodeDistances distances) {
        this.topology = distances.topology();
        this.distances = distances;
    }

    /** The two halves of {@code nodes} (at least two nodes), each non-empty, in ascending order. */
    int[][] split(int[] nodes) {
        return candidates(nodes).get(0);
    }

    /**
     * The ways of halving {@code nodes} (at least two nodes), {@link #split}'s first: on a grid one per dimension the
     * set spans at least 2 values of and at least half as many as the dimension it spans most (most values first, then
     * in the dimensions' order); elsewhere one.
     */
    List<int[][]> candidates(int[] nodes) {
        List<int[][]> out = new ArrayList<>();
        if (topology.coordinates(nodes[0]) == null) {
            out.add(halves(byDistance(nodes)));
            return out;
        }
        int dims = topology.coordinates(nodes[0]).length;
        int[][] column = new int[dims][nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            int[] c = topology.coordinates(nodes[i]);
            for (int d = 0; d < dims; d++) {
                column[d][i] = c[d];
            }
        }
        int[] span = new int[dims];
        int most = 0;
        for (int d = 0; d < dims; d++) {
            span[d] = (int) Arrays.stream(column[d]).distinct().count();
            most = Math.max(most, span[d]);
        }
        int least = Math.max(2, (most + 1) / 2);
        Integer[] order = IntStream.range(0, dims).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.<Integer>comparingInt(d -> -span[d]).thenComparingInt(d -> d));
        for (int d : order) {
            if (span[d] >= least || out.isEmpty()) {
                out.add(halves(byCoordinate(nodes, column[d])));
            }
        }
        return out;
    }

    private int[][] halves(int[] order) {
        return new int[][] {sorted(Arrays.copyOfRange(order, 0, cut)), sorted(Arrays.copyOfRange(order, cut, order.length))};
    }

    private int cut;

    /**
     * {@code nodes} (ascending) ordered by their coordinate {@code coordinate[i]} in one dimension, ascending nodes among
     * equals (a counting sort), and {@link #cut} set between the two coordinate values closest to the middle.
     */
    private int[] byCoordinate(int[] nodes, int[] coordinate) {
        int low = Integer.MAX_VALUE, high = Integer.MIN_VALUE;
        for (int c : coordinate) {
            low = Math.min(low, c);
            high = Math.max(high, c);
        }
        int[] first = new int[high - low + 2];
        for (int c : coordinate) {
            first[c - low + 1]++;
        }
        for (int v = 1; v < first.length; v++) {
            first[v] += first[v - 1];
        }
        // the boundary between two coordinate values closest to the middle
        cut = 1;
        int bestGap = Integer.MAX_VALUE;
        for (int v = 1; v < first.length - 1; v++) {
            int i = first[v];
            if (i > 0 && i < nodes.length && first[v + 1] > i) { // a value present after the boundary
                int gap = Math.abs(2 * i - nodes.length);
                if (gap < bestGap) {
                    bestGap = gap;
                    cut = i;
                }
            }
        }
        int[] order = new int[nodes.length];
        int[] next = Arrays.copyOf(first, first.length);
        for (int i = 0; i < nodes.length; i++) {
            order[next[coordinate[i] - low]++] = nodes[i];
        }
        return order;
    }

    private int[] byDistance(int[] nodes) {
        int far = nodes[0];
        for (int n : nodes) {
            if (distances.hops(nodes[0], n) > distances.hops(nodes[0], far)) {
                far = n;
            }
        }
        int from = far;
        Integer[] boxed = Arrays.stream(nodes).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, Comparator.<Integer>comparingInt(n -> distances.hops(from, n)).thenComparingInt(n -> n));
        cut = nodes.length / 2;
        return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    }

    private static int[] sorted(int[] a) {
        Arrays.sort(a);
        return a;
    }

    /** Every placeable node, ascending. */
    static int[] all(NodeDistances distances) {
        return IntStream.range(0, distances.nodes()).toArray();
    }

}
