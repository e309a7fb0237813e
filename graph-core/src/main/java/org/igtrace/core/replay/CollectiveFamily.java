package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;

/**
 * The collective families of definitions section 9, each costed by its own formula ({@link ReplayCosts}). The family
 * is the collective's {@link CollectiveKind}; the kind {@link CollectiveKind#ALL_TO_ALL} (which OTF2's and OTF's
 * records give to MPI_Allreduce and MPI_Alltoall alike) is split by the call: MPI_Alltoall* is the all-to-all family,
 * the others all-reduce. That split is made here alone, per region once ({@link ReplayMatching#personalised}); it
 * moves to the reader's mapping of the collective operation once {@link CollectiveKind} tells the two apart (an open
 * item: every user of the kind would need the new one).
 */
public enum CollectiveFamily {
    BARRIER("barrier"),
    ONE_TO_ALL("one-to-all"),
    ALL_TO_ONE("all-to-one"),
    ALL_REDUCE("all-reduce/all-gather/reduce-scatter/scan"),
    ALL_TO_ALL("all-to-all");

    private static final CollectiveFamily[] FAMILIES = values();
    private static final CollectiveKind[] KINDS = CollectiveKind.values();
    private final String words;

    CollectiveFamily(String words) {
        this.words = words;
    }

    /** Its name in the output. */
    public String words() {
        return words;
    }

    static CollectiveFamily of(int ordinal) {
        return FAMILIES[ordinal];
    }

    /** The family of a collective of {@code kind} in a call that is ({@code personalised}) an MPI_Alltoall*; null: no modelled traffic. */
    static CollectiveFamily of(CollectiveKind kind, boolean personalised) {
        return switch (kind) {
            case BARRIER -> BARRIER;
            case ONE_TO_ALL -> ONE_TO_ALL;
            case ALL_TO_ONE -> ALL_TO_ONE;
            case ALL_TO_ALL -> personalised ? ALL_TO_ALL : ALL_REDUCE;
            default -> null;
        };
    }

    /** The family of event i of the call at {@code c} (a collective), as {@link #of(CollectiveKind, boolean)} finds it. */
    static CollectiveFamily of(ReplayMatching m, ActivityCursor c, int i) {
        return of(KINDS[c.detail[i]], c.region >= 0 && m.personalised[c.region]);
    }

    /** Whether a region of this name is an all-to-all exchange of personal blocks (MPI_Alltoall, -v, -w and their I- forms). */
    static boolean personalised(String regionName) {
        return regionName.startsWith("MPI_Alltoall") || regionName.startsWith("MPI_Ialltoall");
    }

    /** Whether a member leaves when its own part is done rather than at the instance's latest enter (issue 34). */
    boolean rooted() {
        return this == ONE_TO_ALL;
    }
}
