package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.trace.MpiCall;

/**
 * The transfer times {@link NetworkCalibration} fits (definitions section 9's calibration), collected
 * as a pass over the recorded calls meets the messages: a replay ({@link ReplaySimulation}, the ideal
 * network's) or a pass of their own ({@link VisibleTransfers}), with one rule and the same messages.
 * The pass hands on each matched send's measured post (its call's enter, corrected clocks) and each
 * matched receive completed in a call that waits for it (a blocking receive, MPI_Sendrecv,
 * MPI_Wait*, MPI_Test*). A receive is timed when its receive call started before its send call, or, from
 * the eager limit on, when that call is a blocking receive or MPI_Sendrecv (the transfer cannot
 * start before it posts the receive): the call's leave minus the later of the two calls'
 * enters. A receive whose send is not posted yet (a call let through a cycle; a trace whose
 * messages cannot have happened in the order recorded) is timed when its send is.
 */
final class TransferTimes {
    private final long eagerLimit;
    /** Per region: whether a receive completed in it was waited for, and whether it also posts its receives. */
    private final boolean[] waitsForReceive;
    private final boolean[] postsReceive;
    /** Per region: whether it is a blocking send (MPI_Send, MPI_Ssend, ...), whose duration bounds a rendezvous transfer. */
    private final boolean[] blockingSend;
    /** Per region: how its blocking sends complete (an MPI_Bsend's duration bounds no transfer, an MPI_Ssend's does). */
    private final org.igtrace.core.trace.SendMode[] sendModes;
    /** Rendezvous sends of blocking send calls waiting for their receive's MPI_Irecv, by {@link #key}: enter, leave, size. */
    private final java.util.HashMap<Long, double[]> pendingSends = new java.util.HashMap<>();
    final MedianBySize times;
    long used;
    /** Of {@link #used}, the times taken on the send side ({@link #sendDone}). */
    long usedSends;
    /** Receives waiting for their send's post: channel, message number, the call's enter and leave, size, posted. */
    private int pending;
    private int[] pendingChannel = new int[4];
    private long[] pendingMessage = new long[4];
    private double[] pendingEnter = new double[4];
    private double[] pendingLeave = new double[4];
    private long[] pendingSize = new long[4];
    private boolean[] pendingPosted = new boolean[4];

    private final RecordedRun run;

    TransferTimes(ReplayMatching m, long eagerLimit) {
        this(m.run, eagerLimit);
    }

    /** Times of the messages of {@code run} (kept in its store), rendezvous from {@code eagerLimit} on. */
    TransferTimes(RecordedRun run, long eagerLimit) {
        this.run = run;
        this.eagerLimit = eagerLimit;
        int regions = run.definitions.regionCount();
        waitsForReceive = new boolean[regions];
        postsReceive = new boolean[regions];
        blockingSend = new boolean[regions];
        sendModes = new org.igtrace.core.trace.SendMode[regions];
        for (int r = 0; r < regions; r++) {
            MpiCall call = run.definitions.mpiCall(r);
            waitsForReceive[r] = call.waitsForReceive();
            postsReceive[r] = call == MpiCall.BLOCKING_RECEIVE || call == MpiCall.SENDRECV;
            blockingSend[r] = call == MpiCall.BLOCKING_SEND;
            sendModes[r] = org.igtrace.core.trace.SendMode.of(run.definitions.regionName(r));
        }
        times = new MedianBySize(run.store);
    }

    /** A collection of its own for the same run and eager limit (a replay worker's, {@link #addAll} at the end). */
    TransferTimes emptyCopy() {
        return new TransferTimes(run, eagerLimit);
    }

    /** Adds what {@code other} collected (its receives still waiting for their send are not counted, as in its own). */
    void addAll(TransferTimes other) {
        times.addAll(other.times);
        used += other.used;
        usedSends += other.usedSends;
    }

    /** Whether a call of {@code region} (-1: none) waits for the receives it completes. */
    boolean waits(int region) {
        return region >= 0 && waitsForReceive[region];
    }

    boolean posts(int region) {
        return postsReceive[region];
    }

    /**
     * A receive of {@code size} bytes completed in a call entered at {@code enter} and left at
     * {@code leave} (corrected, seconds) that posts it or not; its send was posted at {@code sent} (NaN: not yet).
     */
    void received(int channel, long k, double enter, double leave, boolean posted, long size, double sent) {
        if (Double.isNaN(sent)) {
            pend(channel, k, enter, leave, posted, size);
        } else {
            measure(enter, leave, posted, size, sent);
        }
    }

