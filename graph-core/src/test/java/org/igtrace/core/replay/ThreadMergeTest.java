package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * A process of two threads that call MPI (definitions section 9): taking turns, they replay as one thread making both
 * calls; in MPI at the same time, the process replays one thread and a note counts the calls left out. Rank 1 (one
 * thread) receives both messages.
 */
class ThreadMergeTest {
    // Regions: 0 MPI_Send, 1 MPI_Recv, 2 work.
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1e6);
        b.addProcess("P0", null);
        b.addProcess("P1", null);
        b.addRegion("MPI_Send", false);
        b.addRegion("MPI_Recv", false);
        b.addRegion("work", false);
        b.addCommunicator(new int[] {0, 1});
        BitSet several = new BitSet();
        several.set(0);
        return b.build().withSeveralThreads(several);
    }

    private static void send(LocationEvents l, long enter, long leave, int tag) {
        l.enter(enter, 0);
        l.send(enter, 1, 0, tag, 8);
        l.leave(leave, 0);
    }

    /** Rank 0's master works [0, 100] and sends [a0, a1] (tag 0); its worker works [0, 50] and sends [b0, b1] (tag 1). */
    private static RecordedRun run(long a0, long a1, long b0, long b1) {
        ActivityRecorder recorder = new ActivityRecorder(definitions());
        LocationEvents master = recorder.location(0, 0), worker = recorder.location(0, 1), other = recorder.location(1, 2);
        master.enter(0, 2);
        send(master, a0, a1, 0);
        master.leave(100, 2);
        master.end();
        worker.enter(0, 2);
        send(worker, b0, b1, 1);
        worker.leave(50, 2);
        worker.end();
        other.enter(0, 2);
        for (int tag = 0; tag < 2; tag++) {
            other.enter(60 + 10 * tag, 1);
            other.receive(65 + 10 * tag, 0, 0, tag, 8);
            other.leave(70 + 10 * tag, 1);
        }
        other.leave(100, 2);
        other.end();
        return recorder.recorded();
    }

    @Test
    void threadsTakingTurnsReplayAsOneThreadMakingBothCalls() {
        RecordedRun run = run(30, 40, 10, 20);
        assertEquals(2, run.process(0).callCount());
        assertEquals(0, run.replayedOrders()[0], "the master, the longest span");
        assertTrue(run.notes().contains("rank 0 called MPI on several threads, never two at once: its threads' calls are replayed"
                + " in time order as one thread's"), run.notes().toString());
    }

    @Test
    void threadsInMpiAtOnceReplayOneThreadAndSaySo() {
        RecordedRun run = run(10, 40, 20, 30);
        assertEquals(1, run.process(0).callCount());
        assertTrue(run.notes().stream().anyMatch(n -> n.startsWith("1 of the 4 MPI calls are made on threads that are not replayed (rank 0):"
                + " their threads were in MPI at the same time")), run.notes().toString());
    }

    @Test
    void aCallEndingWhenTheOtherBeginsIsNoOverlap() {
        // the worker leaves its call at 30, the master enters its own at 30: turns, not at once
        RecordedRun run = run(30, 40, 20, 30);
        assertEquals(2, run.process(0).callCount());
    }
}
