package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;

/**
 * Per complete all-to-all collective instance (the all-reduce and all-to-all families) and all-to-one instance, how many
 * members (not the root, of an all-to-one) sent 0 bytes in it while another sent data (definitions section 8: no one
 * waits for such a member, as MPI_Allgatherv, MPI_Alltoallv and MPI_Gatherv with a count of 0 allow). The replay starts such an instance when its other members arrived, at the latest of their
 * arrivals ({@link CollectiveArrivals}), and the collectives' calibration times it from there
 * ({@link CollectiveCalibration}). One pass over every process's calls, made only for a run that recorded such an
 * arrival ({@link LocationActivities#sentNothingToAll}); an int per instance.
 */
final class SilentMembers {
    private static final CollectiveKind[] KINDS = CollectiveKind.values();
    /** Per communicator (null: no complete instance), per instance the members that sent nothing (0: all count). */
    private final int[][] silent;

    private SilentMembers(ReplayMatching m) {
        int n = m.run.processCount();
        silent = new int[m.communicatorSize.length][];
        boolean[][] gathers = new boolean[silent.length][];
        for (int comm = 0; comm < silent.length; comm++) {
            if (m.completeInstances[comm] > 0 && m.completeInstances[comm] < Integer.MAX_VALUE) {
                silent[comm] = new int[(int) m.completeInstances[comm]];
                gathers[comm] = new boolean[silent[comm].length];
            }
        }
        for (int p = 0; p < n; p++) {
            if (m.run.process(p) == null) {
                continue;
            }
            ActivityCursor c = m.window(p);
            long[] collectives = new long[silent.length];
            while (c.next()) {
                m.resolve(p, c, collectives);
                for (int i = 0; i < c.events; i++) {
                    int comm = c.match[i];
                    if (c.type[i] != LocationActivities.COLLECTIVE || comm < 0 || silent[comm] == null) {
                        continue;
                    }
                    CollectiveKind shape = KINDS[c.detail[i]].shape();
                    gathers[comm][(int) c.at[i]] |= shape == CollectiveKind.ALL_TO_ONE;
                    if (c.bytes[i] == 0 && counts(shape, p == c.sequence[i])) {
                        silent[comm][(int) c.at[i]]++;
                    }
                }
            }
        }
        for (int comm = 0; comm < silent.length; comm++) {
            for (int k = 0; silent[comm] != null && k < silent[comm].length; k++) {
                // no member sent data (a tracer that records no sizes; of a gather, no member but the root): all count
                if (silent[comm][k] >= m.communicatorSize[comm] - (gathers[comm][k] ? 1 : 0)) {
                    silent[comm][k] = 0;
                }
            }
        }
    }

    /**
     * The members that sent nothing in the run's all-to-all instances, or null when no such arrival was recorded.
     *
     * @param m the run's matching
     * @return the counts, or null
     */
    static SilentMembers of(ReplayMatching m) {
        for (int p = 0; p < m.run.processCount(); p++) {
            LocationActivities l = m.run.process(p);
            if (l != null && l.sentNothingToAll) {
                return new SilentMembers(m);
            }
        }
        return null;
    }

    /** Whether a member of a collective of {@code shape} (its root: {@code root}) that sent nothing is one no one waits for. */
    private static boolean counts(CollectiveKind shape, boolean root) {
        return shape == CollectiveKind.ALL_TO_ALL || shape == CollectiveKind.ALL_TO_ONE && !root;
    }

    /**
     * @param comm a communicator
     * @param k    a complete instance of it
     * @return how many of its members sent nothing while another sent data (0: every member counts)
     */
    int count(int comm, long k) {
        int[] s = silent[comm];
        return s == null || k < 0 || k >= s.length ? 0 : s[(int) k];
    }

    /**
     * Whether a member that sent {@code bytes} in instance k of {@code comm} is one no one waits for.
     *
     * @param comm  a communicator
     * @param k     a complete instance of it
     * @param bytes what the member sent in it
     * @param root  whether it is the instance's root (of a gather, the root is waited for whatever it sent)
     * @return true when it sent nothing and another member sent data
     */
    boolean notWaitedFor(int comm, long k, long bytes, boolean root) {
        return bytes == 0 && !root && count(comm, k) > 0;
    }
}
