package org.igtrace.core.trace;

/**
 * The events of one location (one thread of one process), in time order, as a reader pushes them.
 * Times are in timer ticks; regions and communicators are the dense numbers of
 * {@link TraceDefinitions}; partners and roots are world ranks, or -1 when the reader could not
 * translate them.
 */
public interface LocationEvents {
    void enter(long time, int region);

    void leave(long time, int region);

    /** A point-to-point send (blocking or not) of {@code bytes} bytes to {@code receiver}. */
    void send(long time, int receiver, int communicator, int tag, long bytes);

    /** A completed point-to-point receive of {@code bytes} bytes from {@code sender}. */
    void receive(long time, int sender, int communicator, int tag, long bytes);

    /** The end of a collective operation on this location. */
    void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received);

    /**
     * The location's events are over (readers call it once, after its last event). Analyses
     * close what is still open; the default does nothing.
     */
    default void end() {
    }

    /** A non-blocking send (MPI_Isend) with its request id; by default just a send. */
    default void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        send(time, receiver, communicator, tag, bytes);
    }

    /** The completion of a non-blocking receive (in MPI_Wait* or MPI_Test*) with its request id; by default just a receive. */
    default void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        receive(time, sender, communicator, tag, bytes);
    }

    /** A non-blocking send's request completed (in MPI_Wait* or MPI_Test*). Ignored by default. */
    default void isendComplete(long time, long request) {
    }

    /** A non-blocking receive was posted (in MPI_Irecv). Ignored by default. */
    default void irecvRequest(long time, long request) {
    }
}
