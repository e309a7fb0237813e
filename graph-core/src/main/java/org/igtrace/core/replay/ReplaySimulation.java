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
 * earliest is forced: its rendezvous sends complete as eager ones and its unknown partners keep
 * the call's measured duration; the note counts such calls.
 */
final class ReplaySimulation {
    private static final CollectiveKind[] KINDS = CollectiveKind.values();
    /** Calls a process replays before the others get their turn: bounds how far one runs ahead of its partners. */
    static final int QUANTUM = 64;

    private final ReplayMatching m;
    private final ReplayParameters params;
    private final double tick;
    private final double[] offsets;
    private final MpiCall[] regionCalls;
    private final boolean[] regionAlltoall;

    private final MessagePosts posts;
    private final CollectiveArrivals instances;

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
    private double callWait;

    private final int[] queue;
    private int queueHead;
    private int queueSize;
    private final boolean[] queued;
    private long forcedCalls;

    ReplaySimulation(ReplayMatching matching, ReplayParameters params, double[] offsetSeconds) {
        this.m = matching;
        this.params = params;
        this.tick = 1.0 / matching.run.definitions.ticksPerSecond();
        int n = matching.run.processCount();
        this.offsets = Arrays.copyOf(offsetSeconds, n);
        TraceDefinitions d = matching.run.definitions;
        regionCalls = new MpiCall[d.regionCount()];
        regionAlltoall = new boolean[d.regionCount()];
        for (int r = 0; r < regionCalls.length; r++) {
            regionCalls[r] = d.mpiCall(r);
            String name = d.regionName(r);
            regionAlltoall[r] = name.startsWith("MPI_Alltoall") || name.startsWith("MPI_Ialltoall");
        }
        posts = new MessagePosts(m.channels);
        instances = new CollectiveArrivals(m.communicatorSize);
        cursor = new ActivityCursor[n];
        collectives = new long[n][];
        callsLeft = new long[n];
        entered = new boolean[n];
        done = new boolean[n];
        forced = new boolean[n];
        clock = new double[n];
        enter = new double[n];
        previousLeave = new long[n];
        startAt = new double[n];
        compute = new double[n];
        mpi = new double[n];
        waiting = new double[n];
        queue = new int[n];
        queued = new boolean[n];
    }

    /** Corrected measured time of process p's tick t, seconds. */
    private double corrected(int p, long t) {
        return (t - m.origin) * tick + offsets[p];
    }

