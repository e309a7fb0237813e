package org.igtrace.core.replay;

import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.SendMode;

/**
 * What a call does in the replay (definitions section 9): its compute burst before it, its enter published as the
 * post of its sends and receives and as its arrival at its collectives, when it can leave (once every operation it
 * completes has completed: {@link #complete}) and when it leaves in each model, with the times the cost model
 * ({@link ReplayCosts}) gives; what it hands the calibration ({@link TransferTimes}). The scheduling, which process
 * runs when and which call a cycle lets through, is {@link ReplaySimulation}'s; the worker protocol {@link ReplayWorker}'s.
 */
abstract class ReplayCalls extends ReplayWorker {
    private ComputeScaling[] scaling; // per model, each compute burst's replayed length (null: measured / r), on one thread
    private final boolean[] postCost; // per model: a posting call keeps its measured duration ({@link #postingCall})

    /**
     * Whether every model is the same machine (the what-ifs of {@code why}: they differ in their compute bursts only), so
     * that a message costs the same in each and is costed once.
     */
    private final boolean oneModel;

    ReplayCalls(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds, TransferTimes transfers) {
        super(matching, params, offsetSeconds, transfers);
        postCost = postCosts(params);
        oneModel = oneModel(params);
    }

    /** A worker of a replay on several threads: see {@link ReplayState#ReplayState(ReplayState, TransferTimes)}. */
    ReplayCalls(ReplayState shared, TransferTimes transfers) {
        super(shared, transfers);
        postCost = postCosts(params);
        oneModel = oneModel(params);
    }

