package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.MpiCall;

/**
 * One discrete-event replay on a model machine (definitions section 9). Each process advances its own
 * simulated clock through its compute bursts (scaled by 1 / r) and MPI calls; a call publishes
 * its enter time as the post time of its sends and receives and as its arrival at a collective
 * instance, and leaves once every operation it completes has completed. A process stalls when it
 * needs a partner's post time not yet known, and is woken when that partner publishes. If every
 * unfinished process stalls (a cycle the real run broke by buffering), the stalled call entered
 * earliest is forced: its rendezvous sends complete as eager ones (and their receivers get them as
 * eager ones, from the send's post) and its unknown partners keep
 * the call's measured duration; the note counts such calls.
 *
 * <p>Several models with one eager limit can be replayed at once: which post a call waits for
 * depends only on the eager limit, so the models stall and resume at the same calls, and the
 * reading of the recorded calls, their matching and the scheduling are shared while each model
 * keeps its own clocks and post times (a model's numbers are the same as in a replay of its own).
 * Only the choice of the call to let through a cycle depends on the clocks: when the models would
 * choose different calls, {@link #run} gives up and returns null.
 */
final class ReplaySimulation {
    private static final CollectiveKind[] KINDS = CollectiveKind.values();
    /** Calls a process replays before the others get their turn: bounds how far one runs ahead of its partners. */
    static final int QUANTUM = 64;

    private final ReplayMatching m;
    /** The models replayed at once; per-model values of process p are at {@code p * models + j}. */
    private final ReplayParameters[] params;
    private final int models;
    private final double tick;
    private final double[] offsets;
    /** Per model, its cpu ratio r (compute bursts are divided by it). */
    private final double[] cpuRatio;
    private final MpiCall[] regionCalls;
    private final boolean[] regionAlltoall;
    /** Whether the commonest calls are taken whole ({@link #simpleCall}); off only to test that it changes nothing. */
    boolean simpleCalls = true;
    /** Per region: whether its call waits for a rendezvous send to be received (MPI_Send, MPI_Sendrecv). */
    private final boolean[] waitsForSend;
    private final long eagerLimit;

    private final MessagePosts posts;
    /** The calibration made in this replay, or null. */
    private final TransferTimes transfers;
    private final CollectiveArrivals instances;

    /**
     * Replayed on several threads ({@link #run(int)}): per process, the worker that replays it (null: one
     * thread replays all); this worker's number; what it hands each other worker and reads from each;
     * the crew that finds a cycle all workers stall in. Each worker keeps the posts of its own
     * processes' messages (of a channel between two workers, each copy one side's, the other side's
     * handed over through the mailboxes) and its own queue; collective instances are shared, under a lock.
     */
    private int[] owner;
    private int me;
    private PostMailbox[] outbox;
    private PostMailbox[] inbox;
    private ReplayCrew crew;
    /** Per process, whether it exchanges messages with a process of another worker (null: one thread). */
    private boolean[] boundary;
    /** Scratch: the workers told an instance is full. */
    private boolean[] told;
    private int remaining;

    private final ActivityCursor[] cursor;
    private final long[][] collectives;
    private final long[] callsLeft;
    private final boolean[] entered;
    private final boolean[] done;
    private final boolean[] forced;
    private final double[] clock;
    private final double[] enter;
    private final long[] previousLeave;
    private final double[] startAt;
    private final double[] compute;
    private final double[] mpi;
    private final double[] waiting;
    /** Set by {@link #complete}, per model: when the call leaves, the latest post it waited for, its wait. */
    private final double[] leaves;
    private final double[] waitedUntil;
    private final double[] waits;

    /**
     * Per stalled process, the post its call waits for (the first unknown one it met): which side
     * ({@link #AWAIT_SEND}: a send's post, {@link #AWAIT_RECEIVE}: a receive's, {@link #AWAIT_INSTANCE}:
     * the last arrival at a collective instance; 0: none), its channel or communicator, its number.
     * Publishing wakes only the process waiting for what was published: a process woken for another
     * post would find its call still waiting.
     */
    private final byte[] awaitWhat;
    private final int[] awaitChannel;
    private final long[] awaitAt;
    private static final byte AWAIT_SEND = 1, AWAIT_RECEIVE = 2, AWAIT_INSTANCE = 3;

