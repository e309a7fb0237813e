package org.igtrace.core.wait;

import org.igtrace.core.trace.MpiCall;

/**
 * One point-to-point message with both ends matched (definitions section 8), in the raw times of the
 * trace (ticks of each process's own clock). For each end: the time of its event, and the enter
 * and leave times of the MPI call around that event, with the kind of that call. Filled in by
 * the join ({@link RecordJoin}); the join reuses one instance for every message it hands on.
 */
public final class MatchedMessage {
    int sender = -1;
    int receiver = -1;
    long sendTime;
    long sendEnter;
    long sendLeave = Long.MIN_VALUE;
    MpiCall sendCall = MpiCall.NONE;
    long receiveTime;
    long receiveEnter;
    long receiveLeave = Long.MIN_VALUE;
    MpiCall receiveCall = MpiCall.NONE;
    /** The enter of the MPI_Irecv that posted the receive, or (not known) {@link #receiveEnter}. */
    long receivePost;
    /** The receiving location's order and its number of the receive's call when that call completed several receives, else -1. */
    long receiveLocation;
    long receiveSharedCall = -1;
    /** Each end's size in bytes when the records keep sizes ({@link MatchRecords#withSizes}), else -1. */
    long sendSize = -1;
    long receiveSize = -1;
    /** Ticks recording was off inside each end's call (definitions section 8: left out of its wait). */
    long sendOff;
    long receiveOff;
    boolean sendSeen;
    boolean receiveSeen;

    /** The size the send recorded, bytes; -1 unless the records keep sizes ({@link MatchRecords#withSizes}). */
    public long sendSize() {
        return sendSize;
    }

    /** The size the receive recorded, bytes; -1 unless the records keep sizes. */
    public long receiveSize() {
        return receiveSize;
    }

    public int sender() {
        return sender;
    }

    public int receiver() {
        return receiver;
    }

    public long sendTime() {
        return sendTime;
    }

    public long sendEnter() {
        return sendEnter;
    }

    public long sendLeave() {
        return sendLeave;
    }

    public MpiCall sendCall() {
        return sendCall;
    }

    public long receiveTime() {
        return receiveTime;
    }

    public long receiveEnter() {
        return receiveEnter;
    }

    public long receiveLeave() {
        return receiveLeave;
    }

    public MpiCall receiveCall() {
        return receiveCall;
    }

    /**
     * When the receive was posted (definitions section 8, late receiver): the enter of its MPI_Irecv,
     * linked by its request; else the enter of the call around its event.
     */
    public long receivePost() {
        return receivePost;
    }

    /**
     * Whether the receive's call completed several receives (an MPI_Waitall completing more than
     * one): its late-sender wait is then the call's, measured once for all of them ({@link CallWaits}).
     */
    public boolean receiveCallShared() {
        return receiveSharedCall >= 0;
    }

    /** The order of the location that received (its call's number is per location). */
    public long receiveLocation() {
        return receiveLocation;
    }

    /** The number of the receive's call among the receiving location's calls that completed several receives, or -1. */
    public long receiveSharedCall() {
        return receiveSharedCall;
    }

    /** Ticks recording was switched off inside the send's call (definitions section 8: not waiting). */
    public long sendOff() {
        return sendOff;
    }

    /** Ticks recording was switched off inside the receive's call (definitions section 8: not waiting). */
    public long receiveOff() {
        return receiveOff;
    }

    /** The send end's times (raw ticks), call, size (or -1) and ticks recording was off inside its call. */
    void send(long sendTime, long sendEnter, long sendLeave, MpiCall sendCall, long sendSize, long sendOff) {
        this.sendOff = sendOff;
        this.sendSize = sendSize;
        this.sendTime = sendTime;
        this.sendEnter = sendEnter;
        this.sendLeave = sendLeave;
        this.sendCall = sendCall;
    }

    /** The receive end's times (raw ticks), call, post, location order, shared call, size (or -1) and ticks recording was off. */
    void receive(long receiveTime, long receiveEnter, long receiveLeave, MpiCall receiveCall, long receivePost, long receiveLocation,
                 long receiveSharedCall, long receiveSize, long receiveOff) {
        this.receiveOff = receiveOff;
        this.receiveSize = receiveSize;
        this.receiveTime = receiveTime;
        this.receiveEnter = receiveEnter;
        this.receiveLeave = receiveLeave;
        this.receiveCall = receiveCall;
        this.receivePost = receivePost;
        this.receiveLocation = receiveLocation;
        this.receiveSharedCall = receiveSharedCall;
    }

    boolean complete() {
        return sendSeen && receiveSeen && sendLeave != Long.MIN_VALUE && receiveLeave != Long.MIN_VALUE;
    }
}
