package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;

/**
 * CASITA's 4-rank Score-P trace with a late-sender chain 0 -> 1 -> 2 -> 3 and a barrier rank 0
 * enters last: every number follows from the enter and leave times otf2-print shows (ticks are
 * ns: CLOCK_PROPERTIES says 1000000000 per second), by definitions section 8's formulas.
 */
class ScorePLateSenderBarrierTest {
    static final Path ANCHOR = TestTraces.otf2("scorep-late-sender-barrier").resolve("traces.otf2");

    static WaitReport read(Path anchor) throws Exception {
        return read(anchor, WaitMode.CORRECTED_CLOCKS);
    }

    static WaitReport read(Path anchor, WaitMode mode) throws Exception {
        return TraceInput.read(anchor, new ReadOptions(false, 1), new AnalysisOptions(false, mode)).waits();
    }

    /**
     * Score-P's clocks agree: no message is in conflict and no one leaves the barrier before the
     * last entered (otf2-print), so the offsets stay 0 and each one-way message 0 -> 1 -> 2 -> 3
     * keeps its transfer as recorded (receive - send: 28.2, 60.3 and 617.7 us). Issue 13's choice
     * read the message 0 -> 1 as taking no time (rank 1 moved 28.2 us back; issue 34 item 3).
     */
    @Test
    void oneWayMessagesKeepTheirRecordedTransfers() throws Exception {
        WaitReport w = read(ANCHOR);
        List<PrintedCalls.Message> messages = PrintedCalls.of(ANCHOR).messages();
        assertEquals(0, w.conflictsBefore());
        for (int r = 0; r < 4; r++) {
            assertEquals(0, w.offset(r), "rank " + r);
        }
        for (int r = 1; r < 4; r++) {
            int receiver = r;
            long send = messages.stream().filter(m -> m.send() && m.rank() == receiver - 1).findFirst().orElseThrow().time();
            long recv = messages.stream().filter(m -> !m.send() && m.rank() == receiver).findFirst().orElseThrow().time();
            assertTrue(recv - send > 0, "rank " + r);
        }
    }

    @Test
    void everyNumberFollowsFromTheEvents() throws Exception {
        WaitReport w = read(ANCHOR, WaitMode.RAW_CLOCKS);
        PrintedCalls calls = PrintedCalls.of(ANCHOR);
        // Score-P's clocks agree: no message is in conflict; the numbers on the clocks as recorded.
        assertEquals(0, w.conflictsBefore());
        // Late sender: rank r (1..3) entered MPI_Recv before rank r-1 entered MPI_Send.
        double[] lateSender = new double[4];
        for (int r = 1; r < 4; r++) {
            PrintedCalls.Call recv = calls.call(r, "MPI_Recv", 0), send = calls.call(r - 1, "MPI_Send", 0);
            lateSender[r] = Math.max(0, Math.min(send.enter() - recv.enter(), recv.leave() - recv.enter())) * 1e-9;
        }
        // Barrier: everyone waits for the last to enter, capped by their own call.
        long last = 0;
        for (int r = 0; r < 4; r++) {
            last = Math.max(last, calls.call(r, "MPI_Barrier", 0).enter());
        }
        for (int r = 0; r < 4; r++) {
            PrintedCalls.Call b = calls.call(r, "MPI_Barrier", 0);
            double barrier = Math.min(last - b.enter(), b.leave() - b.enter()) * 1e-9;
            assertEquals(lateSender[r], w.seconds(WaitPattern.LATE_SENDER, r), 1e-9, "late sender, rank " + r);
            assertEquals(barrier, w.seconds(WaitPattern.BARRIER, r), 1e-9, "barrier, rank " + r);
            assertEquals(lateSender[r] + barrier, w.total(r), 1e-9, "all waiting of rank " + r);
        }
        // Rank 0 entered the barrier last (about 6.7 to 7.8 s after the others), so ranks 1-3 wait for it.
        assertEquals(calls.call(0, "MPI_Barrier", 0).enter(), last);
        // Pairs: {r-1, r} the late sender's wait, {0, r} the barrier's.
        for (int r = 1; r < 4; r++) {
            PrintedCalls.Call b = calls.call(r, "MPI_Barrier", 0);
            double barrier = Math.min(last - b.enter(), b.leave() - b.enter()) * 1e-9;
            double expected = r == 1 ? lateSender[1] + barrier : barrier;
            assertEquals(expected, w.pairWait(0, r), 1e-9, "pair {0," + r + "}");
        }
        assertEquals(lateSender[2], w.pairWait(1, 2), 1e-9);
        assertEquals(lateSender[3], w.pairWait(2, 3), 1e-9);
        assertEquals(3, w.matchedMessages());
        assertEquals(1, w.collectives());
    }
}
