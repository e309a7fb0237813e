package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/** A blocking probe's wait (definitions section 8) on hand-written events, 1 tick per second; the numbers in the comments. */
class ProbedReceiveTest {
    private static final int SEND = 0, RECV = 1, PROBE = 2, IRECV = 3, WAIT = 4;

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Probe", "MPI_Irecv", "MPI_Wait"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1, 2});
        return b.ticksPerSecond(1).build();
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    private static void send(LocationEvents l, long at, int to, int tag) {
        call(l, SEND, at, at + 1, () -> l.send(at, to, 0, tag, 8));
    }

    /** Rank 1: probe [10, 51], receive [60, 61]; rank 0 sends at 50: late sender 50 - 10 = 40, in the probe. */
    @Test
    void theProbeWaitsForTheReceivesMessage() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            send(p0, 50, 1, 5);
            call(p1, PROBE, 10, 51, () -> { });
            call(p1, RECV, 60, 61, () -> p1.receive(60, 0, 0, 5, 8));
        });
        assertEquals(40.0, r.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(40.0, r.pairWait(0, 1));
    }

    /**
     * Rank 1 probes [1, 2] (rank 2's message, sent at 1), then receives rank 0's (sent at 30) in [40, 41], then rank 2's: the
     * receive after the probe is charged the probe's length at most, 1 (from 1 to 30 it was 29, over its 2 s in MPI).
     */
    @Test
    void aProbeOfAnotherMessageWaitsNoLongerThanItself() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1), p2 = sink.location(2, 2);
            send(p2, 1, 1, 6);
            send(p0, 30, 1, 5);
            call(p1, PROBE, 1, 2, () -> { });
            call(p1, RECV, 40, 41, () -> p1.receive(40, 0, 0, 5, 8));
            call(p1, RECV, 50, 51, () -> p1.receive(50, 2, 0, 6, 8));
        });
        assertEquals(1.0, r.seconds(WaitPattern.LATE_SENDER, 1));
    }

    /** Two probes [1, 50] and [50, 51], then the receive [52, 53] of a message sent at 49: the first waited, 48. */
    @Test
    void ofTwoProbesTheFirstWaited() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            send(p0, 49, 1, 5);
            call(p1, PROBE, 1, 50, () -> { });
            call(p1, PROBE, 50, 51, () -> { });
            call(p1, RECV, 52, 53, () -> p1.receive(52, 0, 0, 5, 8));
        });
        assertEquals(48.0, r.seconds(WaitPattern.LATE_SENDER, 1));
    }

    /**
     * A probe [1, 50] whose receive completes an MPI_Irecv (posted at 60, done in MPI_Wait [61, 62]; sent at 49) leaves the
     * probe a call of its own: the receive was posted after the send began, no wait; a later MPI_Recv [70, 71] (sent at 80
     * by rank 0, after it entered: 10) does not take the probe either, and waits from its own enter.
     */
    @Test
    void aReceiveThatCannotTakeTheProbeForgetsIt() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            send(p0, 49, 1, 5);
            send(p0, 80, 1, 5);
            call(p1, PROBE, 1, 50, () -> { });
            call(p1, IRECV, 60, 60, () -> p1.irecvRequest(60, 7));
            call(p1, WAIT, 61, 62, () -> p1.irecv(61, 0, 0, 5, 8, 7));
            call(p1, RECV, 70, 90, () -> p1.receive(89, 0, 0, 5, 8));
        });
        assertEquals(10.0, r.seconds(WaitPattern.LATE_SENDER, 1));
    }

    /**
     * A receive from a process a selection left out was the probe's message: the next receive does not take it (late sender
     * 0: rank 2 sent at 59, the receive entered at 60); a send to such a process keeps it (the receive after it waited in
     * the probe, from 1 to the probe's leave at 2: 1).
     */
    @Test
    void aReceiveFromAProcessLeftOutForgetsTheProbeASendDoesNot() {
        for (boolean receive : new boolean[] {true, false}) {
            WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
                LocationEvents p2 = sink.location(2, 2), p1 = sink.location(1, 1);
                send(p2, 59, 1, 6);
                call(p1, PROBE, 1, 2, () -> { });
                if (receive) {
                    call(p1, RECV, 3, 4, () -> p1.receiveFromUnselected(3));
                } else {
                    call(p1, SEND, 3, 4, () -> p1.messageToUnselected(3));
                }
                call(p1, RECV, 60, 61, () -> p1.receive(60, 2, 0, 6, 8));
            });
            assertEquals(receive ? 0.0 : 1.0, r.seconds(WaitPattern.LATE_SENDER, 1), receive ? "receive" : "send");
        }
    }
}
