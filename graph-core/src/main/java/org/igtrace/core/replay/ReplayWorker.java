package org.igtrace.core.replay;

/**
 * A replay worker's side of the protocol of a replay on several threads ({@link ReplayCrew}): which worker
 * replays which process, joining a crew, the worker's loop, and the mailboxes ({@link PostMailbox}) through which
 * it hands the posts of its processes' messages to the other workers and reads theirs. On one thread none of it
 * runs: {@link #owner} stays null and {@link #elsewhere} false.
 */
abstract class ReplayWorker extends ReplayState {
    /**
     * Replayed on several threads ({@link ReplaySimulation#run(int)}): per process, the worker that replays it (null: one
     * thread replays all); this worker's number; what it hands each other worker and reads from each;
     * the crew that finds a cycle all workers stall in. Each worker keeps the posts of its own
     * processes' messages (of a channel between two workers, each copy one side's, the other side's
     * handed over through the mailboxes) and its own queue; collective instances are shared, under a lock.
     */
    int[] owner;
    int me;
    PostMailbox[] outbox;
    PostMailbox[] inbox;
    ReplayCrew crew;
    /** Scratch: the workers told an instance is full. */
    boolean[] told;

    ReplayWorker(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds, TransferTimes transfers) {
        super(matching, params, offsetSeconds, transfers);
    }

    /** A worker of a replay on several threads: see {@link ReplayState#ReplayState(ReplayState, TransferTimes)}. */
    ReplayWorker(ReplayState shared, TransferTimes transfers) {
        super(shared, transfers);
    }

    /** Copies this worker's processes' results into {@code shared}'s state (after the replay). */
    void handBack(ReplayState shared) {
        for (int p = 0; p < owner.length; p++) {
            if (owner[p] == me) {
                for (int j = 0, at = p * models; j < models; j++, at++) {
                    shared.clock[at] = clock[at];
                    shared.compute[at] = compute[at];
                    shared.mpi[at] = mpi[at];
                    shared.waiting[at] = waiting[at];
                }
            }
        }
    }

    /** Joins worker {@code me} of a crew: who replays which process, the mailboxes to and from each worker. */
    void join(ReplayCrew crew, int me, int[] owner, PostMailbox[] outbox, PostMailbox[] inbox) {
        this.crew = crew;
        this.me = me;
        this.owner = owner;
        this.outbox = outbox;
        this.inbox = inbox;
        this.told = new boolean[outbox.length];
        for (int ch = 0; ch < m.channels; ch++) {
            int sender = owner[m.channelSender[ch]], receiver = owner[m.channelReceiver[ch]];
            if (sender != receiver && (sender == me || receiver == me)) {
                posts.remoteSide(ch, sender != me);
                if (boundary == null) {
                    boundary = new boolean[owner.length];
                }
                boundary[sender == me ? m.channelSender[ch] : m.channelReceiver[ch]] = true;
            }
        }
        for (int p = 0; p < owner.length; p++) {
            if (owner[p] == me && !done[p]) {
                remaining++;
                wake(p);
            }
        }
    }

    /**
     * A worker's part of a replay on several threads: runs its processes, reading what the others hand
     * over, until they all ended; false when the crew stopped (an error, or models that disagree on a cycle).
     */
    boolean work() {
        while (remaining > 0) {
            if (crew.stopped()) {
                return false;
            }
            if (++turnsSinceDrain >= DRAIN_EVERY || queueSize == 0) {
                turnsSinceDrain = 0;
                drain();
            }
            if (queueSize == 0) {
                if (!awaitWork()) {
                    return false;
                }
                continue;
            }
            takeTurn();
        }
        return true;
    }

    /**
     * Turns a worker takes between readings of its mailboxes while it has processes to run: reading a
     * mailbox the other thread has just written moves its cache line over, which on every turn (a call or
     * two of a stencil) cost a tenth of the replay.
     */
    static final int DRAIN_EVERY = 16;
    int turnsSinceDrain;

    /** Spins, then yields, while waiting for another worker's posts, before the crew parks this worker. */
    static final int SPINS = 256, YIELDS = 64;

    boolean awaitWork() {
        for (int i = 0; ; ) {
            if (drain() && queueSize > 0) {
                return true;
            }
            if (i < SPINS) {
                Thread.onSpinWait();
            } else if (i < SPINS + YIELDS) {
                Thread.yield();
            } else {
                return crew.idle(this);
            }
            i++;
        }
    }