    /** Message k of {@code channel} was posted by its sender at {@code sent}. */
    void sent(int channel, long k, double sent) {
        for (int i = 0; i < pending; i++) {
            if (pendingChannel[i] == channel && pendingMessage[i] == k) {
                measure(pendingEnter[i], pendingLeave[i], pendingPosted[i], pendingSize[i], sent);
                pending--;
                pendingChannel[i] = pendingChannel[pending];
                pendingMessage[i] = pendingMessage[pending];
                pendingEnter[i] = pendingEnter[pending];
                pendingLeave[i] = pendingLeave[pending];
                pendingSize[i] = pendingSize[pending];
                pendingPosted[i] = pendingPosted[pending];
                return;
            }
        }
    }

    /**
     * Whether a send of {@code size} bytes in a call of {@code region} (-1: none) bounds its transfer: a rendezvous send
     * ({@code size >= E}; an MPI_Ssend of any size, an MPI_Bsend never) in a blocking send call, which leaves once the
     * message is received.
     */
    boolean sendBounds(int region, long size) {
        return region >= 0 && blockingSend[region] && !sendModes[region].eager(size, eagerLimit);
    }

    /**
     * A rendezvous send of message k of {@code channel} ({@link #sendBounds}) entered at {@code enter} and left at
     * {@code leave} (corrected, seconds); its receive was posted by an MPI_Irecv at {@code receivePost} (NaN: not yet
     * known, or posted otherwise). The transfer lasts at most from the later post to the send's leave: that time is
     * taken when the MPI_Irecv's post is known, now or, when that post may still follow ({@code postMayFollow}),
     * when {@link #receivePosted} tells it.
     */
    void sendDone(int channel, long k, double enter, double leave, long size, double receivePost, boolean postMayFollow) {
        if (!Double.isNaN(receivePost)) {
            times.add(size, leave - Math.max(enter, receivePost));
            used++;
            usedSends++;
        } else if (postMayFollow) {
            pendingSends.put(key(channel, k), new double[] {enter, leave, size});
        }
    }

    /** Whether rendezvous sends wait for their MPI_Irecv's post (then {@link #receivePosted} must be told every such post). */
    boolean anySendPending() {
        return !pendingSends.isEmpty();
    }

    /** The receive of message k of {@code channel} was posted by an MPI_Irecv at {@code post} (corrected, seconds). */
    void receivePosted(int channel, long k, double post) {
        double[] send = pendingSends.remove(key(channel, k));
        if (send != null) {
            times.add((long) send[2], send[1] - Math.max(send[0], post));
            used++;
            usedSends++;
        }
    }

    /** The receive of message k of {@code channel} completed with no MPI_Irecv post: its send, if waiting, is not timed. */
    void receiveNotPosted(int channel, long k) {
        pendingSends.remove(key(channel, k));
    }

    private static Long key(int channel, long k) {
        return ((long) channel << 40) ^ k;
    }

    /** Whether receives wait for their send's post (then {@link #sent} must be told every send). */
    boolean anyPending() {
        return pending > 0;
    }

    /** The rendezvous send's transfer of {@link #sendDone}, its receive's post known: from the later post to its leave. */
    void sendTimed(long size, double enter, double leave, double receivePost) {
        times.add(size, leave - Math.max(enter, receivePost));
        used++;
        usedSends++;
    }

    /** Whether a send of {@code size} bytes in a call of {@code call} bounds its transfer ({@link #sendBounds}). */
    boolean sendBounds(MpiCall call, long size) {
        return call == MpiCall.BLOCKING_SEND && size >= eagerLimit;
    }

    void measure(double enter, double leave, boolean posted, long size, double sent) {
        if (enter > sent && (size < eagerLimit || !posted)) {
            return; // the transfer may have been under way, or over, before the call began
        }
        times.add(size, leave - Math.max(enter, sent));
        used++;
    }

    private void pend(int channel, long k, double enter, double leave, boolean posted, long size) {
        if (pending == pendingChannel.length) {
            int n = pending * 2;
            pendingChannel = Arrays.copyOf(pendingChannel, n);
            pendingMessage = Arrays.copyOf(pendingMessage, n);
            pendingEnter = Arrays.copyOf(pendingEnter, n);
            pendingLeave = Arrays.copyOf(pendingLeave, n);
            pendingSize = Arrays.copyOf(pendingSize, n);
            pendingPosted = Arrays.copyOf(pendingPosted, n);
        }
        pendingChannel[pending] = channel;
        pendingMessage[pending] = k;
        pendingEnter[pending] = enter;
        pendingLeave[pending] = leave;
        pendingSize[pending] = size;
        pendingPosted[pending] = posted;
        pending++;
    }
}
