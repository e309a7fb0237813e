package org.igtrace.core.replay;

import org.igtrace.core.util.Rings;

/**
 * The complete collective instances a replay has in progress, per communicator and instance
 * number: how many members arrived, the latest arrival, the root's arrival (of a rooted collective), the most
 * bytes a member sent, how many members left, and (of an all-to-one instance) every member's arrival by its relative
 * rank. An instance is forgotten once every member left it and every earlier
 * instance of its communicator is forgotten. A replay of several models at once keeps the latest
 * arrival and the root's per model.
 */
final class CollectiveArrivals {
    /** One communicator's instances from {@code head} on, in a circular buffer (a power of two long). */
    private static final class Ring {
        final int models;
        long head;
        int first;
        int size;
        int[] arrived = new int[2];
        int[] left = new int[2];
        double[] latest;
        double[] root;
        long[] largest = new long[2];
        /** Per slot, of an all-to-one instance, the arrivals by relative rank per model ({@code w * models + j}), else null. */
        double[][] byPlace = new double[2][];
        /** Per slot, how many distinct places {@code byPlace} holds. */
        int[] placed = new int[2];

        Ring(int models) {
            this.models = models;
            latest = new double[2 * models];
            root = new double[2 * models];
        }

        int slot(long k) {
            if (k < head) {
                return -1;
            }
            if (k >= head + size) {
                grow((int) (k - head + 1));
            }
            return (int) ((first + (k - head)) & (arrived.length - 1));
        }

        private void grow(int newSize) {
            int mask = arrived.length - 1;
            if (newSize > arrived.length) {
                int capacity = arrived.length * 2;
                while (capacity < newSize) {
                    capacity *= 2;
                }
                arrived = Rings.unrolled(arrived, first, size, capacity);
                left = Rings.unrolled(left, first, size, capacity);
                latest = Rings.unrolled(latest, first * models, size * models, capacity * models);
                root = Rings.unrolled(root, first * models, size * models, capacity * models);
                largest = Rings.unrolled(largest, first, size, capacity);
                byPlace = Rings.unrolled(byPlace, first, size, capacity);
                placed = Rings.unrolled(placed, first, size, capacity);
                first = 0;
                mask = capacity - 1;
            }
            for (int i = size; i < newSize; i++) {
                int at = (first + i) & mask;
                arrived[at] = 0;
                left[at] = 0;
                java.util.Arrays.fill(latest, at * models, at * models + models, Double.NEGATIVE_INFINITY);
                java.util.Arrays.fill(root, at * models, at * models + models, Double.NaN);
                largest[at] = 0;
                byPlace[at] = null;
                placed[at] = 0;
            }
            size = newSize;
        }
    }

    private final Ring[] rings;
    private final SilentMembers silent;
    private final int[] members;
    private final int models;
    /** Members' places in rooted collectives. */
    final CollectiveTree tree;

    /**
     * @param members per communicator, how many members an instance has
     * @param models  models replayed at once
     * @param tree    members' places in rooted collectives
     */
    CollectiveArrivals(int[] members, int models, CollectiveTree tree) {
        this(members, models, tree, null);
    }

    /**
     * @param members per communicator, how many members an instance has
     * @param models  models replayed at once
     * @param tree    members' places in rooted collectives
     * @param silent  the all-to-all instances' members no one waits for (they sent nothing), or null
     */
    CollectiveArrivals(int[] members, int models, CollectiveTree tree, SilentMembers silent) {
        this.silent = silent;
        this.members = members;
        this.tree = tree;
        this.models = models;
        this.rings = new Ring[members.length];
    }

    private Ring ring(int communicator) {
        Ring r = rings[communicator];
        if (r == null) {
            r = new Ring(models);
            rings[communicator] = r;
        }
        return r;
    }