    private final int[] queue;
    private int queueHead;
    private int queueSize;
    private final boolean[] queued;
    private long forcedCalls;

    ReplaySimulation(ReplayMatching matching, ReplayParameters params, double[] offsetSeconds) {
        this(matching, new ReplayParameters[] {params}, offsetSeconds);
    }

    /** A replay of every model in {@code params} at once: they must have one eager limit. */
    ReplaySimulation(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds) {
        this(matching, params, offsetSeconds, null);
    }

    /** As above, handing the calibration's transfers to {@code transfers} as the replay meets them (null: none). */
    ReplaySimulation(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds, TransferTimes transfers) {
        for (ReplayParameters p : params) {
            if (p.eagerLimit() != params[0].eagerLimit()) {
                throw new IllegalArgumentException("models replayed at once need one eager limit");
            }
        }
        this.m = matching;
        this.params = params.clone();
        this.models = params.length;
        this.cpuRatio = new double[models];
        for (int j = 0; j < models; j++) {
            cpuRatio[j] = params[j].cpuRatio();
        }
        this.tick = 1.0 / matching.run.definitions.ticksPerSecond();
        int n = matching.run.processCount();
        this.offsets = Arrays.copyOf(offsetSeconds, n);
        TraceDefinitions d = matching.run.definitions;
        regionCalls = new MpiCall[d.regionCount()];
        regionAlltoall = new boolean[d.regionCount()];
        waitsForSend = new boolean[d.regionCount()];
        eagerLimit = params[0].eagerLimit();
        for (int r = 0; r < regionCalls.length; r++) {
            regionCalls[r] = d.mpiCall(r);
            waitsForSend[r] = regionCalls[r] == MpiCall.BLOCKING_SEND || regionCalls[r] == MpiCall.SENDRECV;
            String name = d.regionName(r);
            regionAlltoall[r] = name.startsWith("MPI_Alltoall") || name.startsWith("MPI_Ialltoall");
        }
        leaves = new double[models];
        waitedUntil = new double[models];
        waits = new double[models];
        this.transfers = transfers;
        posts = new MessagePosts(m.channels, models, transfers != null);
        instances = new CollectiveArrivals(m.communicatorSize, models);
        cursor = new ActivityCursor[n];
        collectives = new long[n][];
        callsLeft = new long[n];
        entered = new boolean[n];
        done = new boolean[n];
        forced = new boolean[n];
        clock = new double[n * models];
        enter = new double[n * models];
        previousLeave = new long[n];
        startAt = new double[n];
        compute = new double[n * models];
        mpi = new double[n * models];
        waiting = new double[n * models];
        queue = new int[n];
        queued = new boolean[n];
        awaitWhat = new byte[n];
        awaitChannel = new int[n];
        awaitAt = new long[n];
    }

    /**
     * A worker of a replay on several threads ({@link ReplayCrew}): starts from a copy of the per-process
     * state of {@code shared} and replays its own processes in it (a copy of its own, so that two
     * workers do not write one cache line), with its own message posts, queue and calibration
     * ({@code transfers}, null: none); {@link #handBack} gives the results back.
     */
    ReplaySimulation(ReplaySimulation shared, TransferTimes transfers) {
        m = shared.m;
        params = shared.params;
        models = shared.models;
        cpuRatio = shared.cpuRatio;
        tick = shared.tick;
        offsets = shared.offsets;
        regionCalls = shared.regionCalls;
        regionAlltoall = shared.regionAlltoall;
        waitsForSend = shared.waitsForSend;
        simpleCalls = shared.simpleCalls;
        eagerLimit = shared.eagerLimit;
        leaves = new double[models];
        waitedUntil = new double[models];
        waits = new double[models];
        this.transfers = transfers;
        posts = new MessagePosts(m.channels, models, transfers != null);
        instances = shared.instances;
        cursor = shared.cursor.clone();
        collectives = shared.collectives.clone();
        callsLeft = shared.callsLeft.clone();
        entered = shared.entered.clone();
        done = shared.done.clone();
        forced = shared.forced.clone();
        clock = shared.clock.clone();
        enter = shared.enter.clone();
        previousLeave = shared.previousLeave.clone();
        startAt = shared.startAt;
        compute = shared.compute.clone();
        mpi = shared.mpi.clone();
        waiting = shared.waiting.clone();
        queue = new int[shared.queue.length];
        queued = shared.queued.clone();
        awaitWhat = shared.awaitWhat.clone();
        awaitChannel = shared.awaitChannel.clone();
        awaitAt = shared.awaitAt.clone();
    }

