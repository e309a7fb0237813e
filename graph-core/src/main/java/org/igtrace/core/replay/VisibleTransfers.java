package org.igtrace.core.replay;

import org.igtrace.core.trace.MpiCall;

/**
 * The transfer times {@link NetworkCalibration} fits, from one read of every process's
 * activities (definitions section 9's calibration): per matched message received in a call that
 * waits for it (a blocking receive, MPI_Sendrecv, MPI_Wait*) whose receive call started before
 * its send call (or, from the eager limit on, any blocking receive or MPI_Sendrecv: the transfer
 * cannot start before they post it), the receiving call's leave minus the later of
 * the two calls' enters, corrected clocks. Processes take turns as in the replay: a sender
 * publishes its send call's enter per message, a receiver that needs one not yet published
 * waits for it, and a message is forgotten once both sides passed it.
 */
final class VisibleTransfers {
    private final ReplayMatching m;
    private final double[] offsets;
    private final long eagerLimit;
    private final double tick;
    /** Per region: whether a receive completed in it was waited for (MPI_Recv, MPI_Sendrecv, MPI_Wait*). */
    private final boolean[] waitsForReceive;
    /**
     * Per region: whether it also posts the receives it completes (MPI_Recv, MPI_Sendrecv), so that
     * a rendezvous transfer cannot start before it; an MPI_Wait* completes a receive an earlier
     * MPI_Irecv posted, whose rendezvous transfer may have ended before the wait began.
     */
    private final boolean[] postsReceive;
    private final MessagePosts sendEnters;
    private final ActivityCursor[] cursor;
    private final long[][] collectives;
    private final long[] callsLeft;
    private final boolean[] entered;
    private final int[] queue;
    private final boolean[] queued;
    private int queueHead;
    private int queueSize;
    private long used;

    VisibleTransfers(ReplayMatching m, double[] offsets, long eagerLimit) {
        this.m = m;
        this.offsets = offsets;
        this.eagerLimit = eagerLimit;
        this.tick = 1.0 / m.run.definitions.ticksPerSecond();
        waitsForReceive = new boolean[m.run.definitions.regionCount()];
        postsReceive = new boolean[waitsForReceive.length];
        for (int r = 0; r < waitsForReceive.length; r++) {
            MpiCall call = m.run.definitions.mpiCall(r);
            waitsForReceive[r] = call.waitsForReceive();
            postsReceive[r] = call == MpiCall.BLOCKING_RECEIVE || call == MpiCall.SENDRECV;
        }
        int n = m.run.processCount();
        sendEnters = new MessagePosts(m.channels);
        cursor = new ActivityCursor[n];
        collectives = new long[n][];
        callsLeft = new long[n];
        entered = new boolean[n];
        queue = new int[n];
        queued = new boolean[n];
    }

    /** Adds every visible transfer to {@code times}; returns how many there were. */
    long collect(MedianBySize times) {
        int n = m.run.processCount();
        int remaining = 0;
        for (int p = 0; p < n; p++) {
            if (m.run.process(p) != null) {
                cursor[p] = m.window(p);
                collectives[p] = new long[m.communicatorSize.length];
                callsLeft[p] = m.endCall[p] - m.firstCall[p];
                remaining++;
                wake(p);
            }
        }
        while (remaining > 0) {
            boolean stuck = queueSize == 0;
            int p = stuck ? stalled() : queue[queueHead];
            if (!stuck) {
                queueHead = (queueHead + 1) % n;
                queueSize--;
                queued[p] = false;
            }
            if (advance(p, times, stuck)) {
                remaining--;
                cursor[p] = null;
                collectives[p] = null;
            }
        }
        return used;
    }

    /**
     * Every unfinished process waits for a send not yet read (only a trace whose messages cannot
     * have happened in the order recorded): the first such process goes on without those messages.
     */
    private int stalled() {
        for (int p = 0; p < entered.length; p++) {
            if (entered[p]) {
                return p;
            }
        }
        throw new IllegalStateException("calibration stalled with no call waiting");
    }

    private double corrected(int p, long t) {
        return (t - m.origin) * tick + offsets[p];
    }

    private void wake(int p) {
        if (!queued[p] && cursor[p] != null) {
            queued[p] = true;
            queue[(queueHead + queueSize) % queue.length] = p;
            queueSize++;
        }
    }

    /** Reads process p's calls until it waits for a send not yet read, or ends (true). */
    private boolean advance(int p, MedianBySize times, boolean skipUnknown) {
        ActivityCursor c = cursor[p];
        for (int turn = 0; ; turn++) {
            if (!entered[p]) {
                if (turn == ReplaySimulation.QUANTUM) {
                    wake(p);
                    return false;
                }
                if (callsLeft[p] == 0 || !c.next()) {
                    return true;
                }
                callsLeft[p]--;
                m.resolve(p, c, collectives[p]);
                publish(p, c);
                entered[p] = true;
            }
            boolean waits = c.region >= 0 && waitsForReceive[c.region];
            if (waits && !skipUnknown && !sendsKnown(c)) {
                return false;
            }
            if (waits) {
                measure(p, c, times);
            }
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.RECEIVE) {
                    sendEnters.receiverDone(c.match[i], c.at[i]);
                }
            }
            entered[p] = false;
            skipUnknown = false;
        }
    }

    private void publish(int p, ActivityCursor c) {
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch >= 0 && c.type[i] == LocationActivities.SEND) {
                sendEnters.setSend(ch, c.at[i], corrected(p, c.enter));
                sendEnters.senderDone(ch, c.at[i]);
                wake(m.channelReceiver[ch]);
            }
        }
    }

    private boolean sendsKnown(ActivityCursor c) {
        for (int i = 0; i < c.events; i++) {
            if (c.match[i] >= 0 && c.type[i] == LocationActivities.RECEIVE && Double.isNaN(sendEnters.send(c.match[i], c.at[i]))) {
                return false;
            }
        }
        return true;
    }

    private void measure(int p, ActivityCursor c, MedianBySize times) {
        double enter = corrected(p, c.enter), leave = corrected(p, c.leave);
        boolean posted = postsReceive[c.region];
        for (int i = 0; i < c.events; i++) {
            if (c.match[i] < 0 || c.type[i] != LocationActivities.RECEIVE) {
                continue;
            }
            double sent = sendEnters.send(c.match[i], c.at[i]);
            long size = c.bytes[i];
            if (Double.isNaN(sent) || (enter > sent && (size < eagerLimit || !posted))) {
                continue; // the transfer may have been under way, or over, before the call began
            }
            times.add(size, leave - Math.max(enter, sent));
            used++;
        }
    }
}
