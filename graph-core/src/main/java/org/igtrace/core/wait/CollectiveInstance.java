package org.igtrace.core.wait;

import java.util.Arrays;
import org.igtrace.core.trace.CollectiveKind;

/**
 * One instance of a collective operation: the k-th collective on a communicator, as each member
 * recorded it (definitions section 8), with the enter and leave times of every member's MPI call around
 * its collective event, in that member's raw clock, and the time recording was off inside that call.
 */
public final class CollectiveInstance {
    final CollectiveKind kind;
    final int[] members;
    final long[] enter;
    final long[] leave;
    final boolean[] arrived;
    /** Per member, the ticks recording was off inside its call (definitions section 8); null when none was. */
    long[] off;
    /**
     * Per member, whether the others do not wait for it (see {@link #waitedFor}); null when they wait for every
     * member.
     */
    boolean[] notWaitedFor;
    int root = -1;
    int arrivals;
    int departures;

    CollectiveInstance(CollectiveKind kind, int[] members) {
        this.kind = kind;
        this.members = members;
        this.enter = new long[members.length];
        this.leave = new long[members.length];
        this.arrived = new boolean[members.length];
        Arrays.fill(leave, Long.MIN_VALUE);
    }

    public CollectiveKind kind() {
        return kind;
    }

    public int size() {
        return members.length;
    }

    /** The world rank of member {@code i} (its communicator rank). */
    public int member(int i) {
        return members[i];
    }

    public long enter(int i) {
        return enter[i];
    }

    public long leave(int i) {
        return leave[i];
    }

    /** Ticks recording was switched off inside member {@code i}'s call (definitions section 8: not waiting). */
    public long off(int i) {
        return off == null ? 0 : off[i];
    }

    /**
     * Whether the other members wait for member {@code i} (definitions section 8): in an all-to-all or all-to-one
     * instance where some members sent data, a member that sent 0 bytes contributes nothing, so no one waits for
     * it (MPI_Allgatherv and MPI_Alltoallv allow it; VampirTrace's FD4 run of 1,024 ranks has members of 80
     * MPI_Allgatherv instances entering after the others left); it does not constrain the clocks either. In a
     * barrier, a rooted one-to-all instance, or an instance where no member sent anything, every member counts.
     *
     * @param i the member index
     * @return false when the member sent nothing while another sent data
     */
    public boolean waitedFor(int i) {
        return notWaitedFor == null || !notWaitedFor[i];
    }

    /** The member index of the root, or -1 (no root, or the root is not a member). */
    public int rootIndex() {
        return root;
    }

    boolean complete() {
        return arrivals == members.length && departures == members.length;
    }
}
