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

    /** The member index of the root, or -1 (no root, or the root is not a member). */
    public int rootIndex() {
        return root;
    }

    boolean complete() {
        return arrivals == members.length && departures == members.length;
    }
}
