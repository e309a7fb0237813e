package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MessageLengths;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * In front of a location's {@link LocationActivities}: a blocking probe ({@code MPI_Probe}, {@code MPI_Mprobe}) that is
 * an outermost MPI call outside {@code MPI_Init} and {@code MPI_Finalize}, followed by a blocking receive ({@code MPI_Recv},
 * {@code MPI_Mrecv}; only regions of user code between them) of an eager-sized message, is replayed as the receive that
 * waited (definitions section 9): the probe's span [enter, leave] becomes a receive call holding the message, the user
 * code after it stays as it was, and the receive itself becomes a call with no message, kept for its measured length.
 * The probe waited for the message and records no event of it; replayed for its measured time, it kept its wait whatever
 * the sender did (a what-if that starts the sender earlier gained nothing). Of several probes before the receive the
 * first waited (as the wait analysis takes it): the later ones stay calls of their own. A rendezvous-sized message (the
 * eager limit or more) leaves the probe and the receive as they were: its sender waits for the receive itself. So does a
 * probe followed by anything else (another MPI call, a message outside a call, more than {@value #HELD_EVENTS} regions
 * or probes, the location's end).
 */
final class ProbeMerge implements LocationEvents {
    /** Region events of user code held between a probe and its receive at most; beyond, the probe is passed on as it was. */
    static final int HELD_EVENTS = 64;
    private static final int NONE = 0, PROBING = 1, HELD = 2, IN_RECEIVE = 3;

    private final TraceDefinitions definitions;
    private final LocationEvents next;
    private final long eagerLimit;
    /** MPI calls open (outside MPI_Init and MPI_Finalize), and MPI_Init and MPI_Finalize open. */
    private int depth;
    private int environment;
    private int state;
    private int probe;
    private long probeEnter;
    private long probeLeave;
    private int receiveRegion;
    private long receiveEnter;
    /** The user code's region events held since the probe's leave: enter (region + 1) or leave (-(region + 1)), and time. */
    private int[] heldRegions = new int[8];
    private long[] heldTimes = new long[8];
    private int held;

    /**
     * @param definitions the trace's definitions
     * @param next        the location's activities
     * @param eagerLimit  the eager limit E of the replay, bytes: a message of E bytes or more is not merged
     */
    ProbeMerge(TraceDefinitions definitions, LocationEvents next, long eagerLimit) {
        this.definitions = definitions;
        this.next = next;
        this.eagerLimit = eagerLimit;
    }

    /** Whether the trace defines a blocking probe: only then is the merge put in front of the activities. */
    static boolean needed(TraceDefinitions definitions) {
        for (int r = 0; r < definitions.regionCount(); r++) {
            if (definitions.isBlockingProbe(r)) {
                return true;
            }
        }
        return false;
    }

    /** Passes the probe and what was held after it on as they were recorded. */
    private void release() {
        if (state == NONE) {
            return;
        }
        next.enter(probeEnter, probe);
        if (state != PROBING) {
            next.leave(probeLeave, probe);
            replayHeld();
            if (state == IN_RECEIVE) {
                next.enter(receiveEnter, receiveRegion);
            }
        }
        state = NONE;
    }

    private void replayHeld() {
        for (int i = 0; i < held; i++) {
            if (heldRegions[i] > 0) {
                next.enter(heldTimes[i], heldRegions[i] - 1);
            } else {
                next.leave(heldTimes[i], -heldRegions[i] - 1);
            }
        }
        held = 0;
    }

    /** The probe's span as the receive call holding the message, the user code after it, then the receive's own enter. */
    private void merge(int region, int sender, int communicator, int tag, long bytes, long enter) {
        next.enter(probeEnter, region);
        next.receive(probeLeave, sender, communicator, tag, bytes);
        next.leave(probeLeave, region);
        replayHeld();
        next.enter(enter, region);
        state = NONE;
    }

    private boolean eager(long bytes) {
        return (MessageLengths.impossible(bytes) ? 0 : bytes) < eagerLimit; // replayed as 0 bytes (LocationActivities)
    }

    private boolean blockingReceive(int region) {
        return definitions.isMpiCall(region) && definitions.mpiCall(region) == MpiCall.BLOCKING_RECEIVE;
    }

    private boolean hold(int region, long time) {
        if (held == HELD_EVENTS) {
            return false;
        }
        if (held == heldRegions.length) {
            heldRegions = Arrays.copyOf(heldRegions, held * 2);
            heldTimes = Arrays.copyOf(heldTimes, held * 2);
        }
        heldRegions[held] = region;
        heldTimes[held++] = time;
        return true;
    }

    @Override
    public void enter(long time, int region) {
        boolean mpi = definitions.isMpiCall(region);
        boolean outermost = mpi && depth == 0 && environment == 0;
        boolean environmentCall = !mpi && definitions.regionKind(region) == RegionKind.ENVIRONMENT;
        if (mpi) {
            depth++;
        } else if (environmentCall) {
            environment++;
        }
        // held after the probe: user code, and a later blocking probe (the first one waited: section 8), a call of its own
        if (state == HELD && (!mpi && !environmentCall || outermost && definitions.isBlockingProbe(region)) && hold(region + 1, time)) {
            return;
        }
        if (state == HELD && blockingReceive(region)) {
            state = IN_RECEIVE;
            receiveRegion = region;
            receiveEnter = time;
            return;
        }
        release();
        if (outermost && definitions.isBlockingProbe(region)) {
            state = PROBING;
            probe = region;
            probeEnter = time;
            return;
        }
        next.enter(time, region);
    }

    @Override
    public void leave(long time, int region) {
        boolean mpi = definitions.isMpiCall(region);
        boolean environmentCall = !mpi && definitions.regionKind(region) == RegionKind.ENVIRONMENT;
        if (mpi) {
            depth = Math.max(0, depth - 1);
        } else if (environmentCall) {
            environment = Math.max(0, environment - 1);
        }
        if (state == HELD && (!mpi && !environmentCall || depth == 0 && definitions.isBlockingProbe(region)) && hold(-(region + 1), time)) {
            return;
        }
        if (state == PROBING && region == probe) {
            state = HELD;
            probeLeave = time;
            return;
        }
        release();
        next.leave(time, region);
    }

    @Override
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        if (state == IN_RECEIVE && eager(bytes)) {
            merge(receiveRegion, sender, communicator, tag, bytes, receiveEnter);
            return;
        }
        release();
        next.receive(time, sender, communicator, tag, bytes);
    }

    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
        if (state == HELD && blockingReceive(region) && eager(bytes) && depth == 0) {
            merge(region, sender, communicator, tag, bytes, enter);
            next.leave(leave, region);
            return;
        }
        release();
        next.receiveCall(enter, region, time, sender, communicator, tag, bytes, leave);
    }

    @Override
    public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long bytes, long leave) {
        release();
        next.sendCall(enter, region, time, receiver, communicator, tag, bytes, leave);
    }

    @Override
    public void send(long time, int receiver, int communicator, int tag, long bytes) {
        release();
        next.send(time, receiver, communicator, tag, bytes);
    }

    @Override
    public void collective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        release();
        next.collective(time, kind, communicator, root, sent, received);
    }

    @Override
    public void nonBlockingCollective(long time, CollectiveKind kind, int communicator, int root, long sent, long received) {
        release();
        next.nonBlockingCollective(time, kind, communicator, root, sent, received);
    }

    @Override
    public void isend(long time, int receiver, int communicator, int tag, long bytes, long request) {
        release();
        next.isend(time, receiver, communicator, tag, bytes, request);
    }

    @Override
    public void irecv(long time, int sender, int communicator, int tag, long bytes, long request) {
        release();
        next.irecv(time, sender, communicator, tag, bytes, request);
    }

    @Override
    public void isendComplete(long time, long request) {
        release();
        next.isendComplete(time, request);
    }

    @Override
    public void irecvRequest(long time, long request) {
        release();
        next.irecvRequest(time, request);
    }

    @Override
    public void outsideMessage(long time, boolean send, int partner, int communicator, int tag) {
        release();
        next.outsideMessage(time, send, partner, communicator, tag);
    }

    @Override
    public void outsideCollective(long time, CollectiveKind kind, int communicator, int root) {
        release();
        next.outsideCollective(time, kind, communicator, root);
    }

    @Override
    public void messageToUnselected(long time) {
        release();
        next.messageToUnselected(time);
    }

    @Override
    public void receiveFromUnselected(long time) {
        release();
        next.receiveFromUnselected(time);
    }

    @Override
    public void measurement(long time, boolean on) {
        release();
        next.measurement(time, on);
    }

    @Override
    public void threadFork(long time, boolean fork) {
        release();
        next.threadFork(time, fork);
    }

    @Override
    public void end() {
        release();
        next.end();
    }
}