    Prediction run() {
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
        int remaining = 0;
        for (int p = 0; p < n; p++) {
            LocationActivities l = m.run.process(p);
            if (l != null) {
                startAt[p] = corrected(p, l.start()) - earliest;
                clock[p] = startAt[p];
                previousLeave[p] = l.start();
                cursor[p] = m.window(p);
                collectives[p] = new long[m.communicatorSize.length];
                callsLeft[p] = m.endCall[p] - m.firstCall[p];
                remaining++;
                wake(p);
            }
        }
        while (remaining > 0) {
            if (queueSize == 0) {
                force();
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
        return result(n, earliest, latest);
    }

    private Prediction result(int n, double earliest, double latest) {
        List<Prediction.ProcessPrediction> rows = new ArrayList<>();
        double predicted = 0;
        for (int p = 0; p < n; p++) {
            if (m.run.process(p) != null) {
                predicted = Math.max(predicted, clock[p]);
                rows.add(new Prediction.ProcessPrediction(p, clock[p] - startAt[p], compute[p], mpi[p], waiting[p], clock[p]));
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
        if (forcedCalls > 0) {
            notes.add(forcedCalls + " calls waited on each other in a cycle (the real run buffered a message the model sends"
                    + " by rendezvous): the earliest was let through with eager completion or its measured duration");
        }
        double measured = rows.isEmpty() ? 0 : latest - earliest;
        return new Prediction(measured, predicted, params, rows, notes);
    }

    private void wake(int p) {
        if (!queued[p] && !done[p]) {
            queued[p] = true;
            queue[(queueHead + queueSize) % queue.length] = p;
            queueSize++;
        }
    }

    /** Every unfinished process stalls: let the one that entered its call earliest through. */
    private void force() {
        int best = -1;
        for (int p = 0; p < done.length; p++) {
            if (!done[p] && entered[p] && (best < 0 || enter[p] < enter[best])) {
                best = p;
            }
        }
        if (best < 0) {
            throw new IllegalStateException("replay stalled with no call to let through");
        }
        forced[best] = true;
        forcedCalls++;
        wake(best);
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
                double burst = Math.max(0, until - previousLeave[p]) * tick / params.cpuRatio();
                clock[p] += burst;
                compute[p] += burst;
                if (!more) {
                    done[p] = true;
                    return true;
                }
                callsLeft[p]--;
                m.resolve(p, c, collectives[p]);
                entered[p] = true;
                enter[p] = clock[p];
                publish(p, c);
            }
            double leave = complete(p, c);
            if (Double.isNaN(leave)) {
                return false;
            }
            mpi[p] += leave - enter[p];
            waiting[p] += callWait;
            clock[p] = leave;
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
        double e = enter[p];
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            if (ch < 0) {
                continue;
            }
            long k = c.at[i];
            switch (c.type[i]) {
                case LocationActivities.COLLECTIVE -> {
                    if (instances.arrive(ch, k, e, c.bytes[i])) {
                        for (int member : m.run.definitions.communicatorMembers(ch)) {
                            wake(member);
                        }
                    }
                }
                case LocationActivities.RECEIVE_POST -> {
                    posts.setReceive(ch, k, e);
                    wake(m.channelSender[ch]);
                }
                case LocationActivities.SEND -> {
                    posts.setSend(ch, k, e);
                    wake(m.channelReceiver[ch]);
                }
                case LocationActivities.RECEIVE -> {
                    if (Double.isNaN(posts.receive(ch, k))) {
                        posts.setReceive(ch, k, e);
                        wake(m.channelSender[ch]);
                    }
                }
                default -> {
                }
            }
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
                case LocationActivities.COLLECTIVE -> instances.leave(ch, c.at[i]);
                default -> {
                }
            }
        }
    }

    private MpiCall call(ActivityCursor c) {
        return c.region < 0 ? MpiCall.NONE : regionCalls[c.region];
    }

    /** When the current call of p leaves, or NaN while a partner's post is unknown. Sets {@link #callWait}. */
    private double complete(int p, ActivityCursor c) {
        double e = enter[p];
        double measured = (c.leave - c.enter) * tick;
        if (c.events == 0) {
            callWait = 0;
            return e + measured;
        }
        MpiCall kind = call(c);
        boolean blocking = kind == MpiCall.BLOCKING_SEND || kind == MpiCall.SENDRECV;
        double leave = e, waitedUntil = e;
        for (int i = 0; i < c.events; i++) {
            int ch = c.match[i];
            long k = c.at[i];
            int type = c.type[i];
            if (type == LocationActivities.SEND) {
                if (ch < 0 || c.bytes[i] < params.eagerLimit() || !blocking) {
                    continue; // eager, unmatched or posted by a non-blocking call: completes at its post
                }
                double posted = posts.receive(ch, k);
                if (Double.isNaN(posted)) {
                    if (forced[p]) {
                        continue;
                    }
                    return Double.NaN;
                }
                leave = Math.max(leave, Math.max(e, posted) + params.transfer(p, m.channelReceiver[ch], c.bytes[i]));
                waitedUntil = Math.max(waitedUntil, posted);
            } else if (type == LocationActivities.RECEIVE) {
                double sent = ch < 0 ? Double.NaN : posts.send(ch, k);
                if (ch < 0 || (Double.isNaN(sent) && forced[p])) {
                    leave = Math.max(leave, e + measured);
                    continue;
                }
                if (Double.isNaN(sent)) {
                    return Double.NaN;
                }
                long bytes = c.bytes[i];
                double from = bytes < params.eagerLimit() ? sent : Math.max(sent, posts.receive(ch, k));
                leave = Math.max(leave, from + params.transfer(m.channelSender[ch], p, bytes));
                waitedUntil = Math.max(waitedUntil, sent);
            } else if (type == LocationActivities.SEND_COMPLETE) {
                if (ch < 0 || c.bytes[i] < params.eagerLimit()) {
                    continue; // an eager or unmatched send completed at its post
                }
                double posted = posts.receive(ch, k);
                if (Double.isNaN(posted)) {
                    if (forced[p]) {
                        continue;
                    }
                    return Double.NaN;
                }
                leave = Math.max(leave, Math.max(posts.send(ch, k), posted) + params.transfer(p, m.channelReceiver[ch], c.bytes[i]));
                waitedUntil = Math.max(waitedUntil, posted);
            } else if (type == LocationActivities.RECEIVE_POST) {
                continue; // posting: MPI_Irecv leaves at its enter
            } else {
                boolean full = ch >= 0 && instances.full(ch, k);
                if (ch < 0 || (!full && forced[p])) {
                    leave = Math.max(leave, e + measured);
                    continue;
                }
                if (!full) {
                    return Double.NaN;
                }
                double start = instances.latestArrival(ch, k);
                boolean alltoall = c.region >= 0 && regionAlltoall[c.region];
                leave = Math.max(leave, start + cost(KINDS[c.detail[i]], alltoall, m.communicatorSize[ch], instances.largestSent(ch, k)));
                waitedUntil = Math.max(waitedUntil, start);
            }
        }
        callWait = Math.max(0, Math.min(waitedUntil, leave) - e);
        return leave;
    }

    /** definitions section 9's cost of a collective of P members, S the most bytes any member sent, l = ceil(log2 P). */
    double cost(CollectiveKind kind, boolean alltoall, int members, long bytes) {
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
