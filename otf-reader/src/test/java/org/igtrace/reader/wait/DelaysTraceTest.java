package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every wait-state pattern on a real traced program with known delays: testdata/programs/delays.c
 * on 4 ranks, traced by EZTrace (testdata/make-traces.sh delays). Its header table gives who
 * waits how long in which pattern.
 *
 * <p>Tolerance: a measured wait must lie in [D - 1 ms, D + 5 ms] of the program's delay D. A
 * sleep lasts at least D; before it every rank left the same resynchronisation within a few
 * message latencies (tens of microseconds here), and the clock correction is exact up to the
 * latency of the collectives that tie the clocks (a barrier's last enter to its first leave, well
 * under 1 ms). Above D, the wake-up of the sleeping rank can be late by a scheduler tick on this
 * oversubscribed machine (4 ranks, 2 cores), a few ms at worst. Patterns a rank has no part in
 * must stay under 1 ms.
 */
class DelaysTraceTest {
    private static final double MS = 1e-3;
    private static WaitReport corrected;
    private static WaitReport raw;

    @BeforeAll
    static void read() throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.otf2("delays-4")).file();
        corrected = read(anchor, WaitMode.CORRECTED_CLOCKS).waits();
        raw = read(anchor, WaitMode.RAW_CLOCKS).waits();
    }

    private static TraceProfile read(Path anchor, WaitMode mode) throws Exception {
        return TraceInput.read(anchor, new ReadOptions(false, 1), new AnalysisOptions(false, mode));
    }

    /** Delay of the pattern in ms, and who waits: the table in delays.c. */
    private static void expect(WaitPattern pattern, double delayMs, int... waiters) {
        for (int rank = 0; rank < 4; rank++) {
            double w = corrected.seconds(pattern, rank);
            int me = rank;
            boolean waits = java.util.Arrays.stream(waiters).anyMatch(r -> r == me);
            if (waits) {
                assertTrue(w >= (delayMs - 1) * MS && w <= (delayMs + 5) * MS,
                        pattern.label() + ": rank " + rank + " waited " + w + " s, the program makes it " + delayMs + " ms");
            } else {
                assertTrue(w < 1 * MS, pattern.label() + ": rank " + rank + " should not wait, waited " + w + " s");
            }
        }
    }

    @Test
    void lateSender() {
        expect(WaitPattern.LATE_SENDER, 50, 1);
    }

    @Test
    void lateReceiverOfASynchronousSend() {
        expect(WaitPattern.LATE_RECEIVER, 60, 2);
    }

    @Test
    void waitAtBarrier() {
        expect(WaitPattern.BARRIER, 70, 0, 1, 2);
    }

    @Test
    void waitAtNxN() {
        expect(WaitPattern.NXN, 80, 0, 2, 3);
    }

    @Test
    void lateBroadcast() {
        expect(WaitPattern.LATE_BROADCAST, 90, 1, 2, 3);
    }

    @Test
    void earlyReduce() {
        expect(WaitPattern.EARLY_REDUCE, 100, 2);
    }

    /**
     * Edges carry the waiting a pair caused each other. By the table: {0,1} late sender 50 + N x N
     * 80 + broadcast 90 = 220; {0,3} barrier 70 + broadcast 90 = 160; {1,3} barrier 70 + N x N 80 =
     * 150; {0,2} broadcast 90, {1,2} N x N 80, {2,3} late receiver 60 + barrier 70, and the reduce's
     * 100 on rank 2 goes to whichever of 0, 1, 3 arrived first: 400 over those three.
     */
    @Test
    void pairsCarryTheWaitingTheyCausedEachOther() {
        assertPair(220, 3, corrected.pairWait(0, 1));
        assertPair(160, 2, corrected.pairWait(0, 3));
        assertPair(150, 2, corrected.pairWait(1, 3));
        assertPair(400, 4, corrected.pairWait(0, 2) + corrected.pairWait(1, 2) + corrected.pairWait(2, 3));
        double sum = corrected.pairs().stream().mapToDouble(WaitReport.PairWait::seconds).sum();
        assertEquals(corrected.total(), sum, 1e-9, "every wait is charged to one pair");
    }

    private static void assertPair(double ms, int patterns, double seconds) {
        assertTrue(seconds >= (ms - patterns) * MS && seconds <= (ms + 5 * patterns) * MS, ms + " ms expected, got " + seconds + " s");
    }

    /**
     * EZTrace 2.0 stamps each process from its own start: uncorrected, rank 1's wait for rank 0's
     * late send is exactly enter(MPI_Send on rank 0) - enter(MPI_Recv on rank 1) as otf2-print
     * shows the raw ticks (ns), far from the 50 ms the program made; the collectives pin rank 0's
     * clock back and the corrected wait is the 50 ms (test above).
     */
    @Tag("slow")
    @Test
    void withoutCorrectionTheLateSenderIsMismeasured() throws Exception {
        PrintedCalls calls = PrintedCalls.of(TraceFormat.locate(TestTraces.otf2("delays-4")).file());
        long rawTicks = calls.call(0, "MPI_Send", 0).enter() - calls.call(1, "MPI_Recv", 0).enter();
        assertEquals(rawTicks * 1e-9, raw.seconds(WaitPattern.LATE_SENDER, 1), 1e-9);
        assertTrue(rawTicks * 1e-9 < 40 * MS, "this trace's clocks are tens of ms apart: " + rawTicks + " ns");
        assertTrue(corrected.offset(0) - corrected.offset(1) > 10 * MS, "rank 0's clock is behind rank 1's");
        assertTrue(corrected.settled());
        assertEquals(0, corrected.conflictsAfter());
    }

    @Test
    void theTwoMessagesAreMatchedAndNothingIsLeftOver() {
        assertEquals(2, corrected.matchedMessages());
        assertTrue(corrected.unmatched().isEmpty(), corrected.unmatched().toString());
        assertEquals(4, corrected.collectives(), "barrier, allreduce, bcast, reduce");
        assertEquals(0, corrected.collectivesIncomplete());
    }
}
