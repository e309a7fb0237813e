package org.igtrace.formats;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A placement written for a launcher (definitions section 13). {@code node[r]} is rank r's node,
 * {@code hosts.get(n)} node n's host name; a rank's slot is its position among its host's ranks,
 * lowest rank first (a host named twice is two nodes, one host).
 * <ul>
 * <li>placement: node per rank, one a line, what {@code --placement} reads;
 * <li>rankfile (Open MPI {@code mpirun --rankfile}): {@code rank R=HOST slot=S}, or with C CPUs a rank (its threads)
 * {@code slot=S*C-(S*C+C-1)}, the C logical CPUs from {@code S*C} on;
 * <li>mpich (Cray MPICH's {@code MPICH_RANK_ORDER} file, {@code MPICH_RANK_REORDER_METHOD=3}): the ranks
 * in the order the nodes' slots are filled, node after node, comma-separated;
 * <li>slurm ({@code SLURM_HOSTFILE} for {@code srun --distribution=arbitrary}): line r the host of rank r.
 * </ul>
 */
public final class LauncherFiles {
    private LauncherFiles() {
    }

    public static void placement(int[] node, Writer out) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int n : node) {
            s.append(n).append('\n');
        }
        out.write(s.toString());
    }

    public static void rankfile(int[] node, List<String> hosts, Writer out) throws IOException {
        rankfile(node, hosts, 1, out);
    }

    /**
     * The rankfile binding each rank to {@code cpus} logical CPUs (a hybrid rank's threads): Open MPI's
     * {@code slot=0-1} for the first rank of a host, {@code slot=2-3} for its second.
     *
     * @param node the node of each rank
     * @param hosts each node's host name
     * @param cpus the CPUs of a rank, at least 1
     * @param out where to write
     * @throws IOException when writing fails
     */
    public static void rankfile(int[] node, List<String> hosts, int cpus, Writer out) throws IOException {
        int[] slot = slots(node, hosts);
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < node.length; r++) {
            long first = (long) slot[r] * cpus;
            s.append("rank ").append(r).append('=').append(hosts.get(node[r])).append(" slot=").append(first);
            if (cpus > 1) {
                s.append('-').append(first + cpus - 1);
            }
            s.append('\n');
        }
        out.write(s.toString());
    }

    public static void mpich(int[] node, int nodes, Writer out) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int n = 0; n < nodes; n++) {
            for (int r = 0; r < node.length; r++) {
                if (node[r] == n) {
                    s.append(s.length() == 0 ? "" : ",").append(r);
                }
            }
        }
        out.write(s.append('\n').toString());
    }

    public static void slurm(int[] node, List<String> hosts, Writer out) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int n : node) {
            s.append(hosts.get(n)).append('\n');
        }
        out.write(s.toString());
    }

    /**
     * Each rank's slot on its host: how many lower ranks share the host's name. A host named twice in the hosts file is
     * two nodes of the machine but one host to Open MPI, whose {@code slot=S} is a CPU of the host: numbered per node,
     * both nodes' ranks got slots 0.. and were bound to the same cores.
     */
    static int[] slots(int[] node, List<String> hosts) {
        java.util.Map<String, Integer> used = new java.util.HashMap<>();
        int[] slot = new int[node.length];
        for (int r = 0; r < node.length; r++) {
            slot[r] = used.merge(hosts.get(node[r]), 1, Integer::sum) - 1;
        }
        return slot;
    }

    /**
     * Cray MPICH's rank order fills the nodes' slots in turn, node after node, so it holds a placement only when every node
     * up to the last one used holds {@code slots} ranks (the last may hold fewer): else the file would put ranks on other
     * nodes than the placement (54 of 64 ranks of shuffled-halo/2d on mesh:4x4 with --slots 5).
     *
     * @param node  each rank's node
     * @param slots ranks a node holds
     * @return how many nodes before the last one used hold fewer than {@code slots} ranks: 0 when an mpich file holds the
     *         placement
     */
    public static int nodesShortForMpich(int[] node, int slots) {
        int last = 0;
        for (int n : node) {
            last = Math.max(last, n);
        }
        int[] held = new int[last + 1];
        for (int n : node) {
            held[n]++;
        }
        int short_ = 0;
        for (int n = 0; n < last; n++) {
            if (held[n] < slots) {
                short_++;
            }
        }
        return short_;
    }
}
