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
}