    /** Reads what the other workers handed over, until nothing more came in a round (so news is read in order). */
    boolean drain() {
        boolean any = false, again;
        do {
            again = false;
            for (PostMailbox box : inbox) {
                if (box != null && box.drainTo(this)) {
                    again = true;
                    any = true;
                }
            }
        } while (again);
        return any;
    }

    /** Whether another worker handed over something not read yet. */
    boolean hasMail() {
        for (PostMailbox box : inbox) {
            if (box != null && box.hasMail()) {
                return true;
            }
        }
        return false;
    }

    boolean hasQueued() {
        return queueSize > 0;
    }

    /** An entry another worker handed over ({@link PostMailbox}): the values of models 0 .. at {@code v[at ..]}. */
    void received(byte kind, int ch, long k, double[] v, int at) {
        switch (kind) {
            case PostMailbox.SEND_POST -> {
                int s = posts.slot(ch, k);
                if (s >= 0) {
                    for (int j = 0; j < models; j++) {
                        posts.setSendAt(ch, s, j, v[at + j]);
                    }
                    if (transfers != null) {
                        posts.setMeasuredSendAt(ch, s, v[at + models]);
                    }
                }
                // a receive let through a cycle before its send was posted waits for it here even when this
                // copy forgot the message (its receiver was done with it; one thread's copy kept it for the sender)
                if (transfers != null && transfers.anyPending()) {
                    transfers.sent(ch, k, v[at + models]);
                }
                wake(m.channelReceiver[ch], AWAIT_SEND, ch, k);
            }
            case PostMailbox.RECEIVE_POST -> {
                int s = posts.slot(ch, k);
                if (s >= 0) {
                    for (int j = 0; j < models; j++) {
                        posts.setReceiveAt(ch, s, j, v[at + j]);
                    }
                    if (transfers != null) {
                        posts.setMeasuredReceiveAt(ch, s, v[at + models]);
                    }
                }
                // a blocking rendezvous send let through a cycle before its MPI_Irecv was posted waits for it here
                if (transfers != null && transfers.anySendPending() && !Double.isNaN(v[at + models])) {
                    transfers.receivePosted(ch, k, v[at + models]);
                }
                wake(m.channelSender[ch], AWAIT_RECEIVE, ch, k);
            }
            case PostMailbox.SENT_EAGERLY -> {
                int s = posts.slot(ch, k);
                if (s >= 0) {
                    posts.markSentEagerlyAt(ch, s);
                }
            }
            case PostMailbox.INSTANCE_FULL -> {
                for (int member : m.run.definitions.communicatorMembers(ch)) {
                    if (owner[member] == me) {
                        wake(member, AWAIT_INSTANCE, ch, k);
                    }
                }
            }
            default -> throw new IllegalStateException("unknown replay mailbox entry " + kind);
        }
    }

    /**
     * Message k of channel ch, kept at slot s, goes eagerly whatever its size (a deadlock broken): marked here, and told to
     * its receiver's worker when another replays it.
     */
    void sentEagerly(int ch, long k, int s) {
        if (s < 0) {
            return;
        }
        posts.markSentEagerlyAt(ch, s);
        int receiver = m.channelReceiver[ch];
        if (elsewhere(receiver)) {
            outbox[owner[receiver]].put(PostMailbox.SENT_EAGERLY, ch, k, null, 0, Double.NaN);
        }
    }

    /** Whether process q is replayed by another worker. */
    boolean elsewhere(int q) {
        return owner != null && owner[q] != me;
    }

    /**
     * Per process, which of {@code count} workers replays it: blocks of consecutive ranks with about as many
     * calls left each (messages go mostly between neighbouring ranks, so few cross between blocks).
     */
    int[] ownersByCalls(int count) {
        int n = callsLeft.length;
        long total = 0;
        for (int p = 0; p < n; p++) {
            total += callsLeft[p];
        }
        int[] owner = new int[n];
        long before = 0;
        for (int p = 0; p < n; p++) {
            // the worker whose share holds the middle of p's calls
            owner[p] = total == 0 ? (int) ((long) p * count / n)
                    : (int) Math.min(count - 1, (2 * before + callsLeft[p]) * count / (2 * total));
            before += callsLeft[p];
        }
        return owner;
    }

    /** Lets the forced process p through its cycle (the crew's choice): queues it here. */
    void letThrough(int p) {
        forced[p] = true;
        wake(p);
    }

}
