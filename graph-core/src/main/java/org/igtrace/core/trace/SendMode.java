package org.igtrace.core.trace;

/**
 * How a blocking send completes (MPI standard, section 3.4), whatever the eager limit of the network it is replayed on:
 * a standard send ({@code MPI_Send}, {@code MPI_Rsend}) by its size (eager below the limit, rendezvous from it on), a
 * synchronous one ({@code MPI_Ssend}) only once its receive has started, a buffered one ({@code MPI_Bsend}) locally,
 * having copied the message into the attached buffer.
 */
public enum SendMode {
    STANDARD, SYNCHRONOUS, BUFFERED;

    /**
     * The mode of a region's sends, by its name.
     *
     * @param name the region's name
     * @return {@link #SYNCHRONOUS} for MPI_Ssend, {@link #BUFFERED} for MPI_Bsend, else {@link #STANDARD}
     */
    public static SendMode of(String name) {
        String n = name == null ? "" : name.strip();
        return n.equalsIgnoreCase("MPI_Ssend") ? SYNCHRONOUS : n.equalsIgnoreCase("MPI_Bsend") ? BUFFERED : STANDARD;
    }

    /**
     * Whether a send of {@code bytes} in a call of this mode completes without its receive (eagerly).
     *
     * @param bytes the message's length
     * @param eagerLimit the network's eager limit, bytes
     * @return true for a buffered send, false for a synchronous one, {@code bytes < eagerLimit} for a standard one
     */
    public boolean eager(long bytes, long eagerLimit) {
        return this == BUFFERED || this != SYNCHRONOUS && bytes < eagerLimit;
    }
}
