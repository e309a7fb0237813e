package org.igtrace.reader.otf2.nativelib;

/**
 * Receives one location's events in time order. Partners and roots are ranks in the event's
 * communicator, exactly as OTF2 records them; {@code communicator} is the OTF2 communicator id.
 */
public interface EventVisitor {
    void enter(long time, int region);

    void leave(long time, int region);

    /** A CallingContextEnter: the region of the OTF2 calling context {@code callingContext} is entered. */
    void callingContextEnter(long time, int callingContext);

    /** A CallingContextLeave: the region of the OTF2 calling context {@code callingContext} is left. */
    void callingContextLeave(long time, int callingContext);

    void send(long time, int receiver, int communicator, int tag, long length);

    void receive(long time, int sender, int communicator, int tag, long length);

    /** End of a collective; {@code operation} is the OTF2 collective operation code. */
    void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received);

    /**
     * An Enter, a MpiSend and the Leave of the same region, in a row (a blocking send): by default
     * the three events, in their order.
     */
    default void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long length, long leave) {
        enter(enter, region);
        send(time, receiver, communicator, tag, length);
        leave(leave, region);
    }

    /** An Enter, a MpiRecv and the Leave of the same region, in a row (a blocking receive): by default the three events. */
    default void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long length, long leave) {
        enter(enter, region);
        receive(time, sender, communicator, tag, length);
        leave(leave, region);
    }

    /**
     * Before {@link #end()}, when the location held any: how many events of each kind igtrace reads only to
     * count them ({@link #UNREAD_KINDS} kinds).
     *
     * @param counts by kind: NonBlockingCollectiveComplete (a non-blocking collective done), RmaPut, RmaGet and
     *               RmaAtomic (one-sided transfers), MpiRequestCancelled, records of a type libotf2 does not know
     *               (libotf2's Unknown callback: a newer OTF2's record, or a damaged byte), MpiCollectiveBegin events
     *               with no MpiCollectiveEnd after them ({@link #UNENDED_COLLECTIVES})
     */
    default void unread(long[] counts) {
    }

    /**
     * Before {@link #end()}, when the location held any timed record: how many lie in each half of OTF2's unsigned 64-bit
     * clock (the location's times do not cross 2^63 ticks: that is refused as it is read).
     *
     * @param below the records before 2^63 ticks
     * @param above the records at or after it (negative as the longs the other methods are given)
     */
    default void times(long below, long above) {
    }

    /**
     * Thrown by a visitor that found the location's events damaged (a time far outside the trace's time range): the read
     * of the location fails as a damaged events file ({@link Otf2Exception#found}), with {@link #why} as its reason.
     */
    final class Damaged extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String why;

        /**
         * @param words what is damaged, as the refusal says it after the events file's name
         * @param why   why it is damage and not a quirk of a tracer
         */
        public Damaged(String words, String why) {
            super(words, null, false, false);
            this.why = why;
        }

        public String why() {
            return why;
        }
    }

    /** Why refusing a clock that crosses 2^63 ticks loses little: the times of a clock that starts near 0 do not reach it. */
    String CLOCK_NEAR_ZERO = "times from a clock that starts near 0 do not reach it";

    /** The kinds {@link #unread} counts. */
    int UNREAD_KINDS = 5;

    /**
     * The kind of {@link #unread} that counts collective operations begun and never ended on their location: EZTrace
     * writes an MpiCollectiveBegin in MPI_Iallreduce and the like, and no end, so that their traffic is not read.
     */
    int UNENDED_COLLECTIVES = 4;

    /** The location's events are over. */
    default void end() {
    }

    /** MpiIsend: a send with its request id; by default just a send. */
    default void isend(long time, int receiver, int communicator, int tag, long length, long request) {
        send(time, receiver, communicator, tag, length);
    }

    /** MpiIrecv (the completion of a non-blocking receive) with its request id; by default just a receive. */
    default void irecv(long time, int sender, int communicator, int tag, long length, long request) {
        receive(time, sender, communicator, tag, length);
    }

    /**
     * NonBlockingCollectiveComplete: a non-blocking collective (MPI_Iallreduce...) done, with what a
     * {@link #collectiveEnd} carries.
     */
    default void nonBlockingCollectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
    }

    /** MpiIsendComplete. */
    default void isendComplete(long time, long request) {
    }

    /** MpiIrecvRequest (the post of a non-blocking receive). */
    default void irecvRequest(long time, long request) {
    }

    /** MeasurementOnOff: recording switched on ({@code on}) or off. */
    default void measurement(long time, boolean on) {
    }

    /** ThreadFork ({@code fork}) or ThreadJoin: the master creating or ending a thread team. */
    default void threadFork(long time, boolean fork) {
    }
}
