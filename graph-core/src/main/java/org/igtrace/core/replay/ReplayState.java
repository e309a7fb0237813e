package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.SendMode;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * The state of a replay ({@link ReplaySimulation}): per process its cursor, simulated clocks and totals per model,
 * what it waits for, the queue of processes to run; the predictions made from it at the end. The jobs on it are
 * each a class of the chain: the worker protocol of a replay on several threads ({@link ReplayWorker}), what a call
 * does ({@link ReplayCalls}), the scheduling and the breaking of cycles ({@link ReplaySimulation}).
 */
abstract class ReplayState {
    /** Calls a process replays before the others get their turn: bounds how far one runs ahead of its partners. */
    static final int QUANTUM = 64;

    final ReplayMatching m;
    /** The models replayed at once; per-model values of process p are at {@code p * models + j}. */
    final ReplayParameters[] params;
    final int models;
    final double tick;
    final double[] offsets;
    /** Per model, its cpu ratio r (compute bursts are divided by it). */
    final double[] cpuRatio;
    final MpiCall[] regionCalls;
    /** Whether the commonest calls are taken whole ({@link ReplayCalls}, a call of one matched event); off only to test that it changes nothing. */
    boolean simpleCalls = true;
    /** Per region: whether its call waits for a rendezvous send to be received (MPI_Send, MPI_Sendrecv). */
    final boolean[] waitsForSend;
    /** Per region: how its blocking sends complete ({@link SendMode}: MPI_Ssend waits for its receive, MPI_Bsend never). */
    final SendMode[] sendModes;
    final long eagerLimit;

    final MessagePosts posts;
    /** Endpoint contention's share per message ({@link EndpointShares}), or null: no model asks for it. */
    final byte[][] shares;
    /** The calibration made in this replay, or null. */
    final TransferTimes transfers;
    final CollectiveArrivals instances;

    /** Per process, whether it exchanges messages with a process of another worker (null: one thread). */
    boolean[] boundary;
    int remaining;

    final ActivityCursor[] cursor;
    final long[][] collectives;
    final long[] callsLeft;
    final boolean[] entered;
    final boolean[] done;
    final boolean[] forced;
    final double[] clock;
    final double[] enter;
    final long[] previousLeave;
    final double[] startAt;
    final double[] compute;
    final double[] mpi;
    final double[] waiting;
    /** Set by {@link ReplayCalls#complete}, per model: when the call leaves, the latest post it waited for, its wait. */
    final double[] leaves;
    final double[] waitedUntil;
    final double[] waits;
    /** Per process, whether its recording was switched off at some time (only then a burst's time off is looked up). */
    final boolean[] recordedOff;

    /**
     * Per stalled process, the post its call waits for (the first unknown one it met): which side
     * ({@link #AWAIT_SEND}: a send's post, {@link #AWAIT_RECEIVE}: a receive's, {@link #AWAIT_INSTANCE}:
     * the last arrival at a collective instance; 0: none), its channel or communicator, its number.
     * Publishing wakes only the process waiting for what was published: a process woken for another
     * post would find its call still waiting.
     */
    final byte[] awaitWhat;
    final int[] awaitChannel;
    final long[] awaitAt;
    static final byte AWAIT_SEND = 1, AWAIT_RECEIVE = 2, AWAIT_INSTANCE = 3;

    final int[] queue;
    int queueHead;
    int queueSize;
    final boolean[] queued;
    long forcedCalls;

    /** As above, handing the calibration's transfers to {@code transfers} as the replay meets them (null: none). */
    ReplayState(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds, TransferTimes transfers) {
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
        waitsForSend = new boolean[d.regionCount()];
        sendModes = new SendMode[d.regionCount()];
        eagerLimit = params[0].eagerLimit();
        for (int r = 0; r < regionCalls.length; r++) {
            regionCalls[r] = d.mpiCall(r);
            waitsForSend[r] = regionCalls[r] == MpiCall.BLOCKING_SEND || regionCalls[r] == MpiCall.SENDRECV;
            sendModes[r] = regionCalls[r] == MpiCall.BLOCKING_SEND ? SendMode.of(d.regionName(r)) : SendMode.STANDARD;
        }
        leaves = new double[models];
        waitedUntil = new double[models];
        waits = new double[models];
        this.transfers = transfers;
        boolean contention = false;
        for (ReplayParameters p : params) {
            contention |= p.contention() && p.bandwidth() < Double.POSITIVE_INFINITY;
        }
        shares = contention ? matching.endpointShares() : null;
        posts = new MessagePosts(m.channels, models, transfers != null);
        instances = new CollectiveArrivals(m.communicatorSize, models, new CollectiveTree(m.run.definitions), m.silentMembers);
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
        recordedOff = new boolean[n];
        for (int p = 0; p < n; p++) {
            LocationActivities l = matching.run.process(p);
            recordedOff[p] = l != null && l.recordingWasOff();
        }
    }

