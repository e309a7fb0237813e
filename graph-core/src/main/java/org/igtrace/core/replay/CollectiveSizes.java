package org.igtrace.core.replay;

/**
 * Per complete collective instance, the most bytes a member sent in it: the size
 * every member's action names in SimGrid's time-independent trace ({@link TimeIndependentTrace}). A member's own
 * count differs from the root's in a broadcast (the receivers sent 0 bytes), and SMPI stopped with
 * MPI_ERR_TRUNCATE when the members named different sizes. The instances of definitions section 9's matching; the
 * same S as its collective cost. One pass over every process's calls; a long per instance.
 */
final class CollectiveSizes {
    /** Per communicator (null: no complete instance), per instance the largest bytes. */
    private final long[][] largest;

    CollectiveSizes(ReplayMatching m) {
        int n = m.run.processCount();
        largest = new long[m.communicatorSize.length][];
        for (int comm = 0; comm < largest.length; comm++) {
            if (m.completeInstances[comm] > 0 && m.completeInstances[comm] < Integer.MAX_VALUE) {
                largest[comm] = new long[(int) m.completeInstances[comm]];
            }
        }
        for (int p = 0; p < n; p++) {
            if (m.run.process(p) == null) {
                continue;
            }
            ActivityCursor c = m.window(p);
            long[] collectives = new long[largest.length];
            while (c.next()) {
                m.resolve(p, c, collectives);
                for (int i = 0; i < c.events; i++) {
                    int comm = c.match[i];
                    if (c.type[i] == LocationActivities.COLLECTIVE && comm >= 0 && largest[comm] != null) {
                        int k = (int) c.at[i];
                        largest[comm][k] = Math.max(largest[comm][k], c.bytes[i]);
                    }
                }
            }
        }
    }

    /** The most bytes a member sent in instance {@code k} of communicator {@code comm} (a complete one). */
    long largest(int comm, long k) {
        return largest[comm][(int) k];
    }
}
