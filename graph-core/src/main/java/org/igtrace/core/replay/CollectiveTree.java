package org.igtrace.core.replay;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.LongIntMap;

/**
 * A member's place in the binomial tree of a rooted collective (definitions section 9, issue 34): its relative rank
 * {@code v = (index(member) - index(root)) mod P} in communicator-rank order, and its depth {@code d(v)}, the step
 * at which a binomial broadcast reaches it: after step t the members {@code 0 .. 2^t - 1} hold the data, so
 * {@code d(v) = floor(log2 v) + 1} (d(0) = 0; the deepest, {@code v = P - 1}, is {@code l = ceil(log2 P)}), as
 * SimGrid's and LogGOPSim's binomial trees. Safe on several threads.
 */
final class CollectiveTree {
    private final TraceDefinitions definitions;
    private final ConcurrentMap<Integer, LongIntMap> index = new ConcurrentHashMap<>();

    CollectiveTree(TraceDefinitions definitions) {
        this.definitions = definitions;
    }

    /** World rank {@code p}'s relative rank in communicator {@code c} with root {@code root} (a world rank); -1 when either is no member. */
    int relative(int c, int p, long root) {
        int[] members = definitions.communicatorMembers(c);
        int size = members.length;
        if (root < 0 || root >= Integer.MAX_VALUE || size == 0) {
            return -1;
        }
        int i = place(members, c, p), r = place(members, c, (int) root);
        return i < 0 || r < 0 ? -1 : Math.floorMod(i - r, size);
    }

    private int place(int[] members, int c, int rank) {
        if (rank < members.length && members[rank] == rank) {
            return rank; // MPI_COMM_WORLD and the like: the index is the rank
        }
        LongIntMap m = index.computeIfAbsent(c, x -> {
            LongIntMap map = new LongIntMap();
            for (int i = 0; i < members.length; i++) {
                map.put(members[i], i + 1);
            }
            return map;
        });
        return m.get(rank, 0) - 1;
    }

    /** {@code d(v) = floor(log2 v) + 1}, 0 for the root. */
    static int depth(int v) {
        return 32 - Integer.numberOfLeadingZeros(v);
    }

    /** v's parent in the tree, {@code v - 2^(d(v) - 1)} (v above 0). */
    static int parent(int v) {
        return v - Integer.highestOneBit(v);
    }

    /** v's first child, {@code v + 2^d(v)} (1 for the root), the step after v's own; with {@link #nextChild}, {@code v + 2^k} for {@code 2^k > v}. */
    static int firstChild(int v) {
        return v == 0 ? 1 : v + 2 * Integer.highestOneBit(v);
    }

    /** The child of v after u, {@code v + 2 (u - v)}; at most v once it would pass the largest int. */
    static int nextChild(int v, int u) {
        int next = v + 2 * (u - v);
        return next > u ? next : v;
    }
}
