package org.igtrace.core.topology;

import java.util.Arrays;
import org.igtrace.core.diagnostic.Remedy;

/**
 * Which topology node each process runs on (by process number: the world rank unless {@code --skip-missing} analysed
 * processes apart from their world ranks, then in ascending world rank). Several processes may share a node.
 */
public final class Placement {
    private final int[] node;
    private final String description;

    private Placement(int[] node, String description) {
        this.node = node;
        this.description = description;
    }

    /** Process r on node r. */
    public static Placement rankOrder(int processes) {
        int[] node = new int[processes];
        Arrays.setAll(node, r -> r);
        return new Placement(node, "rank order");
    }

    /** Process r on node {@code node[r]}; {@code description} says where the placement came from. */
    public static Placement of(int[] node, String description) {
        return new Placement(node.clone(), description);
    }

    public int processes() {
        return node.length;
    }

    public int nodeOf(int rank) {
        return node[rank];
    }

    public String description() {
        return description;
    }

    /**
     * Whether the placement was given (a file's, whose description names it), not rank order: its problem is the file's
     * content, not the command line's.
     *
     * @return false for {@link #rankOrder}
     */
    public boolean given() {
        return !description.equals("rank order");
    }

    /**
     * Null when every process is on a node processes may use, else why not, in one line: rank
     * order onto fewer nodes than processes, or a node number out of range.
     */
    public String problemWith(Topology topology) {
        return problemWith(topology, java.util.function.IntUnaryOperator.identity());
    }

    /** As {@link #problemWith(Topology)}, a process named by {@code worldRank} (its world rank). */
    public String problemWith(Topology topology, java.util.function.IntUnaryOperator worldRank) {
        int usable = topology.placeableNodes();
        for (int r = 0; r < node.length; r++) {
            if (node[r] < 0 || node[r] >= usable) {
                if (description.equals("rank order")) {
                    return "the topology " + topology.name() + " has " + usable + " nodes, fewer than the " + node.length
                            + " processes; give a larger topology or a " + Remedy.PLACEMENT.named() + " file";
                }
                return description + ": rank " + worldRank.applyAsInt(r) + " is placed on node " + node[r] + ", but " + topology.name() + " has nodes 0.."
                        + (usable - 1);
            }
        }
        return null;
    }
}