    private static boolean oneModel(ReplayParameters[] params) {
        for (ReplayParameters q : params) {
            if (q != params[0]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every model but the ideal network keeps the posting calls' measured durations; one that costs every message as
     * the ideal network does (a fitted network without transfer time) too: a posting call's time is the process's
     * own work, not the network's.
     */
    private static boolean[] postCosts(ReplayParameters[] params) {
        boolean[] on = new boolean[params.length];
        for (int j = 0; j < on.length; j++) {
            on[j] = !params[j].isTheIdealNetwork();
        }
        return on;
    }

    /**
     * Whether c only posts (MPI_Isend, MPI_Irecv, ...: a call that is no blocking send, receive or wait and whose every
     * event is a send or a receive post): it waits for no partner, so its measured duration is its process's own work
     * (copying an eager message out, a first contact's connection set-up, progress), kept in the replay as a compute
     * burst is (divided by the cpu ratio; a send's at least o), outside the ideal network, as o is (issue 34 item 12).
     */
    private boolean postingCall(ActivityCursor c) {
        return onlyPosts(c, call(c));
    }

    /** Whether c, a call of kind {@code kind}, only posts ({@link #postingCall}): SimGrid's export keeps it as the replay does. */
    static boolean onlyPosts(ActivityCursor c, MpiCall kind) {
        if (kind != MpiCall.OTHER_MPI || c.events == 0) {
            return false;
        }
        for (int i = 0; i < c.events; i++) {
            if (c.type[i] != LocationActivities.SEND && c.type[i] != LocationActivities.RECEIVE_POST) {
                return false;
            }
        }
        return true;
    }

    /** Model j's replayed duration of a posting call of measured duration {@code seconds} (0: it keeps none). */
    private double postDuration(int j, double seconds) {
        if (seconds > 0 && !m.postingTime) {
            m.postingTime = true; // only ever set, by any worker: read once the pass has ended (TraceReplay.predict)
        }
        return postCost[j] ? ReplayCosts.compute(seconds, cpuRatio[j]) : 0;
    }

    /** Whether a model broadcasts down a tree other than {@link BroadcastTree#DEFAULT}: its members' enters are then kept by place. */
    private boolean treesFitted() {
        for (ReplayParameters q : params) {
            if (!ReplayCosts.tree(q).equals(BroadcastTree.DEFAULT)) {
                return true;
            }
        }
        return false;
    }

    /** Each model's compute bursts scaled by its own entry of {@code s} (null: as measured); run on one thread. */
    final void scaleBursts(ComputeScaling[] s) {
        this.scaling = s;
        for (ComputeScaling c : s) {
            if (c != null) {
                c.replayStarts();
            }
        }
    }

    /** Process p computes from its previous call's leave until tick {@code until} (its next call's enter, or its end). */
    final void computeUntil(int p, long until) {
        if (until <= previousLeave[p]) {
            return; // a burst of no ticks (most calls follow the last one at once): 0 s in every model, scaled or not
        }
        // recording off (definitions section 3) is unknown time, not computation
        long off = recordedOff[p] ? m.run.process(p).offTicks(previousLeave[p], until) : 0;
        double measuredBurst = Math.max(0, until - previousLeave[p] - off) * tick;
        for (int j = 0, at = p * models; j < models; j++, at++) {
            double burst = ReplayCosts.compute(measuredBurst, cpuRatio[j]);
            ComputeScaling s = scaling == null ? null : scaling[j];
            burst = s == null ? burst : s.burst(p, previousLeave[p], until, burst);
            clock[at] += burst;
            compute[at] += burst;
        }
    }

    /**
     * Process p enters its next call, c: true when the call was taken whole (it left already), else it is entered
     * and its posts published; it leaves once {@link #complete} says so.
     */
    final boolean enterCall(int p, ActivityCursor c) {
        m.resolve(p, c, collectives[p]);
        for (int j = 0, at = p * models; j < models; j++, at++) {
            enter[at] = clock[at];
        }
        if (c.events == 1 && simpleCalls && simpleCall(p, c)) {
            return true;
        }
        entered[p] = true;
        publish(p, c);
        return false;
    }

    /** Process p leaves its call c, which {@link #complete} let go: its totals, its clock, the calibration, the posts it is done with. */
    final void leaveCall(int p, ActivityCursor c) {
        if (transfers != null && transfers.waits(c.region)) {
            calibrate(p, c);
        }
        if (transfers != null && c.region >= 0 && regionCalls[c.region] == MpiCall.BLOCKING_SEND) {
            calibrateSends(p, c);
        }
        for (int j = 0, at = p * models; j < models; j++, at++) {
            mpi[at] += leaves[j] - enter[at];
            waiting[at] += waits[j];
            clock[at] = leaves[j];
        }
        previousLeave[p] = c.leave;
        release(c);
        entered[p] = false;
        forced[p] = false;
    }

    /**
     * The call's enter is the post of its sends and receives (a receive with an MPI_Irecv post was
     * posted at that call's enter instead) and its arrival at its collectives.
     */
    private void publish(int p, ActivityCursor c) {
        int from = p * models;
        for (int i = 0; i < c.events; i++) {
            c.slotMoves[i] = -1; // no message place kept for this event (yet: MessagePosts#keep)
            int ch = c.match[i];
            if (ch < 0) {
                continue;
            }
            long k = c.at[i];
            switch (c.type[i]) {
                case LocationActivities.COLLECTIVE -> {
                    CollectiveFamily family = CollectiveFamily.of(c, i);
                    int place = family != null && (family.gathers() || family.rooted() && treesFitted())
                            ? instances.tree.relative(ch, p, c.sequence[i]) : -1;
                    if (owner == null) {
                        if (instances.arrive(ch, k, enter, from, c.bytes[i], p == c.sequence[i], place)) {
                            for (int member : m.run.definitions.communicatorMembers(ch)) {
                                wake(member, AWAIT_INSTANCE, ch, k);
                            }
                        }
                    } else {
                        arriveShared(ch, k, from, c.bytes[i], p == c.sequence[i], place);
                    }
                }
                case LocationActivities.RECEIVE_POST -> posts.keep(c, i, postReceiveAtEnter(p, c, ch, k, from));
                case LocationActivities.SEND -> posts.keep(c, i, postSend(p, c, ch, k, from));
                case LocationActivities.RECEIVE -> {
                    int s = posts.slot(ch, k);
                    posts.keep(c, i, s);
                    if (s < 0 || Double.isNaN(posts.receiveAt(ch, s, 0))) {
                        if (s >= 0) {
                            for (int j = 0; j < models; j++) {
                                posts.setReceiveAt(ch, s, j, enter[from + j]);
                            }
                        }
                        postReceive(ch, k, s, from, Double.NaN);
                    }
                }
                default -> {
                }
            }
        }
    }

    /**
     * The receive of message k of channel ch was posted at p's call's enter (an MPI_Irecv's): its sender may go on.
     * Returns the message's slot (-1: forgotten).
     */
    private int postReceiveAtEnter(int p, ActivityCursor c, int ch, long k, int from) {
        int s = posts.slot(ch, k);
        double measured = transfers == null ? Double.NaN : corrected(p, c.enter);
        if (s >= 0) {
            for (int j = 0; j < models; j++) {
                posts.setReceiveAt(ch, s, j, enter[from + j]);
            }
            if (transfers != null) {
                posts.setMeasuredReceiveAt(ch, s, measured);
            }
        }
        if (transfers != null && transfers.anySendPending()) {
            transfers.receivePosted(ch, k, measured);
        }
        postReceive(ch, k, s, from, measured);
        return s;
    }

    /**
     * The send of message k of channel ch was posted at p's call's enter: its receiver may go on. Returns its slot (-1:
     * forgotten). An MPI_Bsend above the eager limit completes at once ({@link #eagerSend}), but its data leaves the buffer
     * as a rendezvous message's does, once the receive is posted: it is not marked sent eagerly, and its receiver times it so.
     */
    private int postSend(int p, ActivityCursor c, int ch, long k, int from) {
        int s = posts.slot(ch, k);
        int receiver = m.channelReceiver[ch];
        if (s >= 0) {
            for (int j = 0; j < models; j++) {
                posts.setSendAt(ch, s, j, enter[from + j]);
            }
            if (transfers != null) {
                double measured = corrected(p, c.enter);
                posts.setMeasuredSendAt(ch, s, measured);
                if (transfers.anyPending()) {
                    transfers.sent(ch, k, measured);
                }
            }
        }
        if (!elsewhere(receiver)) {
            wake(receiver, AWAIT_SEND, ch, k);
        } else if (s >= 0) {
            outbox[owner[receiver]].put(PostMailbox.SEND_POST, ch, k, enter, from,
                    transfers == null ? Double.NaN : posts.measuredSendAt(ch, s));
        }
        return s;
    }

    /**
     * The commonest calls taken whole, with the numbers {@link #publish}, {@link #complete} and {@link #release}
     * give: one matched event, a send that completes at its post (eager, or in a call that does not wait for
     * it) or a receive whose send is posted. False, with nothing done, for any other call.
     */
    private boolean simpleCall(int p, ActivityCursor c) {
        int ch = c.match[0];
        if (ch < 0) {
            return false;
        }
        int type = c.type[0];
        long k = c.at[0];
        int from = p * models;
        if (type == LocationActivities.SEND) {
            if (c.region >= 0 && waitsForSend[c.region] && !eagerSend(c.region, c.bytes[0])) {
                return false;
            }
            int s = postSend(p, c, ch, k, from);
            // it leaves once its send overhead o is spent (0: at its enter, the clocks stay), a posting call once its
            // measured duration is too; no receive to calibrate
            boolean posting = postingCall(c);
            double measured = posting ? (c.leave - c.enter) * tick : 0;
            for (int j = 0, at = from; j < models; j++, at++) {
                double o = Math.max(params[j].sendOverhead(), postDuration(j, measured));
                double leave = clock[at] + o;
                mpi[at] += posting ? leave - clock[at] : o; // a posting call's as complete() gives it, to the last bit
                clock[at] = leave;
            }
            previousLeave[p] = c.leave;
            if (c.detail[0] == 0 && s >= 0) {
                posts.senderDoneAt(ch, s);
            }
            return true;
        }
        if (type == LocationActivities.RECEIVE_POST) {
            // a call that only posts a receive (MPI_Irecv): nothing to wait for; it leaves at its enter, a posting call
            // once its measured duration is spent, as complete() and leaveCall() give it
            postReceiveAtEnter(p, c, ch, k, from);
            boolean posting = postingCall(c);
            double measured = (c.leave - c.enter) * tick;
            for (int j = 0, at = from; j < models; j++, at++) {
                double leave = posting ? clock[at] + postDuration(j, measured) : clock[at];
                mpi[at] += leave - clock[at];
                clock[at] = leave;
            }
            previousLeave[p] = c.leave;
            return true;
        }
        if (type != LocationActivities.RECEIVE) {
            return false;
        }
        int s = posts.slot(ch, k);
        if (s < 0 || Double.isNaN(posts.sendAt(ch, s, 0))) {
            return false;
        }
        if (Double.isNaN(posts.receiveAt(ch, s, 0))) {
            for (int j = 0; j < models; j++) {
                posts.setReceiveAt(ch, s, j, enter[from + j]);
            }
            postReceive(ch, k, s, from, Double.NaN);
        }
        long bytes = c.bytes[0];
        int sender = m.channelSender[ch];
        boolean fromSend = bytes < eagerLimit || posts.sentEagerlyAt(ch, s);
        double shared = oneModel ? ReplayCosts.message(params[0], sender, p, bytes, shares, ch, k) : 0;
        for (int j = 0, at = from; j < models; j++, at++) {
            double e = enter[at];
            double start = posts.sendAt(ch, s, j);
            double transferFrom = fromSend ? start : Math.max(start, posts.receiveAt(ch, s, j));
            double cost = oneModel ? shared : ReplayCosts.message(params[j], sender, p, bytes, shares, ch, k);
            double leave = Math.max(e, transferFrom + cost);
            double waitedUntil = Math.max(e, start);
            mpi[at] += leave - e;
            waiting[at] += Math.max(0, Math.min(waitedUntil, leave) - e);
            clock[at] = leave;
        }
        if (transfers != null && transfers.waits(c.region)) { // as calibrate(p, c) does for its one receive, kept at s
            transfers.received(ch, k, corrected(p, c.enter), corrected(p, c.leave), transfers.posts(c.region), bytes,
                    posts.measuredSendAt(ch, s));
        }
        previousLeave[p] = c.leave;
        posts.receiverDoneAt(ch, s); // still the message's slot: no message of the channel was made since
        return true;
    }

    /** A receive of message k of channel ch was posted (kept at slot s, -1: forgotten): its sender may go on. */
    private void postReceive(int ch, long k, int s, int from, double measured) {
        int sender = m.channelSender[ch];
        if (!elsewhere(sender)) {
            wake(sender, AWAIT_RECEIVE, ch, k);
        } else if (s >= 0) {
            outbox[owner[sender]].put(PostMailbox.RECEIVE_POST, ch, k, enter, from, measured);
        }
    }

    /**
     * A member arrives at instance k of communicator ch, shared by the workers: the last to arrive wakes the members
     * this worker replays and tells the other workers with members.
     */
    private void arriveShared(int ch, long k, int from, long bytes, boolean root, int place) {
        boolean full;
        synchronized (instances) {
            full = instances.arrive(ch, k, enter, from, bytes, root, place);
        }
        if (full) {
            java.util.Arrays.fill(told, false);
            for (int member : m.run.definitions.communicatorMembers(ch)) {
                int w = owner[member];
                if (w == me) {
                    wake(member, AWAIT_INSTANCE, ch, k);
                } else if (!told[w]) {
                    told[w] = true;
                    outbox[w].put(PostMailbox.INSTANCE_FULL, ch, k, null, 0, Double.NaN);
                }
            }
        }
    }

    /** The call, which waits for its receives, completed: hands each matched receive's transfer to the calibration. */
    private void calibrate(int p, ActivityCursor c) {
        double callEnter = corrected(p, c.enter), callLeave = corrected(p, c.leave);
        boolean posted = transfers.posts(c.region);
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch < 0 || c.type[i] != LocationActivities.RECEIVE) {
                continue;
            }
            int s = posts.slotOf(c, i);
            double sent = s < 0 ? Double.NaN : posts.measuredSendAt(ch, s);
            transfers.received(ch, c.at[i], callEnter, callLeave, posted, c.bytes[i], sent);
        }
    }

    /** The blocking send call completed: hands each rendezvous send's duration to the calibration (it bounds the transfer). */
    private void calibrateSends(int p, ActivityCursor c) {
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch < 0 || c.type[i] != LocationActivities.SEND || !transfers.sendBounds(c.region, c.bytes[i])) {
                continue;
            }
            int s = posts.slotOf(c, i);
            // the call waited for its receive's post unless it was let through a cycle: only then may an MPI_Irecv follow
            transfers.sendDone(ch, c.at[i], corrected(p, c.enter), corrected(p, c.leave), c.bytes[i],
                    s < 0 ? Double.NaN : posts.measuredReceiveAt(ch, s), s < 0 || Double.isNaN(posts.receiveAt(ch, s, 0)));
        }
    }

    /** The call left: its sides of its messages and its collective instances are done. */
    private void release(ActivityCursor c) {
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch < 0) {
                continue;
            }
            switch (c.type[i]) {
                case LocationActivities.SEND -> {
                    if (c.detail[i] == 0) {
                        senderDone(c, i);
                    }
                }
                case LocationActivities.SEND_COMPLETE -> senderDone(c, i);
                case LocationActivities.RECEIVE -> {
                    int s = posts.slotOf(c, i);
                    if (s >= 0) {
                        posts.receiverDoneAt(ch, s);
                    }
                }
                case LocationActivities.COLLECTIVE -> {
                    if (owner == null) {
                        instances.leave(ch, c.at[i]);
                    } else {
                        synchronized (instances) {
                            instances.leave(ch, c.at[i]);
                        }
                    }
                }
                default -> {
                }
            }
        }
    }

    /** The sender is done with event i's message ({@link MessagePosts#senderDone}). */
    private void senderDone(ActivityCursor c, int i) {
        int s = posts.slotOf(c, i);
        if (s >= 0) {
            posts.senderDoneAt(c.match[i], s);
        }
    }

    private MpiCall call(ActivityCursor c) {
        return c.region < 0 ? MpiCall.NONE : regionCalls[c.region];
    }

    /**
     * Whether the current call of p can leave: false while a partner's post it needs is unknown (in
     * every model alike: they wait for the same posts). Sets per model j when it leaves,
     * {@code leaves[j]}, and the wait inside it, {@code waits[j]}.
     */
    final boolean complete(int p, ActivityCursor c) {
        int from = p * models;
        double measured = (c.leave - c.enter) * tick;
        for (int j = 0; j < models; j++) {
            leaves[j] = enter[from + j];
            waitedUntil[j] = enter[from + j];
        }
        if (c.events == 0) {
            for (int j = 0; j < models; j++) {
                leaves[j] = enter[from + j] + measured;
                waits[j] = 0;
            }
            return true;
        }
        MpiCall kind = call(c);
        boolean blocking = kind == MpiCall.BLOCKING_SEND || kind == MpiCall.SENDRECV;
        long eager = params[0].eagerLimit();
        if (postingCall(c)) { // it leaves after its measured duration (a send: o at least)
            for (int j = 0; j < models; j++) {
                leaves[j] = enter[from + j] + postDuration(j, measured);
            }
        }
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            int type = c.type[i];
            if (type == LocationActivities.RECEIVE_POST
                    || ((type == LocationActivities.SEND || type == LocationActivities.SEND_COMPLETE)
                        && (ch < 0 || (type == LocationActivities.SEND ? eagerSend(c.region, c.bytes[i]) : SendMode.ofOrdinal(c.detail[i]).eager(c.bytes[i], eager))
                            || (type == LocationActivities.SEND && !blocking)))) {
                if (type == LocationActivities.SEND) { // its send overhead o (a send without a receive too: delays-4
                    // --region MPI_Send kept one such send and was predicted 0 s, speed-up inf, against 12.9 us)
                    for (int j = 0; j < models; j++) {
                        leaves[j] = Math.max(leaves[j], enter[from + j] + params[j].sendOverhead());
                    }
                }
                continue; // posting (MPI_Irecv leaves at its enter); an eager, unmatched or non-blocking send completes at its post
            }
            int slot = ch < 0 || type == LocationActivities.COLLECTIVE ? -1 : posts.slotOf(c, i);
            int known = ch < 0 ? UNMATCHED : type == LocationActivities.COLLECTIVE ? collectiveKnown(ch, c.at[i]) : postKnown(type, ch, slot);
            if (known == UNKNOWN && !forced[p]) {
                awaitWhat[p] = type == LocationActivities.COLLECTIVE ? AWAIT_INSTANCE : type == LocationActivities.RECEIVE ? AWAIT_SEND : AWAIT_RECEIVE;
                awaitChannel[p] = ch;
                awaitAt[p] = c.at[i];
                return false;
            }
            if (known == KNOWN) {
                arrival(p, c, i, from, slot);
            } else if (known == UNKNOWN && type != LocationActivities.RECEIVE && type != LocationActivities.COLLECTIVE) {
                if (slot >= 0) { // a rendezvous send let through a cycle: it goes eagerly, for its receiver too
                    sentEagerly(ch, c.at[i], slot);
                }
            } else if (type == LocationActivities.RECEIVE || type == LocationActivities.COLLECTIVE) {
                for (int j = 0; j < models; j++) { // unmatched, or let through a cycle: the measured duration
                    leaves[j] = Math.max(leaves[j], enter[from + j] + measured);
                }
            }
        }
        for (int j = 0; j < models; j++) {
            waits[j] = Math.max(0, Math.min(waitedUntil[j], leaves[j]) - enter[from + j]);
        }
        return true;
    }

    private static final int KNOWN = 0, UNKNOWN = 1, UNMATCHED = 2;

    /**
     * Whether the post a send (its receive's) or a receive (its send's) waits for is known, in model 0 as in all;
     * {@code slot} is where the message is kept ({@link MessagePosts#slot}, -1: forgotten).
     */
    private int postKnown(int type, int ch, int slot) {
        if (slot < 0) {
            return UNKNOWN;
        }
        double t = type == LocationActivities.RECEIVE ? posts.sendAt(ch, slot, 0) : posts.receiveAt(ch, slot, 0);
        return Double.isNaN(t) ? UNKNOWN : KNOWN;
    }

    private int collectiveKnown(int ch, long k) {
        if (owner == null) {
            return instances.full(ch, k) ? KNOWN : UNKNOWN;
        }
        boolean full;
        synchronized (instances) {
            full = instances.full(ch, k);
        }
        if (full) {
            // seen here before its news came: read what its members' workers handed over before it (as
            // one thread would have), e.g. a send let through a cycle as an eager one
            drain();
        }
        return full ? KNOWN : UNKNOWN;
    }

    /** Event i of p's call, whose partners' posts are known (a message's kept at {@code slot}): when it completes in each model. */
    private void arrival(int p, ActivityCursor c, int i, int from, int slot) {
        int ch = c.match[i];
        long k = c.at[i];
        long bytes = c.bytes[i];
        int type = c.type[i];
        if (type == LocationActivities.COLLECTIVE) {
            CollectiveFamily family = CollectiveFamily.of(c, i);
            int v = family != null && family.rooted() ? instances.tree.relative(ch, p, c.sequence[i]) : -1;
            if (owner == null) {
                instances.complete(ch, k, family, v, params, enter, from, leaves, waitedUntil);
            } else {
                synchronized (instances) {
                    instances.complete(ch, k, family, v, params, enter, from, leaves, waitedUntil);
                }
            }
            for (int j = 0; j < models; j++) { // the run's last collective releases p at its measured lag (FinalRelease)
                FinalRelease last = this.params[j].finalRelease();
                leaves[j] += last == null ? 0 : last.lag(p, ch, k);
            }
            return;
        }
        // a receive's message comes from its channel's sender; a send's (or its completion's) goes to its receiver
        int sender = type == LocationActivities.RECEIVE ? m.channelSender[ch] : p;
        int receiver = type == LocationActivities.RECEIVE ? p : m.channelReceiver[ch];
        double shared = oneModel ? ReplayCosts.message(this.params[0], sender, receiver, bytes, shares, ch, k) : 0;
        for (int j = 0; j < models; j++) {
            ReplayParameters params = this.params[j];
            double e = enter[from + j];
            double cost = oneModel ? shared : ReplayCosts.message(params, sender, receiver, bytes, shares, ch, k);
            double start, done;
            if (type == LocationActivities.SEND) {
                start = posts.receiveAt(ch, slot, j);
                done = Math.max(e, start) + cost;
            } else if (type == LocationActivities.RECEIVE) {
                start = posts.sendAt(ch, slot, j);
                double from2 = bytes < params.eagerLimit() || posts.sentEagerlyAt(ch, slot) ? start : Math.max(start, posts.receiveAt(ch, slot, j));
                done = from2 + cost;
            } else {
                start = posts.receiveAt(ch, slot, j);
                done = Math.max(posts.sendAt(ch, slot, j), start) + cost;
            }
            leaves[j] = Math.max(leaves[j], done);
            waitedUntil[j] = Math.max(waitedUntil[j], start);
        }
    }

}
