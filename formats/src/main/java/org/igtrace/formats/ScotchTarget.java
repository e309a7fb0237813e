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
