package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;

/**
 * The collective families of definitions section 9, each costed by its own formula ({@link ReplayCosts}). The family
 * is the collective's {@link CollectiveKind}, as the reader mapped the trace's collective operation: a personalised
 * exchange ({@link CollectiveKind#EXCHANGE}: MPI_Alltoall, -v, -w) is the all-to-all family, the other everybody-to-
 * everybody kinds ({@link CollectiveKind#ALL_TO_ALL}: MPI_Allreduce, MPI_Allgather, ...) the all-reduce family.
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

    /**
     * The family of a collective of {@code kind}.
     *
     * @param kind the collective's kind, as the reader mapped its operation
     * @return its family, or null for no modelled traffic
     */
    static CollectiveFamily of(CollectiveKind kind) {
        return switch (kind) {
            case BARRIER -> BARRIER;
            case ONE_TO_ALL -> ONE_TO_ALL;
            case ALL_TO_ONE -> ALL_TO_ONE;
            case ALL_TO_ALL -> ALL_REDUCE;
            case EXCHANGE -> ALL_TO_ALL;
            case OTHER -> null;
        };
    }

    /** The family of event i of the call at {@code c} (a collective), as {@link #of(CollectiveKind)} finds it. */
    static CollectiveFamily of(ActivityCursor c, int i) {
        return of(KINDS[c.detail[i]]);
    }

    /**
     * Whether a member leaves when its own part is done rather than at the instance's latest enter (issue 34): a rooted
     * family, its data going down (one-to-all) or up ({@link #gathers}) a binomial tree from or to its root.
     */
    boolean rooted() {
        return this == ONE_TO_ALL || this == ALL_TO_ONE;
    }

    /** Whether the replay releases every member of an instance at one time (not {@link #rooted}). */
    public boolean synchronising() {
        return !rooted();
    }

    /** Whether its data goes up the tree to the root (all-to-one: Reduce, Gather), not down from it. */
    boolean gathers() {
        return this == ALL_TO_ONE;
    }
}
