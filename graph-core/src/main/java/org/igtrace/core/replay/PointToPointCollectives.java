package org.igtrace.core.replay;

/**
 * A collective on a communicator of fewer members than the run, as point-to-point actions of SimGrid's
 * time-independent trace ({@link TimeIndependentTrace}): SMPI's replay knows no communicator, so its own collective
 * actions span every rank, and such a collective was written as a sleep of its measured duration, which SMPI does not
 * price on the network. Each family runs as definitions section 9 costs it, in steps of one message between members
 * (P members, l = ceil(log2 P), S the most bytes a member sent): a barrier by dissemination (l steps of one empty
 * message), an all-reduce as a binomial reduce to the first member and a binomial broadcast from it (2 l steps of S
 * bytes), a one-to-all down and an all-to-one up the binomial tree of its root (l steps), an all-to-all in P - 1
 * exchanges of S / (P - 1) bytes. The binomial tree is section 9's: after step t the relative ranks 0 .. 2^t - 1
 * hold the data, a relative rank v gets it from v less its highest bit. All go by one tag no message of the trace
 * uses; the members take part in their order, so an instance's messages meet the same instance's.
 */
final class PointToPointCollectives {
    private final org.igtrace.core.trace.TraceDefinitions definitions;
    private final java.util.function.IntPredicate read;
    private final int tag;

    /**
     * @param definitions the run's processes and communicators (whose members are process numbers)
     * @param read        whether a process was read (has recorded activities)
     * @param tag         a tag no message of the trace uses
     */
    PointToPointCollectives(org.igtrace.core.trace.TraceDefinitions definitions, java.util.function.IntPredicate read, int tag) {
        this.definitions = definitions;
        this.read = read;
        this.tag = tag;
    }

    /**
     * Whether process {@code p}'s part of an instance on {@code communicator} can be written as messages: every member was
     * read, and p is one.
     *
     * @param p            the process
     * @param communicator the communicator
     * @return false when {@link #write} would not write it
     */
    boolean writable(int p, int communicator) {
        boolean member = false;
        for (int q : definitions.communicatorMembers(communicator)) {
            if (q < 0 || q >= definitions.processCount() || !read.test(q)) {
                return false;
            }
            member |= q == p;
        }
        return member;
    }

    /**
     * Writes process {@code p}'s part of an instance of {@code family} on {@code communicator}.
     *
     * @param size the most bytes a member sent
     * @param root the root's process number (rooted families)
     * @return false when it cannot be written so (a member not read, p no member): the caller sleeps instead
     */
    boolean write(int p, int communicator, CollectiveFamily family, long size, long root, TimeIndependentTrace.Actions out) {
        if (!writable(p, communicator)) {
            return false;
        }
        int[] process = definitions.communicatorMembers(communicator);
        int n = process.length, me = -1, rootAt = 0;
        for (int i = 0; i < n; i++) {
            me = process[i] == p ? i : me;
            rootAt = process[i] == root ? i : rootAt;
        }
        if (n == 1) {
            return true; // alone: no step, as section 9 costs it (l = 0)
        }
        switch (family) {
            case BARRIER -> {
                for (int k = 1; k < n; k <<= 1) {
                    exchange(p, process[(me + k) % n], process[Math.floorMod(me - k, n)], 0, out);
                }
            }
            case ALL_REDUCE -> {
                up(p, process, me, 0, size, out);
                down(p, process, me, 0, size, out);
            }
            case ONE_TO_ALL -> down(p, process, me, rootAt, size, out);
            case ALL_TO_ONE -> up(p, process, me, rootAt, size, out);
            case ALL_TO_ALL -> {
                long each = size / (n - 1);
                for (int k = 1; k < n; k++) {
                    exchange(p, process[(me + k) % n], process[Math.floorMod(me - k, n)], each, out);
                }
            }
        }
        return true;
    }

    /** One step of a barrier or an all-to-all: a message to {@code to}, one from {@code from}, both at once. */
    private void exchange(int p, int to, int from, long bytes, TimeIndependentTrace.Actions out) {
        out.message(p, TimeIndependentTrace.Message.ISEND, to, tag, bytes);
        out.message(p, TimeIndependentTrace.Message.RECV, from, tag, bytes);
        out.await(p, p, to, tag);
    }

    /** Down the binomial tree from member {@code rootAt}: from the parent, then to each child, the nearest first. */
    private void down(int p, int[] process, int me, int rootAt, long bytes, TimeIndependentTrace.Actions out) {
        int n = process.length, v = Math.floorMod(me - rootAt, n);
        int step = 1;
        if (v > 0) {
            int high = Integer.highestOneBit(v);
            out.message(p, TimeIndependentTrace.Message.RECV, process[(v - high + rootAt) % n], tag, bytes);
            step = high << 1;
        }
        for (; step < n && v + step < n; step <<= 1) {
            out.message(p, TimeIndependentTrace.Message.SEND, process[(v + step + rootAt) % n], tag, bytes);
        }
    }

    /** Up the binomial tree to member {@code rootAt}: from each child, the farthest first, then to the parent. */
    private void up(int p, int[] process, int me, int rootAt, long bytes, TimeIndependentTrace.Actions out) {
        int n = process.length, v = Math.floorMod(me - rootAt, n);
        int first = v == 0 ? 1 : Integer.highestOneBit(v) << 1;
        int last = first;
        while (last << 1 < n && v + (last << 1) < n) {
            last <<= 1;
        }
        for (int step = last; step >= first; step >>= 1) {
            if (v + step < n) {
                out.message(p, TimeIndependentTrace.Message.RECV, process[(v + step + rootAt) % n], tag, bytes);
            }
        }
        if (v > 0) {
            out.message(p, TimeIndependentTrace.Message.SEND, process[(v - Integer.highestOneBit(v) + rootAt) % n], tag, bytes);
        }
    }
}
