package org.igtrace.core.replay;


/**
 * The transfer times {@link NetworkCalibration} fits ({@link TransferTimes}' rule), from a pass of
 * their own over every process's activities, for a calibration made without the ideal network's
 * replay. Processes take turns as in the replay: a sender publishes its send call's enter per
 * message, a receiver in a call that waits for its receives waits for those not yet published,
 * and a message is forgotten once both sides passed it.
 */
final class VisibleTransfers {
    private final ReplayMatching m;
    private final double[] offsets;
    private final double tick;
    private final TransferTimes transfers;
    private final MessagePosts sendEnters;
    private final ActivityCursor[] cursor;
    private final long[][] collectives;
    private final long[] callsLeft;
    private final boolean[] entered;
    private final int[] queue;
    private final boolean[] queued;
    private int queueHead;
    private int queueSize;

    VisibleTransfers(ReplayMatching m, double[] offsets, TransferTimes transfers) {
        this.m = m;
        this.offsets = offsets;
        this.tick = 1.0 / m.run.definitions.ticksPerSecond();
        this.transfers = transfers;
        int n = m.run.processCount();
        sendEnters = new MessagePosts(m.channels);
        cursor = new ActivityCursor[n];
        collectives = new long[n][];
        callsLeft = new long[n];
        entered = new boolean[n];
        queue = new int[n];
        queued = new boolean[n];
    }

    /** Hands every matched send and every receive completed in a call that waits for it to the transfer times. */
    void collect() {
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
            // a process that ended after waking itself (a message to itself) is still queued: it ended once
            if (cursor[p] != null && advance(p, stuck)) {
                remaining--;
                cursor[p] = null;
                collectives[p] = null;
            }
        }
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
    private boolean advance(int p, boolean skipUnknown) {
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
            boolean waits = transfers.waits(c.region);
            if (waits && !skipUnknown && !sendsKnown(c)) {
                return false;
            }
            if (waits) {
                measure(p, c);
            }
            for (int i = 0; i < c.events; i++) {
                if (c.match[i] >= 0 && c.type[i] == LocationActivities.RECEIVE) {
                    if (transfers.anySendPending()) { // no MPI_Irecv came first: a blocking send waiting for one is not timed
                        transfers.receiveNotPosted(c.match[i], c.at[i]);
                    }
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
                double sent = corrected(p, c.enter);
                sendEnters.setSend(ch, c.at[i], sent);
                if (transfers.anyPending()) {
                    transfers.sent(ch, c.at[i], sent);
                }
                if (transfers.sendBounds(c.region, c.bytes[i])) {
                    transfers.sendDone(ch, c.at[i], sent, corrected(p, c.leave), c.bytes[i], sendEnters.receive(ch, c.at[i]), true);
                }
                sendEnters.senderDone(ch, c.at[i]);
                wake(m.channelReceiver[ch]);
            } else if (ch >= 0 && c.type[i] == LocationActivities.RECEIVE_POST) {
                double posted = corrected(p, c.enter);
                sendEnters.setReceive(ch, c.at[i], posted);
                if (transfers.anySendPending()) {
                    transfers.receivePosted(ch, c.at[i], posted);
                }
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

    private void measure(int p, ActivityCursor c) {
        double enter = corrected(p, c.enter), leave = corrected(p, c.leave);
        boolean posted = transfers.posts(c.region);
        for (int i = 0; i < c.events; i++) {
            if (c.match[i] >= 0 && c.type[i] == LocationActivities.RECEIVE) {
                transfers.received(c.match[i], c.at[i], enter, leave, posted, c.bytes[i], sendEnters.send(c.match[i], c.at[i]));
            }
        }
    }
}
