package org.igtrace.core.replay;

import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * One discrete-event replay on a model machine (definitions section 9): the scheduling and the breaking of
 * cycles. What a call does is {@link ReplayCalls}'s, what it costs {@link ReplayCosts}'s, and the split among
 * threads {@link ReplayCrew}'s and {@link ReplayWorker}'s. Each process advances its own
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
final class ReplaySimulation extends ReplayCalls {

    ReplaySimulation(ReplayMatching matching, ReplayParameters params, double[] offsetSeconds) {
        this(matching, new ReplayParameters[] {params}, offsetSeconds);
    }

    /** A replay of every model in {@code params} at once: they must have one eager limit. */
    ReplaySimulation(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds) {
        this(matching, params, offsetSeconds, null);
    }

    /** As above, handing the calibration's transfers to {@code transfers} as the replay meets them (null: none). */
    ReplaySimulation(ReplayMatching matching, ReplayParameters[] params, double[] offsetSeconds, TransferTimes transfers) {
        super(matching, params, offsetSeconds, transfers);
    }

    /** A worker of a replay on several threads: see {@link ReplayState#ReplayState(ReplayState, TransferTimes)}. */
    ReplaySimulation(ReplaySimulation shared, TransferTimes transfers) {
        super(shared, transfers);
    }

    /** Each model's compute bursts scaled by its own entry of {@code s} (null: as measured); run on one thread. */
    ReplaySimulation scaled(ComputeScaling... s) {
        scaleBursts(s);
        return this;
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

    /**
     * The replay on this thread alone; false when the models would let different calls through a cycle. When the
     * replay's {@link #cancelledBy} says so (a replay made ahead whose result is no longer wanted), it ends with a
     * {@link CancellationException}.
     */
    private boolean replayAlone() {
        for (int turns = 1; remaining > 0; turns++) {
            if (queueSize == 0 && !force()) {
                return false;
            }
            if ((turns & CHECK_EVERY) == 0 && cancelled.getAsBoolean()) {
                throw new CancellationException("replay cancelled");
            }
            takeTurn();
        }
        return true;
    }

    /** The turns between two looks at {@link #cancelled}, less one (a power of two less one). */
    private static final int CHECK_EVERY = 4095;

    /** Whether the replay's result is no longer wanted (looked at every {@link #CHECK_EVERY} + 1 turns on one thread). */
    private BooleanSupplier cancelled = () -> false;

    /**
     * Lets {@code cancelled} end a replay on one thread early ({@link CancellationException}) once it says true (not an
     * interrupt: a thread interrupted while it reads the recorded run from its file would close that file for every reader).
     */
    ReplaySimulation cancelledBy(BooleanSupplier cancelled) {
        this.cancelled = cancelled;
        return this;
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
    @Override
    boolean advance(int p) {
        ActivityCursor c = cursor[p];
        for (int turn = 0; ; turn++) {
            if (!entered[p]) {
                if (turn == QUANTUM) {
                    wake(p);
                    return false;
                }
                boolean more = callsLeft[p] > 0 && c.next();
                computeUntil(p, more ? c.enter : m.run.process(p).endTicks());
                if (!more) {
                    done[p] = true;
                    return true;
                }
                callsLeft[p]--;
                if (enterCall(p, c)) {
                    continue;
                }
            }
            if (!complete(p, c)) {
                return false;
            }
            leaveCall(p, c);
        }
    }
}
