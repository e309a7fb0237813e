package org.igtrace.core.trace;

/** The traffic shape of a collective operation (definitions section 4). */
public enum CollectiveKind {
    /** Barrier: synchronisation, no data. */
    BARRIER,
    /** Bcast, Scatter, Scatterv: the root sends to every other member. */
    ONE_TO_ALL,
    /** Reduce, Gather, Gatherv: every other member sends to the root. */
    ALL_TO_ONE,
    /** Allreduce, Allgather*, Alltoall*, Reduce_scatter*, Scan, Exscan: everybody to everybody. */
    ALL_TO_ALL,
    /** Anything else (handle creation, allocation): no modelled traffic. */
    OTHER
}
