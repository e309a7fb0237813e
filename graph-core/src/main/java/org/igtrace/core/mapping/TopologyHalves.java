package org.igtrace.core.mapping;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.igtrace.core.topology.Topology;

/**
 * Splits a set of a topology's nodes into two halves that are close within themselves: on a grid
 * (ring, mesh, torus) across the dimension the set spans most values of, between two of its
 * planes, so that the halves of a torus are again tori-like blocks; elsewhere by breadth-first
 * distance from a node at the set's edge. The same set always gets the same halves.
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
        int[] order = topology.coordinates(nodes[0]) != null ? byCoordinate(nodes) : byDistance(nodes);
        return new int[][] {sorted(Arrays.copyOfRange(order, 0, cut)), sorted(Arrays.copyOfRange(order, cut, order.length))};
    }

    private int cut;

    private int[] byCoordinate(int[] nodes) {
        int dims = topology.coordinates(nodes[0]).length;
        int best = 0, bestSpan = -1;
        for (int d = 0; d < dims; d++) {
            int dd = d;
            int span = (int) Arrays.stream(nodes).map(n -> topology.coordinates(n)[dd]).distinct().count();
            if (span > bestSpan) {
                best = d;
                bestSpan = span;
            }
        }
        int dim = best;
        Integer[] boxed = Arrays.stream(nodes).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, Comparator.<Integer>comparingInt(n -> topology.coordinates(n)[dim]).thenComparingInt(n -> n));
        int[] order = Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
        // the boundary between two coordinate values closest to the middle
        cut = 1;
        int bestGap = Integer.MAX_VALUE;
        for (int i = 1; i < order.length; i++) {
            if (topology.coordinates(order[i])[dim] != topology.coordinates(order[i - 1])[dim]) {
                int gap = Math.abs(2 * i - order.length);
                if (gap < bestGap) {
                    bestGap = gap;
                    cut = i;
                }
            }
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
