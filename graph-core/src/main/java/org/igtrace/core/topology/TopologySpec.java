package org.igtrace.core.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.graph.InformationGraph;
import org.igtrace.core.graph.TrafficEdge;
import org.igtrace.core.profile.PairTraffic;

/**
 * A topology as the command line names it: {@code ring}, {@code star}, {@code bus} (optionally
 * {@code :N} nodes; by default one per process), {@code mesh:RxC}, {@code torus:XxYxZ}, or
 * {@code tree} (the information graph's spanning tree).
 */
public record TopologySpec(String kind, int[] dimensions) {
    public static final String SYNTAX = "ring[:N], star[:N], bus[:N], mesh:RxC, torus:XxYxZ or tree";
    /**
     * The most nodes a topology may have (2^22, more than the cores of today's largest machines): sizes
     * were ints multiplied as ints, so torus:65537x65536x1 had "65536 nodes" and mesh:100000x100000
     * failed with an internal error.
     */
    public static final long MAX_NODES = 1L << 22;

    /** Parses a topology name; throws {@link IllegalArgumentException} with a one-line reason. */
    public static TopologySpec parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int colon = t.indexOf(':');
        String kind = colon < 0 ? t : t.substring(0, colon);
        String size = colon < 0 ? null : t.substring(colon + 1);
        int expected = switch (kind) {
            case "ring", "star", "bus" -> size == null ? 0 : 1;
            case "mesh" -> 2;
            case "torus" -> 3;
            case "tree" -> 0;
            default -> throw new IllegalArgumentException("'" + text + "' is not a topology (" + SYNTAX + ")");
        };
        if (expected == 0 && size != null) {
            throw new IllegalArgumentException("'" + text + "': tree takes no size (" + SYNTAX + ")");
        }
        int[] dimensions = new int[expected];
        if (expected > 0) {
            String[] parts = size == null ? new String[0] : size.split("x", -1);
            if (parts.length != expected) {
                throw new IllegalArgumentException("'" + text + "': " + kind + " needs " + expected + " size"
                        + (expected == 1 ? "" : "s separated by x") + " (" + SYNTAX + ")");
            }
            long nodes = 1;
            for (int i = 0; i < expected; i++) {
                long d;
                try {
                    d = !parts[i].matches("[0-9]+") ? -1 : parts[i].length() > 18 ? MAX_NODES + 1 : Long.parseLong(parts[i]);
                } catch (NumberFormatException e) {
                    d = -1;
                }
                if (d < 1) {
                    throw new IllegalArgumentException("'" + text + "': sizes must be whole numbers of at least 1");
                }
                nodes = d > MAX_NODES ? MAX_NODES + 1 : Math.min(MAX_NODES + 1, nodes * d);
                dimensions[i] = (int) Math.min(d, MAX_NODES + 1);
            }
            if (nodes > MAX_NODES) {
                throw new IllegalArgumentException("'" + text + "': more than " + MAX_NODES + " nodes");
            }
        }
        return new TopologySpec(kind, dimensions);
    }

    /**
     * The topology for a graph. A star's centre is the node of {@code centreRank}, or when that is
     * null of the process with the most bytes (the lowest rank among equals).
     */
    public Topology build(InformationGraph graph, Placement placement, Integer centreRank) {
        int processes = graph.profile().processes().size();
        if (kind.equals("tree")) {
            List<int[]> links = new ArrayList<>();
            for (TrafficEdge e : graph.edgesInOrder()) {
                if (graph.tree().contains(e)) {
                    links.add(new int[] {e.traffic().a(), e.traffic().b()});
                }
            }
            return new TreeTopology(processes, links);
        }
        return shape(processes, placement, kind.equals("star") && centreRank == null ? Integer.valueOf(busiestRank(graph)) : centreRank,
                graph.profile()::worldRank);
    }

    /**
     * What can be said of this topology once the number of processes is known, before any event is
     * read: a star's centre rank that is not a rank or sits outside the star, and a placement that
     * does not fit the nodes (a mesh too small for the processes). Null when nothing is wrong.
     */
    public String problemBefore(int processes, Placement placement, Integer centreRank) {
        return problemBefore(processes, placement, centreRank, java.util.function.IntUnaryOperator.identity());
    }

    /**
     * As {@link #problemBefore(int, Placement, Integer)}, with each process named by its world rank ({@code worldRank}: the
     * definitions' {@code worldRank}; {@code centreRank} and the placement's entries are process numbers).
     */
    public String problemBefore(int processes, Placement placement, Integer centreRank, java.util.function.IntUnaryOperator worldRank) {
        try {
            Topology network = kind.equals("tree") ? new TreeTopology(processes, List.of())
                    : shape(processes, placement, centreRank, worldRank);
            return placement.problemWith(network, worldRank);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * Every topology but the tree, which needs the graph; a star centred on the node of rank
     * {@code centre} (null: not known yet, node 0 stands in: the placement check does not depend on it).
     */
    private Topology shape(int processes, Placement placement, Integer centre, java.util.function.IntUnaryOperator worldRank) {
        int n = dimensions.length == 1 ? dimensions[0] : processes;
        return switch (kind) {
            case "ring" -> new Ring(n);
            case "bus" -> new Bus(n);
            case "star" -> {
                if (centre == null) {
                    yield new Star(n, 0);
                }
                if (centre < 0 || centre >= processes) {
                    throw new IllegalArgumentException(Remedy.CENTRE.named() + " " + centre + ": there is no such rank (0.." + (processes - 1) + ")");
                }
                int node = placement.nodeOf(centre);
                if (node >= n) {
                    throw new IllegalArgumentException("the centre rank " + worldRank.applyAsInt(centre) + " is placed on node " + node
                            + ", outside the star of " + n + " nodes");
                }
                yield new Star(n, node);
            }
            case "mesh" -> new Mesh(dimensions[0], dimensions[1]);
            case "torus" -> new Torus(dimensions[0], dimensions[1], dimensions[2]);
            default -> throw new IllegalStateException("not a topology: " + kind);
        };
    }

    /** The rank with the most bytes to and from others; the lowest among equals. */
    static int busiestRank(InformationGraph graph) {
        double[] bytes = new double[graph.profile().processes().size()];
        for (PairTraffic p : graph.profile().pairs()) {
            bytes[p.a()] += p.bytes();
            bytes[p.b()] += p.bytes();
        }
        int best = 0;
        for (int r = 1; r < bytes.length; r++) {
            if (bytes[r] > bytes[best]) {
                best = r;
            }
        }
        return best;
    }
}
