package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import org.igtrace.core.topology.Topology;

/**
 * A topology as a Scotch source graph ({@code .grf}, base 0, vertex loads only) for {@code amk_grf},
 * which turns it into a decomposition-defined target: a vertex per placeable node of load
 * {@code slots} (the ranks it holds), an edge per link between two of them.
 */
public final class ScotchTarget {
    private ScotchTarget() {
    }

    /**
     * Whether {@code topology}'s nodes are all one step apart through a medium that holds no rank (a bus): its target is
     * then Scotch's weighted complete graph ({@link #writeComplete}), as {@link #write}'s graph of links between
     * placeable nodes has no edge there (every link goes to the medium), and Scotch mapped onto unconnected nodes (bus:2,
     * patterns-8: hop-bytes 66000, 3 times rank order's 22000).
     *
     * @param topology a machine
     * @return whether it is a bus
     */
    public static boolean complete(Topology topology) {
        return topology instanceof org.igtrace.core.topology.Bus;
    }

    /**
     * The target architecture itself (a {@code .tgt} file, no {@code amk_grf}): Scotch's weighted complete graph
     * {@code cmpltw}, a vertex of load {@code slots} per placeable node.
     *
     * @param topology a machine ({@link #complete} true)
     * @param slots    ranks a node holds
     * @param out      where the target goes
     * @throws IOException when {@code out} fails
     */
    public static void writeComplete(Topology topology, int slots, Writer out) throws IOException {
        int n = topology.placeableNodes();
        StringBuilder s = new StringBuilder("cmpltw " + n);
        for (int v = 0; v < n; v++) {
            s.append(' ').append(slots);
        }
        out.write(s.append('\n').toString());
    }

    public static void write(Topology topology, int slots, Writer out) throws IOException {
        int n = topology.placeableNodes();
        java.util.List<java.util.List<Integer>> adjacent = new java.util.ArrayList<>();
        for (int v = 0; v < n; v++) {
            adjacent.add(new java.util.ArrayList<>());
        }
        long arcs = 0;
        for (int l = 0; l < topology.linkCount(); l++) {
            int a = topology.linkSource(l), b = topology.linkTarget(l);
            if (a < n && b < n && a != b && !adjacent.get(a).contains(b)) {
                adjacent.get(a).add(b);
                adjacent.get(b).add(a);
                arcs += 2;
            }
        }
        StringBuilder s = new StringBuilder("0\n" + n + " " + arcs + "\n0 001\n");
        for (int v = 0; v < n; v++) {
            s.append(slots).append(' ').append(adjacent.get(v).size());
            for (int u : adjacent.get(v)) {
                s.append(' ').append(u);
            }
            s.append('\n');
        }
        out.write(s.toString());
    }
}
