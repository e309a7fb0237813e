package org.igtrace.core.replay;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.RegionKind;
import org.igtrace.core.trace.TraceDefinitions;

/**
 * In front of a location's {@link LocationActivities}: a blocking probe ({@code MPI_Probe}, {@code MPI_Mprobe}) that is
 * an outermost MPI call and the blocking receive after it ({@code MPI_Recv}, {@code MPI_Mrecv}; only regions of user code
 * between them) become one receive call, from the probe's enter to the receive's leave (definitions section 9). The probe
 * waits for the message and records no event of it; replayed for its measured time, it kept its wait whatever the
 * sender did (a what-if that starts the sender earlier gained nothing), and the receive after it waited for nothing. As
 * one call the receive waits for its message from the probe's start, as it would have without the probe. A probe
 * followed by anything else (another MPI call, a message outside a call, the location's end) is passed on as it was.
 */
final class ProbeMerge implements LocationEvents {
    private final TraceDefinitions definitions;
    private final LocationEvents next;
    /** MPI calls open (outside MPI_Init and MPI_Finalize). */
    private int depth;
    /** 0: no probe held; 1: a probe entered, not left; 2: a probe left, waiting for the call after it. */
    private int held;
    private int probe;
    private long probeEnter;
    private long probeLeave;

    ProbeMerge(TraceDefinitions definitions, LocationEvents next) {
        this.definitions = definitions;
        this.next = next;
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

    /** Passes the probe held on as it was recorded. */
    private void release() {
        if (held > 0) {
            next.enter(probeEnter, probe);
            if (held == 2) {
                next.leave(probeLeave, probe);
            }
            held = 0;
        }
    }

    private boolean blockingReceive(int region) {
        return definitions.isMpiCall(region) && definitions.mpiCall(region) == MpiCall.BLOCKING_RECEIVE;
    }

    @Override
    public void enter(long time, int region) {
        boolean mpi = definitions.isMpiCall(region);
        if (held == 2 && blockingReceive(region)) {
            held = 0;
            depth++;
            next.enter(probeEnter, region);
            return;
        }
        if (held == 1 || held == 2 && (mpi || definitions.regionKind(region) == RegionKind.ENVIRONMENT)) {
            release();
        }
        if (mpi && depth++ == 0 && definitions.isBlockingProbe(region)) {
            held = 1;
            probe = region;
            probeEnter = time;
            return;
        }
        next.enter(time, region);
    }

    @Override
    public void leave(long time, int region) {
        if (held == 1 && region == probe) {
            held = 2;
            probeLeave = time;
            depth--;
            return;
        }
        boolean mpi = definitions.isMpiCall(region);
        if (held == 1 || held == 2 && mpi) {
            release();
        }
        if (mpi && depth > 0) {
            depth--;
        }
        next.leave(time, region);
    }

    @Override
    public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long bytes, long leave) {
        if (held == 2 && blockingReceive(region)) {
            held = 0;
            next.receiveCall(probeEnter, region, time, sender, communicator, tag, bytes, leave);
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
    public void receive(long time, int sender, int communicator, int tag, long bytes) {
        release();
        next.receive(time, sender, communicator, tag, bytes);
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