    /** Copies this worker's processes' results into {@code shared}'s state (after the replay). */
    void handBack(ReplaySimulation shared) {
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

    /** Process p's enter of its current call in model j. */
    double enterOf(int p, int j) {
        return enter[p * models + j];
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

    /** Corrected measured time of process p's tick t, seconds. */
    private double corrected(int p, long t) {
        return (t - m.origin) * tick + offsets[p];
    }

    /** The predictions of the models, in their order; null when they would let different calls through a cycle. */
    Prediction[] run() {
        return run(1);
    }

    /**
     * As {@link #run()}, the processes split among up to {@code threads} workers ({@link ReplayCrew}); the
     * numbers are those of one thread's replay.
     */
    Prediction[] run(int threads) {
        int n = m.run.processCount();
        double earliest = Double.POSITIVE_INFINITY, latest = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < n; p++) {
            LocationActivities l = m.run.process(p);
            if (l == null) {
                done[p] = true;
                continue;
            }
            earliest = Math.min(earliest, corrected(p, l.start()));
            latest = Math.max(latest, corrected(p, l.endTicks()));
        }
        remaining = 0;
        for (int p = 0; p < n; p++) {
            LocationActivities l = m.run.process(p);
            if (l != null) {
                startAt[p] = corrected(p, l.start()) - earliest;
                Arrays.fill(clock, p * models, p * models + models, startAt[p]);
                previousLeave[p] = l.start();
                cursor[p] = m.window(p);
                collectives[p] = new long[m.communicatorSize.length];
                callsLeft[p] = m.endCall[p] - m.firstCall[p];
                remaining++;
            }
        }
        int workers = Math.min(Math.min(threads, MAX_WORKERS), remaining / MIN_PROCESSES_PER_WORKER);
        if (workers > 1) {
            ReplayCrew crew = new ReplayCrew(this, workers, transfers);
            if (!crew.replay()) {
                return null;
            }
            forcedCalls = crew.forcedCalls();
        } else {
            for (int p = 0; p < n; p++) {
                if (!done[p]) {
                    wake(p);
                }
            }
            if (!replayAlone()) {
                return null;
            }
        }
        Prediction[] out = new Prediction[models];
        for (int j = 0; j < models; j++) {
            out[j] = result(n, earliest, latest, j);
        }
        return out;
    }

    /**
     * Processes a worker gets at least, and workers at most: with few processes each, or many workers, the
     * workers would mostly wait for each other and hand over most messages (each pair of workers has a mailbox).
     */
    static final int MIN_PROCESSES_PER_WORKER = 4, MAX_WORKERS = 8;

    /** The replay on this thread alone; false when the models would let different calls through a cycle. */
    private boolean replayAlone() {
        int n = queue.length;
        while (remaining > 0) {
            if (queueSize == 0 && !force()) {
                return false;
            }
            int p = queue[queueHead];
            queueHead = (queueHead + 1) % n;
            queueSize--;
            queued[p] = false;
            if (!done[p] && advance(p)) {
                remaining--;
                cursor[p] = null;
                collectives[p] = null;
            }
        }
        return true;
    }

    /**
     * A worker's part of a replay on several threads: runs its processes, reading what the others hand
     * over, until they all ended; false when the crew stopped (an error, or models that disagree on a cycle).
     */
    boolean work() {
        int n = queue.length;
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
            int p = queue[queueHead];
            queueHead = (queueHead + 1) % n;
            queueSize--;
            queued[p] = false;
            if (!done[p] && advance(p)) {
                remaining--;
                cursor[p] = null;
                collectives[p] = null;
            }
        }
        return true;
    }

    /**
     * Turns a worker takes between readings of its mailboxes while it has processes to run: reading a
     * mailbox the other thread has just written moves its cache line over, which on every turn (a call or
     * two of a stencil) cost a tenth of the replay.
     */
    private static final int DRAIN_EVERY = 16;
    private int turnsSinceDrain;

    /** Spins, then yields, while waiting for another worker's posts, before the crew parks this worker. */
    private static final int SPINS = 256, YIELDS = 64;