    /**
     * A worker of a replay on several threads ({@link ReplayCrew}): starts from a copy of the per-process
     * state of {@code shared} and replays its own processes in it (a copy of its own, so that two
     * workers do not write one cache line), with its own message posts, queue and calibration
     * ({@code transfers}, null: none); {@link ReplayWorker#handBack} gives the results back.
     */
    ReplayState(ReplayState shared, TransferTimes transfers) {
        m = shared.m;
        params = shared.params;
        models = shared.models;
        cpuRatio = shared.cpuRatio;
        tick = shared.tick;
        offsets = shared.offsets;
        regionCalls = shared.regionCalls;
        waitsForSend = shared.waitsForSend;
        sendModes = shared.sendModes;
        simpleCalls = shared.simpleCalls;
        eagerLimit = shared.eagerLimit;
        leaves = new double[models];
        waitedUntil = new double[models];
        waits = new double[models];
        this.transfers = transfers;
        shares = shared.shares;
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
        recordedOff = shared.recordedOff;
    }

    /** Process p's enter of its current call in model j. */
    double enterOf(int p, int j) {
        return enter[p * models + j];
    }

    /** Corrected measured time of process p's tick t, seconds. */
    double corrected(int p, long t) {
        return (t - m.origin) * tick + offsets[p];
    }

    int models() {
        return models;
    }

    Prediction result(int n, double earliest, double latest, int j) {
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
            notes.add(org.igtrace.core.diagnostic.Diagnostic.count(m.unmatchedSends, "send", "sends") + " without a receive "
                    + (m.unmatchedSends == 1 ? "completes at its post" : "complete at their post") + " (after the send overhead); "
                    + org.igtrace.core.diagnostic.Diagnostic.count(m.unmatchedReceives, "receive", "receives") + " without a send "
                    + (m.unmatchedReceives == 1 ? "keeps its call's measured duration" : "keep their calls' measured durations"));
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
            notes.add(m.gaps + " message ends or collective arrivals the selection left out lie between kept ones (" + org.igtrace.core.diagnostic.Remedy.REGION.named() + "):"
                    + " each channel's kept messages are matched in their order, so those after such a gap can pair with"
                    + " another message's end");
        }
        if (forcedCalls > 0) {
            notes.add(org.igtrace.core.diagnostic.Diagnostic.count(forcedCalls, "call", "calls") + " waited on each other in a cycle (the real run buffered a message the model sends"
                    + " by rendezvous): the earliest was let through with eager completion or its measured duration");
        }
        double measured = rows.isEmpty() ? 0 : latest - earliest;
        return new Prediction(measured, predicted, params[j], rows, notes);
    }

    /** Wakes p if it waits for the post {@code what} of message (or instance) k of channel (or communicator) {@code ch}. */
    void wake(int p, byte what, int ch, long k) {
        if (awaitWhat[p] == what && awaitChannel[p] == ch && awaitAt[p] == k) {
            awaitWhat[p] = 0;
            wake(p);
        }
    }

    void wake(int p) {
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

    /** Gives the process at the head of the queue its turn ({@link #advance}); one that ended leaves the replay. */
    final void takeTurn() {
        int p = queue[queueHead];
        queueHead = (queueHead + 1) % queue.length;
        queueSize--;
        queued[p] = false;
        if (!done[p] && advance(p)) {
            remaining--;
            cursor[p] = null;
            collectives[p] = null;
        }
    }

    /** Runs process p until it stalls, ends, or has replayed its quantum of calls; true when it ended. */
    abstract boolean advance(int p);

    /**
     * Whether a send of {@code bytes} in a call of {@code region} completes without its receive: by its size against the
     * eager limit, but always for an MPI_Bsend and never for an MPI_Ssend ({@link SendMode}).
     */
    final boolean eagerSend(int region, long bytes) {
        return region < 0 ? bytes < eagerLimit : sendModes[region].eager(bytes, eagerLimit);
    }
}
