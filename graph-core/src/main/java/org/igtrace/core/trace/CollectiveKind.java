package org.igtrace.core.trace;

/** The traffic shape of a collective operation (definitions section 4). */
public enum CollectiveKind {
    /** Barrier: synchronisation, no data. */
    BARRIER,
    /** Bcast, Scatter, Scatterv: the root sends to every other member. */
    ONE_TO_ALL,
    /** Reduce, Gather, Gatherv: every other member sends to the root. */
    ALL_TO_ONE,
    /** Allreduce, Allgather*, Reduce_scatter*, Scan, Exscan: everybody to everybody. */
    ALL_TO_ALL,
    /**
     * Alltoall, Alltoallv, Alltoallw: everybody to everybody too, each member sending a block of its own to every
     * other (a personalised exchange, which the replay costs apart from a reduction); its {@link #shape()} is
     * {@link #ALL_TO_ALL}.
     */
    EXCHANGE,
    /** Anything else (handle creation, allocation): no modelled traffic. */
    OTHER;

    /**
     * The shape this kind's traffic and waiting take (definitions sections 4 and 8): an {@link #EXCHANGE} is
     * {@link #ALL_TO_ALL}; every other kind is its own.
     *
     * @return the kind whose traffic and waiting rules apply
     */
    public CollectiveKind shape() {
        return this == EXCHANGE ? ALL_TO_ALL : this;
    }
}
