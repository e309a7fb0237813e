package org.igtrace.core.trace;

/**
 * How a send completes (MPI standard, sections 3.4 and 3.7.2), whatever the eager limit of the network it is replayed
 * on: a standard send ({@code MPI_Send}, {@code MPI_Rsend}, {@code MPI_Isend}, {@code MPI_Irsend}) by its size (eager
 * below the limit, rendezvous from it on), a synchronous one ({@code MPI_Ssend}, {@code MPI_Issend}) only once its
 * receive has started, a buffered one ({@code MPI_Bsend}, {@code MPI_Ibsend}) locally, having copied the message into
 * the attached buffer. A non-blocking send's mode decides when the call that completes it (an {@code MPI_Wait*}) may
 * return.
 */
public enum SendMode {
    STANDARD, SYNCHRONOUS, BUFFERED;

    private static final SendMode[] MODES = values();

    /**
     * The mode of a given ordinal, as recorded.
     *
     * @param ordinal the mode's {@link #ordinal()}
     * @return that mode
     */
    public static SendMode ofOrdinal(int ordinal) {
        return MODES[ordinal];
    }

    /**
     * The mode of a region's sends, by its name.
     *
     * @param name the region's name
     * @return {@link #SYNCHRONOUS} for MPI_Ssend and MPI_Issend, {@link #BUFFERED} for MPI_Bsend and MPI_Ibsend, else
     *         {@link #STANDARD}
     */
    public static SendMode of(String name) {
        String n = name == null ? "" : name.strip();
        return n.equalsIgnoreCase("MPI_Ssend") || n.equalsIgnoreCase("MPI_Issend") ? SYNCHRONOUS
                : n.equalsIgnoreCase("MPI_Bsend") || n.equalsIgnoreCase("MPI_Ibsend") ? BUFFERED : STANDARD;
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
