package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * One location's activities for the replay (definitions section 9), recorded as its events are read:
 * its outermost MPI calls (enter, leave, region) with the message and collective events inside
 * each, in primitive arrays (no object per event). Compute bursts are the gaps between calls.
 * Also the replay's start (the leave of {@code MPI_Init*}, else the first region event) and end
 * (the enter of {@code MPI_Finalize}, else the last region event). Calls and events inside
 * {@code MPI_Init}/{@code MPI_Finalize} are not recorded; an event outside any MPI call becomes a
 * call of no duration at its time (region -1).
 *
 * <p>Memory: {@value #CALL_BYTES} bytes per call and {@value #OP_BYTES} per event, arrays grown
 * by half when full.
 */
public final class LocationActivities implements LocationEvents {
    /** Bytes a call takes: enter, leave (8 each), region, first event (4 each). */
    public static final int CALL_BYTES = 24;
    /** Bytes an event takes: kind (1), partner, communicator, tag or collective kind, link (4 each), bytes (8). */
    public static final int OP_BYTES = 25;

    /**
     * Event kinds. RECEIVE_POST is the post of a non-blocking receive (MPI_Irecv's request event),
     * linked both ways with the RECEIVE that completes it; SEND_COMPLETE is the completion of a
     * non-blocking send's request (in MPI_Wait*), linked to its SEND.
     */
    static final byte SEND = 0, RECEIVE = 1, COLLECTIVE = 2, RECEIVE_POST = 3, SEND_COMPLETE = 4;

    private final TraceDefinitions definitions;
    final int process;
    final long order;

    int calls;
    long[] callEnter = new long[16];
    long[] callLeave = new long[16];
    int[] callRegion = new int[16];
    /** Events of call c are [callFirstOp[c], callFirstOp[c + 1]) (the last call's end is {@link #ops}). */
    int[] callFirstOp = new int[16];

    int ops;
    byte[] opKind = new byte[16];
    /** Receiver of a send, sender of a receive, root of a collective (-1 none), as world ranks. */
    int[] opPeer = new int[16];
    int[] opComm = new int[16];
    /** Tag of a message; {@link CollectiveKind} ordinal of a collective. */
    int[] opTag = new int[16];
    /** Bytes of a message; bytes this member sent in a collective. */
    long[] opBytes = new long[16];
    /** The linked event (local index) of a non-blocking operation's post or completion, -1 none. */
    int[] opLink = new int[16];

    /** Requests in flight: non-blocking sends (request, send event) and posted receives (request, post event). */
    private long[] pendingRequests = new long[8];
    private int[] pendingOps = new int[8];
    private int pendingCount;

    long initLeave = Long.MIN_VALUE;
    long finalizeEnter = Long.MIN_VALUE;
    long firstRegion = Long.MAX_VALUE;
    long lastRegion = Long.MIN_VALUE;

    private int mpiDepth;
    private int environmentDepth;
    private long openEnter;
    private int openRegion;
    private int openFirstOp;
    long untranslated;

    LocationActivities(TraceDefinitions definitions, int process, long order) {
        this.definitions = definitions;
        this.process = process;
        this.order = order;
    }

    @Override
    public void enter(long time, int region) {
        region(time);
        RegionKind kind = definitions.regionKind(region);
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth++ == 0 && finalizeEnter == Long.MIN_VALUE
                    && definitions.regionName(region).equals("MPI_Finalize")) {
                finalizeEnter = time;
            }
        } else if (environmentDepth == 0 && definitions.mpiCall(region).isMpi() && mpiDepth++ == 0) {
            openEnter = time;
            openRegion = region;
            openFirstOp = ops;
        }
    }

    @Override
    public void leave(long time, int region) {
        region(time);
        RegionKind kind = definitions.regionKind(region);
        if (kind == RegionKind.ENVIRONMENT) {
            if (environmentDepth > 0 && --environmentDepth == 0 && initLeave == Long.MIN_VALUE
                    && definitions.regionName(region).startsWith("MPI_Init")) {
                initLeave = time;
            }
        } else if (environmentDepth == 0 && definitions.mpiCall(region).isMpi() && mpiDepth > 0 && --mpiDepth == 0) {
            addCall(openEnter, Math.max(openEnter, time), openRegion, openFirstOp);
        }
    }

    private void region(long time) {
        firstRegion = Math.min(firstRegion, time);
        lastRegion = Math.max(lastRegion, time);
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        message(SEND, time, receiver, communicator, tag, bytes);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        message(RECEIVE, time, sender, communicator, tag, bytes);
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        if (message(SEND, time, receiver, communicator, tag, bytes)) {
            pend(request, ops - 1);
        }
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        if (message(RECEIVE, time, sender, communicator, tag, bytes)) {
            int post = take(request, RECEIVE_POST);
            if (post >= 0) {
                opLink[ops - 1] = post;
                opLink[post] = ops - 1;
            }
        }
    }

    @Override
    public void isendComplete(long time, long request) {
        int send = environmentDepth > 0 ? -1 : take(request, SEND);
        if (send >= 0) {
            addOp(SEND_COMPLETE, opPeer[send], opComm[send], opTag[send], opBytes[send], time);
            opLink[ops - 1] = send;
        }
    }

    @Override
    public void irecvRequest(long time, long request) {
        if (environmentDepth == 0) {
            addOp(RECEIVE_POST, -1, -1, 0, 0, time);
            pend(request, ops - 1);
        }
    }

    private void pend(long request, int op) {
        if (pendingCount == pendingRequests.length) {
            pendingRequests = Arrays.copyOf(pendingRequests, pendingCount * 2);
            pendingOps = Arrays.copyOf(pendingOps, pendingCount * 2);
        }
        pendingRequests[pendingCount] = request;
        pendingOps[pendingCount++] = op;
    }

    /** The pending event of {@code kind} with this request, removed from the pending ones; -1 if none. */
    private int take(long request, byte kind) {
        for (int i = 0; i < pendingCount; i++) {
            if (pendingRequests[i] == request && opKind[pendingOps[i]] == kind) {
                int op = pendingOps[i];
                pendingRequests[i] = pendingRequests[--pendingCount];
                pendingOps[i] = pendingOps[pendingCount];
                return op;
            }
        }
        return -1;
    }

    private boolean message(byte kind, long time, int partner, int communicator, int tag, long bytes) {
        if (environmentDepth > 0) {
            return false;
        }
        if (partner < 0) {
            untranslated++;
            return false;
        }
        addOp(kind, partner, communicator, tag, Math.max(0, bytes), time);
        return true;
    }

    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        if (environmentDepth > 0 || kind == CollectiveKind.OTHER) {
            return;
        }
        addOp(COLLECTIVE, root, communicator, kind.ordinal(), Math.max(0, sent), time);
    }

    private void addOp(byte kind, int peer, int comm, int tag, long bytes, long time) {
        if (ops == opKind.length) {
            int n = ops + (ops >> 1) + 1;
            opKind = Arrays.copyOf(opKind, n);
            opPeer = Arrays.copyOf(opPeer, n);
            opComm = Arrays.copyOf(opComm, n);
            opTag = Arrays.copyOf(opTag, n);
            opBytes = Arrays.copyOf(opBytes, n);
            opLink = Arrays.copyOf(opLink, n);
        }
        opKind[ops] = kind;
        opPeer[ops] = peer;
        opComm[ops] = comm;
        opTag[ops] = tag;
        opLink[ops] = -1;
        opBytes[ops++] = bytes;
        if (mpiDepth == 0) {
            addCall(time, time, -1, ops - 1);
        }
    }

    private void addCall(long enter, long leave, int region, int firstOp) {
        if (calls == callEnter.length) {
            int n = calls + (calls >> 1) + 1;
            callEnter = Arrays.copyOf(callEnter, n);
            callLeave = Arrays.copyOf(callLeave, n);
            callRegion = Arrays.copyOf(callRegion, n);
            callFirstOp = Arrays.copyOf(callFirstOp, n);
        }
        callEnter[calls] = enter;
        callLeave[calls] = leave;
        callRegion[calls] = region;
        callFirstOp[calls++] = firstOp;
    }

    /** The first event of call {@code c}. */
    int firstOp(int c) {
        return callFirstOp[c];
    }

    /** One past the last event of call {@code c}. */
    int endOp(int c) {
        return c + 1 < calls ? callFirstOp[c + 1] : ops;
    }

    /** Where the replay starts on this location: the leave of MPI_Init*, else the first region event (ticks). */
    long start() {
        return initLeave != Long.MIN_VALUE ? initLeave : firstRegion == Long.MAX_VALUE ? 0 : firstRegion;
    }

    /** Where the replay ends: the enter of MPI_Finalize, else the last region event (ticks). */
    long endTicks() {
        long end = finalizeEnter != Long.MIN_VALUE ? finalizeEnter : lastRegion == Long.MIN_VALUE ? start() : lastRegion;
        return Math.max(end, start());
    }

    /** What the call means for the replay: which MPI call it is ({@link MpiCall#NONE} for an event outside calls). */
    MpiCall call(int c) {
        return callRegion[c] < 0 ? MpiCall.NONE : definitions.mpiCall(callRegion[c]);
    }

    /** Whether call {@code c} is a personalised all-to-all (MPI_Alltoall*, MPI_Ialltoall*). */
    boolean isAlltoall(int c) {
        String name = callRegion[c] < 0 ? "" : definitions.regionName(callRegion[c]);
        return name.startsWith("MPI_Alltoall") || name.startsWith("MPI_Ialltoall");
    }

    public int process() {
        return process;
    }

    public int callCount() {
        return calls;
    }

    public int eventCount() {
        return ops;
    }

    /** Bytes the arrays take now (capacity, not only what is used). */
    public long bytes() {
        return (long) callEnter.length * CALL_BYTES + (long) opKind.length * OP_BYTES;
    }
}
