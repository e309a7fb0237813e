package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/** What {@link ProbeMerge} passes on: a blocking probe and the blocking receive after it as one call, else as recorded. */
class ProbeMergeTest {
    private static final int SEND = 0, RECV = 1, PROBE = 2, IPROBE = 3, WORK = 4, BARRIER = 5, INIT = 6;

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Probe", "MPI_Iprobe"}) {
            b.addRegion(name, true);
        }
        b.addRegion("work", false);
        b.addRegion("MPI_Barrier", true);
        b.addRegion("MPI_Init", true);
        b.addCommunicator(new int[] {0, 1});
        return b.ticksPerSecond(1000).build();
    }

    /** The events passed on, as text. */
    private static final class Log implements LocationEvents {
        final List<String> events = new ArrayList<>();

        @Override
        public void enter(long time, int region) {
            events.add("enter " + region + " " + time);
        }

        @Override
        public void leave(long time, int region) {
            events.add("leave " + region + " " + time);
        }

        @Override
        public void receive(long time, int sender, int communicator, int tag, long bytes) {
            events.add("receive " + time);
        }

        @Override
        public void send(long time, int receiver, int communicator, int tag, long bytes) {
            events.add("send " + time);
        }

        @Override
        public void end() {
            events.add("end");
        }
    }

    @Test
    void onlyTracesDefiningABlockingProbeNeedIt() {
        assertTrue(ProbeMerge.needed(definitions()));
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addRegion("MPI_Iprobe", true); // a probe that does not block: its loop is time in MPI, as a loop of tests
        b.addRegion("MPI_Recv", true);
        assertFalse(ProbeMerge.needed(b.ticksPerSecond(1000).build()));
    }

    /**
     * Probe [10, 50], user code [52, 55], receive [60, 70] of 200 bytes: the probe's span becomes the receive call holding the
     * message (it waited there), the user code stays, the receive is a call of no message; so for a receive in three events.
     */
    @Test
    void aProbeAndTheReceiveAfterItBecomeTheReceiveThatWaited() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(10, PROBE);
        m.leave(50, PROBE);
        m.enter(52, WORK);
        m.leave(55, WORK);
        m.receiveCall(60, RECV, 65, 0, 0, 5, 200, 70);
        m.enter(80, PROBE);
        m.leave(81, PROBE);
        m.enter(82, RECV);
        m.receive(83, 0, 0, 6, 300);
        m.leave(84, RECV);
        m.end();
        assertEquals(List.of("enter 1 10", "receive 50", "leave 1 50", "enter 4 52", "leave 4 55", "enter 1 60", "leave 1 70",
                "enter 1 80", "receive 81", "leave 1 81", "enter 1 82", "leave 1 84", "end"), log.events);
    }

    /** A rendezvous-sized message (the eager limit or more): its sender waits for the receive itself; passed on as it was. */
    @Test
    void aRendezvousMessageIsNotMoved() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(10, PROBE);
        m.leave(50, PROBE);
        m.enter(52, WORK);
        m.leave(55, WORK);
        m.receiveCall(60, RECV, 65, 0, 0, 5, 65536, 70);
        m.enter(80, PROBE);
        m.leave(81, PROBE);
        m.enter(82, RECV);
        m.receive(83, 0, 0, 6, 1 << 20);
        m.leave(84, RECV);
        assertEquals(List.of("enter 2 10", "leave 2 50", "enter 4 52", "leave 4 55", "enter 1 60", "receive 65", "leave 1 70",
                "enter 2 80", "leave 2 81", "enter 1 82", "receive 83", "leave 1 84"), log.events);
    }

    /**
     * Two probes [10, 50] and [50, 51] before the receive [52, 53]: the first waited and holds the message; the second
     * stays a call of its own, after it. Under an eager limit of 100 bytes the 200-byte message is rendezvous-sized: left.
     */
    @Test
    void ofSeveralProbesTheFirstHoldsTheMessage() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(10, PROBE);
        m.leave(50, PROBE);
        m.enter(50, PROBE);
        m.leave(51, PROBE);
        m.receiveCall(52, RECV, 52, 0, 0, 5, 200, 53);
        assertEquals(List.of("enter 1 10", "receive 50", "leave 1 50", "enter 2 50", "leave 2 51", "enter 1 52", "leave 1 53"),
                log.events);
        Log small = new Log();
        m = new ProbeMerge(definitions(), small, 100);
        m.enter(10, PROBE);
        m.leave(50, PROBE);
        m.receiveCall(52, RECV, 52, 0, 0, 5, 200, 53);
        assertEquals(List.of("enter 2 10", "leave 2 50", "enter 1 52", "receive 52", "leave 1 53"), small.events);
    }

    /** A probe inside MPI_Init is no call the replay keeps: passed on, and the receive after MPI_Init is its own. */
    @Test
    void aProbeInsideMpiInitIsNotHeld() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(1, INIT);
        m.enter(2, PROBE);
        m.leave(29, PROBE);
        m.leave(30, INIT);
        m.receiveCall(40, RECV, 45, 0, 0, 5, 200, 50);
        assertEquals(List.of("enter 6 1", "enter 2 2", "leave 2 29", "leave 6 30", "enter 1 40", "receive 45", "leave 1 50"),
                log.events);
    }

    /** A probe followed by another MPI call, a message outside any call, or the location's end is passed on as it was. */
    @Test
    void aProbeFollowedByAnythingElseIsPassedOnAsItWas() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(10, PROBE);
        m.leave(50, PROBE);
        m.enter(60, BARRIER);
        m.leave(70, BARRIER);
        m.enter(80, PROBE);
        m.leave(90, PROBE);
        m.send(95, 1, 0, 0, 8);
        m.enter(100, IPROBE);
        m.leave(101, IPROBE);
        m.enter(110, PROBE);
        m.leave(120, PROBE);
        m.end();
        assertEquals(List.of("enter 2 10", "leave 2 50", "enter 5 60", "leave 5 70", "enter 2 80", "leave 2 90", "send 95",
                "enter 3 100", "leave 3 101", "enter 2 110", "leave 2 120", "end"), log.events);
    }

    /** A probe inside another MPI call is no outermost call: passed on, and the receive after it is not merged. */
    @Test
    void aProbeInsideAnotherCallIsNotHeld() {
        Log log = new Log();
        ProbeMerge m = new ProbeMerge(definitions(), log, 65536);
        m.enter(5, BARRIER);
        m.enter(10, PROBE);
        m.leave(20, PROBE);
        m.leave(30, BARRIER);
        m.receiveCall(40, RECV, 45, 0, 0, 5, 200, 50);
        assertEquals(List.of("enter 5 5", "enter 2 10", "leave 2 20", "leave 5 30", "enter 1 40", "receive 45", "leave 1 50"),
                log.events);
    }
}
