package org.igtrace.core.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

    private final ReplayMatching m;
    private final ReplayParameters params;
    private final double tick;
    private final double[] offsets;

    private final double[] post;
    private final int[] arrived;
    private final double[] latestEnter;
    private final long[] largestSent;

    private final int[] cursor;
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
        post = new double[m.partner.length];
        Arrays.fill(post, Double.NaN);
        arrived = new int[m.instanceSize.length];
        latestEnter = new double[m.instanceSize.length];
        Arrays.fill(latestEnter, Double.NEGATIVE_INFINITY);
        largestSent = new long[m.instanceSize.length];
        cursor = new int[n];
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
                cursor[p] = m.firstCall[p];
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

    /** Runs process p until it stalls or ends; true when it ended. */
    private boolean advance(int p) {
        LocationActivities l = m.run.process(p);
        while (true) {
            int c = cursor[p];
            if (!entered[p]) {
                long until = c < m.endCall[p] ? l.callEnter[c] : l.endTicks();
                double burst = Math.max(0, until - previousLeave[p]) * tick / params.cpuRatio();
                clock[p] += burst;
                compute[p] += burst;
                if (c >= m.endCall[p]) {
                    done[p] = true;
                    return true;
                }
                entered[p] = true;
                enter[p] = clock[p];
                publish(p, l, c);
            }
            double leave = complete(p, l, c);
            if (Double.isNaN(leave)) {
                return false;
            }
            mpi[p] += leave - enter[p];
            waiting[p] += callWait;
            clock[p] = leave;
            previousLeave[p] = l.callLeave[c];
            cursor[p] = c + 1;
            entered[p] = false;
            forced[p] = false;
        }
    }

    private int global(int p, int op) {
        return (int) (m.base[p] + op);
    }

    /**
     * The call's enter is the post of its sends and receives (a receive with an MPI_Irecv post was
     * posted at that call's enter instead) and its arrival at its collectives.
     */
    private void publish(int p, LocationActivities l, int c) {
        double e = enter[p];
        for (int i = l.firstOp(c), end = l.endOp(c); i < end; i++) {
            int g = global(p, i);
            switch (l.opKind[i]) {
                case LocationActivities.COLLECTIVE -> arrive(m.instance[g], e, l, i);
                case LocationActivities.RECEIVE_POST -> {
                    post[g] = e;
                    int receive = l.opLink[i];
                    if (receive >= 0) {
                        post[global(p, receive)] = e;
                        wakePartner(l, receive, global(p, receive));
                    }
                }
                case LocationActivities.SEND, LocationActivities.RECEIVE -> {
                    if (Double.isNaN(post[g])) {
                        post[g] = e;
                        wakePartner(l, i, g);
                    }
                }
                default -> {
                }
            }
        }
    }

    private void wakePartner(LocationActivities l, int op, int g) {
        if (m.partner[g] >= 0) {
            wake(l.opPeer[op]);
        }
    }

    private void arrive(int inst, double e, LocationActivities l, int i) {
        if (inst < 0) {
            return;
        }
        arrived[inst]++;
        latestEnter[inst] = Math.max(latestEnter[inst], e);
        largestSent[inst] = Math.max(largestSent[inst], l.opBytes[i]);
        if (arrived[inst] == m.instanceSize[inst]) {
            for (int member : m.run.definitions.communicatorMembers(l.opComm[i])) {
                wake(member);
            }
        }
    }

    /** When call c of p leaves, or NaN while a partner's post is unknown. Sets {@link #callWait}. */
    private double complete(int p, LocationActivities l, int c) {
        double e = enter[p];
        double measured = (l.callLeave[c] - l.callEnter[c]) * tick;
        int first = l.firstOp(c), end = l.endOp(c);
        if (first == end) {
            callWait = 0;
            return e + measured;
        }
        boolean blocking = l.call(c) == MpiCall.BLOCKING_SEND || l.call(c) == MpiCall.SENDRECV;
        double leave = e, waitedUntil = e;
        for (int i = first; i < end; i++) {
            int g = global(p, i);
            byte kind = l.opKind[i];
            if (kind == LocationActivities.SEND) {
                int r = m.partner[g];
                if (r < 0 || l.opBytes[i] < params.eagerLimit() || !blocking) {
                    continue; // eager, unmatched or posted by a non-blocking call: completes at its post
                }
                if (Double.isNaN(post[r])) {
                    if (forced[p]) {
                        continue;
                    }
                    return Double.NaN;
                }
                leave = Math.max(leave, Math.max(e, post[r]) + params.transfer(p, l.opPeer[i], l.opBytes[i]));
                waitedUntil = Math.max(waitedUntil, post[r]);
            } else if (kind == LocationActivities.RECEIVE) {
                int s = m.partner[g];
                if (s < 0 || (Double.isNaN(post[s]) && forced[p])) {
                    leave = Math.max(leave, e + measured);
                    continue;
                }
                if (Double.isNaN(post[s])) {
                    return Double.NaN;
                }
                long bytes = l.opBytes[i];
                double from = bytes < params.eagerLimit() ? post[s] : Math.max(post[s], post[g]);
                leave = Math.max(leave, from + params.transfer(l.opPeer[i], p, bytes));
                waitedUntil = Math.max(waitedUntil, post[s]);
            } else if (kind == LocationActivities.SEND_COMPLETE) {
                int send = l.opLink[i], sg = global(p, send), r = m.partner[sg];
                if (r < 0 || l.opBytes[send] < params.eagerLimit()) {
                    continue; // an eager or unmatched send completed at its post
                }
                if (Double.isNaN(post[r])) {
                    if (forced[p]) {
                        continue;
                    }
                    return Double.NaN;
                }
                leave = Math.max(leave, Math.max(post[sg], post[r]) + params.transfer(p, l.opPeer[send], l.opBytes[send]));
                waitedUntil = Math.max(waitedUntil, post[r]);
            } else if (kind == LocationActivities.RECEIVE_POST) {
                continue; // posting: MPI_Irecv leaves at its enter
            } else {
                int inst = m.instance[g];
                if (inst < 0 || !m.complete(inst) || (arrived[inst] < m.instanceSize[inst] && forced[p])) {
                    leave = Math.max(leave, e + measured);
                    continue;
                }
                if (arrived[inst] < m.instanceSize[inst]) {
                    return Double.NaN;
                }
                double start = latestEnter[inst];
                leave = Math.max(leave, start + cost(KINDS[l.opTag[i]], l.isAlltoall(c), m.instanceSize[inst], largestSent[inst]));
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
