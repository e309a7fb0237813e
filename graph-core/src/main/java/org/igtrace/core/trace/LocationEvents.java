package org.igtrace.core.trace;

/**
 * The events of one location (one thread of one process), in time order, as a reader pushes them.
 * Times are in timer ticks; regions and communicators are the dense numbers of
 * {@link TraceDefinitions}; partners and roots are world ranks, or -1 when the reader could not
 * translate them. Every event does nothing unless an implementation overrides it: an analysis overrides
 * the events it uses.
 */
public interface LocationEvents {
    /** Takes every event and does nothing: the events of a location no analysis wants (not selected, not drawn). */
    LocationEvents NONE = new LocationEvents() {
    };

    default void enter(long time, int region) {
    }

    default void leave(long time, int region) {
    }

    /** A point-to-point send (blocking or not) of {@code bytes} bytes to {@code receiver}. */
    default void send(long time, int receiver, int communicator, int tag, long bytes) {
    }

    /** A completed point-to-point receive of {@code bytes} bytes from {@code sender}. */
    default void receive(long time, int sender, int communicator, int tag, long bytes) {
    }

    /** The end of a collective operation on this location. */
    default void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
    }

    /**
     * A non-blocking collective operation (MPI_Iallreduce...) done on this location, with what {@link #collective}
     * carries: its traffic is that of the blocking one; its waiting is not analysed (the call that completes it is
     * not the collective's), so by default nothing.
     */
    default void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
    }

    /**
     * Three events in a row as one call: {@code region} entered at {@code enter}, a send in it at
     * {@code time}, the region left at {@code leave}, nothing between them (a blocking
     * {@code MPI_Send} as tracers write it). Readers may hand such a run over in one call, so
     * that an analysis that can take the whole call at once saves the bookkeeping of three
     * events; by default the three events, in their order.
     */
    default void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
        enter(enter, region);
        send(time, receiver, communicator, tag, bytes);
        leave(leave, region);
    }

    /** As {@link #sendCall}, for a receive: a blocking {@code MPI_Recv}. */
    default void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
        enter(enter, region);
        receive(time, sender, communicator, tag, bytes);
        leave(leave, region);
    }

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

    /**
     * A message end, or a collective arrival, that a selection left out (definitions section 11:
     * before the window, or outside the region's instances). Analyses that match ends by their
     * order on a key (the k-th send with the k-th receive, the k-th arrival of each member) count
     * it, so that the ends kept are matched with their own partners and never with another
     * message's; nothing else is made of it. {@code partner} is the receiver of a send, the sender
     * of a receive (world ranks); ignored by default.
     */
    default void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
    }

    /**
     * A message event inside the selection's time whose partner a {@code --ranks} selection left out: dropped, but the
     * call around it did record one (an MPI_Sendrecv whose messages all went to such ranks is not "silent"). Ignored by
     * default.
     *
     * @param time the event's time
     */
    default void messageToUnselected(long time) {
    }

    /**
     * As {@link #messageToUnselected}, for a receive: by default that. Its own method for an analysis that must tell a
     * receive from a send (a blocking probe before it probed its message: definitions section 8).
     *
     * @param time the event's time
     */
    default void receiveFromUnselected(long time) {
        messageToUnselected(time);
    }

    /**
     * Recording was switched off ({@code on} false) or on again (OTF2 {@code MeasurementOnOff}, definitions section
     * 3): the time between is unknown, not computation. Ignored by default.
     */
    default void measurement(long time, boolean on) {
    }

    /**
     * The master forks a thread team ({@code fork}) or joins it (OTF2 ThreadFork, ThreadJoin): the OpenMP runtime's
     * fork and join time (definitions section 10a). Ignored by default.
     */
    default void threadFork(long time, boolean fork) {
    }

    /**
     * Before the location's end: the reader took {@code n} of its events at the time of the event before them, as they
     * went back in time (definitions section 3; counted for a note). Ignored by default.
     */
    default void timesClamped(long n) {
    }

    /** A collective arrival a selection left out ({@link #outsideMessage}); ignored by default. */
    default void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
    }
}