    /**
     * A member (the instance's root: {@code isRoot}) arrives at instance k, having sent {@code bytes}, at
     * {@code times[from + j]} in model j; {@code place}: its relative rank in an all-to-one instance, else -1. True when
     * it was the last to arrive.
     */
    boolean arrive(int communicator, long k, double[] times, int from, long bytes, boolean isRoot, int place) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        if (silent != null && silent.notWaitedFor(communicator, k, bytes, isRoot)) {
            return false; // a member that sent nothing: the instance starts without it (definitions section 8)
        }
        r.arrived[at]++;
        if (place >= 0 && place < members[communicator]) {
            if (r.byPlace[at] == null) {
                r.byPlace[at] = new double[members[communicator] * models];
                java.util.Arrays.fill(r.byPlace[at], Double.NaN);
            }
            if (Double.isNaN(r.byPlace[at][place * models])) {
                r.placed[at]++;
            }
            System.arraycopy(times, from, r.byPlace[at], place * models, models);
        }
        for (int j = 0; j < models; j++) {
            r.latest[at * models + j] = Math.max(r.latest[at * models + j], times[from + j]);
            if (isRoot) {
                r.root[at * models + j] = times[from + j];
            }
        }
        r.largest[at] = Math.max(r.largest[at], bytes);
        return r.arrived[at] == awaited(communicator, k);
    }

    /** Whether every member the instance waits for arrived at instance k (all but those that sent nothing). */
    boolean full(int communicator, long k) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        return at >= 0 && r.arrived[at] == awaited(communicator, k);
    }

    /** The members instance k waits for: all but those that sent nothing while others sent data ({@link SilentMembers}). */
    private int awaited(int communicator, long k) {
        return members[communicator] - (silent == null ? 0 : silent.count(communicator, k));
    }

    /** The latest arrival at instance k in model {@code model}. */
    double latestArrival(int communicator, long k, int model) {
        Ring r = ring(communicator);
        return r.latest[r.slot(k) * models + model];
    }

    /** The root's arrival at instance k in model {@code model}; NaN when no member arrived as its root. */
    double rootArrival(int communicator, long k, int model) {
        Ring r = ring(communicator);
        return r.root[r.slot(k) * models + model];
    }

    /**
     * Instance k is full: raises {@code leaves[j]} to when a member of {@code family} with relative rank v (-1: no
     * root known) that entered at {@code enter[from + j]} leaves in model j, and {@code waitedUntil[j]} to what it
     * waited for: in a one-to-all family the root's arrival ({@link ReplayCosts#rooted}), in an all-to-one family its
     * subtree's ({@link ReplayCosts#towardRoot}, when every member's place is known), else the latest arrival, plus the
     * family's cost.
     */
    void complete(int communicator, long k, CollectiveFamily family, int v, ReplayParameters[] params, double[] enter, int from,
            double[] leaves, double[] waitedUntil) {
        Ring r = ring(communicator);
        int at = r.slot(k), size = members[communicator];
        long bytes = r.largest[at];
        double[] byPlace = family != null && family.gathers() && v >= 0 && r.placed[at] == size ? r.byPlace[at] : null;
        for (int j = 0; j < models; j++) {
            double e = enter[from + j], root = r.root[at * models + j], start, done;
            if (byPlace != null) {
                leaves[j] = Math.max(leaves[j], ReplayCosts.towardRoot(params[j], family, size, bytes, v, byPlace, models, j, waitedUntil));
                continue;
            }
            if (family != null && family.rooted() && !family.gathers() && v >= 0 && !Double.isNaN(root)) {
                BroadcastTree tree = ReplayCosts.tree(params[j]);
                double[] places = !tree.equals(BroadcastTree.DEFAULT) && r.placed[at] == size ? r.byPlace[at] : null;
                start = v == 0 ? e : root;
                done = ReplayCosts.rooted(params[j], family, size, bytes, v, e, root, tree, places, models, j);
                if (places != null && tree.waits() && bytes >= params[j].eagerLimit()) { // and for its children to arrive
                    start = Math.max(start, ReplayCosts.latestChild(tree, size, v, places, models, j));
                }
            } else {
                start = r.latest[at * models + j];
                done = start + ReplayCosts.collective(params[j], family, size, bytes);
            }
            leaves[j] = Math.max(leaves[j], done);
            waitedUntil[j] = Math.max(waitedUntil[j], start);
        }
    }

    long largestSent(int communicator, long k) {
        Ring r = ring(communicator);
        return r.largest[r.slot(k)];
    }

    /** A member left instance k. */
    void leave(int communicator, long k) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        if (at < 0) {
            return;
        }
        r.left[at]++;
        int mask = r.arrived.length - 1;
        while (r.size > 0 && r.left[r.first] == members[communicator]) {
            r.byPlace[r.first] = null;
            r.first = (r.first + 1) & mask;
            r.head++;
            r.size--;
        }
    }
}