    private boolean awaitWork() {
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

    /** Whether process q is replayed by another worker. */
    private boolean elsewhere(int q) {
        return owner != null && owner[q] != me;
    }

    int models() {
        return models;
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

    private Prediction result(int n, double earliest, double latest, int j) {
        List<Prediction.ProcessPrediction> rows = new ArrayList<>();
        double predicted = 0;
        for (int p = 0; p < n; p++) {
            if (m.run.process(p) != null) {
                int at = p * models + j;
                predicted = Math.max(predicted, clock[at]);
                rows.add(new Prediction.ProcessPrediction(p, clock[at] - startAt[p], compute[at], mpi[at], waiting[at], clock[at]));
            }
        }
        List<String> notes = new ArrayList<>(m.run.notes());
        if (m.unmatchedSends + m.unmatchedReceives > 0) {
            notes.add(m.unmatchedSends + " sends without a receive complete at their post; " + m.unmatchedReceives
                    + " receives without a send keep their call's measured duration");
        }
        if (m.incompleteInstances > 0) {
            notes.add(m.incompleteInstances + " collective instances not recorded by every member keep their calls' measured durations");
        }
        if (m.givenUpRequests > 0) {
            notes.add(m.givenUpRequests + " non-blocking requests were still open " + (LocationActivities.HOLD_LIMIT >> 20)
                    + " MB of recorded activity after they began: their receives count as posted at the completing call,"
                    + " their sends as completed at their post");
        }
        if (m.gaps > 0) {
            notes.add(m.gaps + " message ends or collective arrivals the selection left out lie between kept ones (--region):"
                    + " each channel's kept messages are matched in their order, so those after such a gap can pair with"
                    + " another message's end");
        }
        if (forcedCalls > 0) {
            notes.add(forcedCalls + " calls waited on each other in a cycle (the real run buffered a message the model sends"
                    + " by rendezvous): the earliest was let through with eager completion or its measured duration");
        }
        double measured = rows.isEmpty() ? 0 : latest - earliest;
        return new Prediction(measured, predicted, params[j], rows, notes);
    }

    /** Wakes p if it waits for the post {@code what} of message (or instance) k of channel (or communicator) {@code ch}. */
    private void wake(int p, byte what, int ch, long k) {
        if (awaitWhat[p] == what && awaitChannel[p] == ch && awaitAt[p] == k) {
            awaitWhat[p] = 0;
            wake(p);
        }
    }

    private void wake(int p) {
        if (!queued[p] && !done[p]) {
            queued[p] = true;
            if (boundary != null && boundary[p]) { // its posts let another worker go on: its turn comes first
                queueHead = (queueHead + queue.length - 1) % queue.length;
                queue[queueHead] = p;
            } else {
                queue[(queueHead + queueSize) % queue.length] = p;
            }
            queueSize++;
        }
    }

    /**
     * Every unfinished process stalls: let the one that entered its call earliest through; false
     * when the models replayed at once would choose different ones.
     */
    private boolean force() {
        int best = earliestStalled(0);
        if (best < 0) {
            throw new IllegalStateException("replay stalled with no call to let through");
        }
        for (int j = 1; j < models; j++) {
            if (earliestStalled(j) != best) {
                return false;
            }
        }
        forced[best] = true;
        forcedCalls++;
        wake(best);
        return true;
    }

    /** The unfinished process inside the call it entered earliest in model j (the lowest rank among equals), -1 none. */
    int earliestStalled(int j) {
        int best = -1;
        for (int p = 0; p < done.length; p++) {
            if (!done[p] && entered[p] && (best < 0 || enter[p * models + j] < enter[best * models + j])) {
                best = p;
            }
        }
        return best;
    }

    /**
     * Runs process p until it stalls, ends, or has replayed {@link #QUANTUM} calls (then it queues
     * again behind the others); true when it ended. The order in which processes take turns does
     * not change any result: a call's times depend only on the values its partners publish.
     */
    private boolean advance(int p) {
        ActivityCursor c = cursor[p];
        for (int turn = 0; ; turn++) {
            if (!entered[p]) {
                if (turn == QUANTUM) {
                    wake(p);
                    return false;
                }
                boolean more = callsLeft[p] > 0 && c.next();
                long until = more ? c.enter : m.run.process(p).endTicks();
                // recording off (definitions section 3) is unknown time, not computation
                double measuredBurst = Math.max(0, until - previousLeave[p] - m.run.process(p).offTicks(previousLeave[p], until)) * tick;
                for (int j = 0, at = p * models; j < models; j++, at++) {
                    double r = cpuRatio[j];
                    double burst = r == 1 ? measuredBurst : measuredBurst / r;
                    clock[at] += burst;
                    compute[at] += burst;
                }
                if (!more) {
                    done[p] = true;
                    return true;
                }
                callsLeft[p]--;
                m.resolve(p, c, collectives[p]);
                for (int j = 0, at = p * models; j < models; j++, at++) {
                    enter[at] = clock[at];
                }
                if (c.events == 1 && simpleCalls && simpleCall(p, c)) {
                    continue;
                }
                entered[p] = true;
                publish(p, c);
            }
            if (!complete(p, c)) {
                return false;
            }
            if (transfers != null && transfers.waits(c.region)) {
                calibrate(p, c);
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
    }

    /**
     * The call's enter is the post of its sends and receives (a receive with an MPI_Irecv post was
     * posted at that call's enter instead) and its arrival at its collectives.
     */
    private void publish(int p, ActivityCursor c) {
        int from = p * models;
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch < 0) {
                continue;
            }
            long k = c.at[i];
            switch (c.type[i]) {
                case LocationActivities.COLLECTIVE -> {
                    if (owner == null) {
                        if (instances.arrive(ch, k, enter, from, c.bytes[i])) {
                            for (int member : m.run.definitions.communicatorMembers(ch)) {
                                wake(member, AWAIT_INSTANCE, ch, k);
                            }
                        }
                    } else {
                        arriveShared(ch, k, from, c.bytes[i]);
                    }
                }
                case LocationActivities.RECEIVE_POST -> {
                    int s = posts.slot(ch, k);
                    if (s >= 0) {
                        for (int j = 0; j < models; j++) {
                            posts.setReceiveAt(ch, s, j, enter[from + j]);
                        }
                    }
                    postReceive(ch, k, s, from);
                }
                case LocationActivities.SEND -> postSend(p, c, ch, k, from);
                case LocationActivities.RECEIVE -> {
                    int s = posts.slot(ch, k);
                    if (s < 0 || Double.isNaN(posts.receiveAt(ch, s, 0))) {
                        if (s >= 0) {
                            for (int j = 0; j < models; j++) {
                                posts.setReceiveAt(ch, s, j, enter[from + j]);
                            }
                        }
                        postReceive(ch, k, s, from);
                    }
                }
                default -> {
                }
            }
        }
    }

    /** The send of message k of channel ch was posted at p's call's enter: its receiver may go on. Returns its slot (-1: forgotten). */
    private int postSend(int p, ActivityCursor c, int ch, long k, int from) {
        int s = posts.slot(ch, k);
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
        int receiver = m.channelReceiver[ch];
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
            if (c.bytes[0] >= eagerLimit && c.region >= 0 && waitsForSend[c.region]) {
                return false;
            }
            int s = postSend(p, c, ch, k, from);
            // it leaves at its enter: the clocks stay; it has no receive to calibrate
            previousLeave[p] = c.leave;
            if (c.detail[0] == 0 && s >= 0) {
                posts.senderDoneAt(ch, s);
            }
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
            postReceive(ch, k, s, from);
        }
        long bytes = c.bytes[0];
        int sender = m.channelSender[ch];
        boolean fromSend = bytes < eagerLimit || posts.sentEagerlyAt(ch, s);
        for (int j = 0, at = from; j < models; j++, at++) {
            double e = enter[at];
            double start = posts.sendAt(ch, s, j);
            double transferFrom = fromSend ? start : Math.max(start, posts.receiveAt(ch, s, j));
            double leave = Math.max(e, transferFrom + params[j].transfer(sender, p, bytes));
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
    private void postReceive(int ch, long k, int s, int from) {
        int sender = m.channelSender[ch];
        if (!elsewhere(sender)) {
            wake(sender, AWAIT_RECEIVE, ch, k);
        } else if (s >= 0) {
            outbox[owner[sender]].put(PostMailbox.RECEIVE_POST, ch, k, enter, from, Double.NaN);
        }
    }

    /**
     * A member arrives at instance k of communicator ch, shared by the workers: the last to arrive wakes the members
     * this worker replays and tells the other workers with members.
     */
    private void arriveShared(int ch, long k, int from, long bytes) {
        boolean full;
        synchronized (instances) {
            full = instances.arrive(ch, k, enter, from, bytes);
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
            int s = posts.slot(ch, c.at[i]);
            double sent = s < 0 ? Double.NaN : posts.measuredSendAt(ch, s);
            transfers.received(ch, c.at[i], callEnter, callLeave, posted, c.bytes[i], sent);
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
                        posts.senderDone(ch, c.at[i]);
                    }
                }
                case LocationActivities.SEND_COMPLETE -> posts.senderDone(ch, c.at[i]);
                case LocationActivities.RECEIVE -> posts.receiverDone(ch, c.at[i]);
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

    private MpiCall call(ActivityCursor c) {
        return c.region < 0 ? MpiCall.NONE : regionCalls[c.region];
    }

    /**
     * Whether the current call of p can leave: false while a partner's post it needs is unknown (in
     * every model alike: they wait for the same posts). Sets per model j when it leaves,
     * {@code leaves[j]}, and the wait inside it, {@code waits[j]}.
     */
    private boolean complete(int p, ActivityCursor c) {
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
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            int type = c.type[i];
            if (type == LocationActivities.RECEIVE_POST
                    || ((type == LocationActivities.SEND || type == LocationActivities.SEND_COMPLETE)
                        && (ch < 0 || c.bytes[i] < eager || (type == LocationActivities.SEND && !blocking)))) {
                continue; // posting (MPI_Irecv leaves at its enter); an eager, unmatched or non-blocking send completes at its post
            }
            int slot = ch < 0 || type == LocationActivities.COLLECTIVE ? -1 : posts.slot(ch, c.at[i]);
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
                    posts.markSentEagerlyAt(ch, slot);
                    int receiver = m.channelReceiver[ch];
                    if (elsewhere(receiver)) {
                        outbox[owner[receiver]].put(PostMailbox.SENT_EAGERLY, ch, c.at[i], null, 0, Double.NaN);
                    }
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
        for (int j = 0; j < models; j++) {
            ReplayParameters params = this.params[j];
            double e = enter[from + j];
            double start, done;
            if (type == LocationActivities.SEND) {
                start = posts.receiveAt(ch, slot, j);
                done = Math.max(e, start) + params.transfer(p, m.channelReceiver[ch], bytes);
            } else if (type == LocationActivities.RECEIVE) {
                start = posts.sendAt(ch, slot, j);
                double from2 = bytes < params.eagerLimit() || posts.sentEagerlyAt(ch, slot) ? start : Math.max(start, posts.receiveAt(ch, slot, j));
                done = from2 + params.transfer(m.channelSender[ch], p, bytes);
            } else if (type == LocationActivities.SEND_COMPLETE) {
                start = posts.receiveAt(ch, slot, j);
                done = Math.max(posts.sendAt(ch, slot, j), start) + params.transfer(p, m.channelReceiver[ch], bytes);
            } else {
                long largest;
                if (owner == null) {
                    start = instances.latestArrival(ch, k, j);
                    largest = instances.largestSent(ch, k);
                } else {
                    synchronized (instances) {
                        start = instances.latestArrival(ch, k, j);
                        largest = instances.largestSent(ch, k);
                    }
                }
                boolean alltoall = c.region >= 0 && regionAlltoall[c.region];
                done = start + cost(params, KINDS[c.detail[i]], alltoall, m.communicatorSize[ch], largest);
            }
            leaves[j] = Math.max(leaves[j], done);
            waitedUntil[j] = Math.max(waitedUntil[j], start);
        }
    }

    /** definitions section 9's cost of a collective of P members, S the most bytes any member sent, l = ceil(log2 P). */
    static double cost(ReplayParameters params, CollectiveKind kind, boolean alltoall, int members, long bytes) {
        int steps = members <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(members - 1);
        return switch (kind) {
            case BARRIER -> steps * params.latency();
            case ONE_TO_ALL, ALL_TO_ONE -> steps * params.plainTransfer(bytes);
            case ALL_TO_ALL -> alltoall
                    ? (members <= 1 ? 0 : (members - 1) * params.plainTransfer((double) bytes / (members - 1)))
                    : 2 * steps * params.plainTransfer(bytes);
            default -> 0;
        };
    }
}
