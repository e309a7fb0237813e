package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Clock skew made on purpose: testdata/make-skewed.sh writes copies of two Score-P traces with
 * rank 1's timestamps shifted by +-1 ms and +-1 s (python3-otf2), one with rank 1's clock running
 * 2 % fast, and one where only one-way messages tie a rank shifted by -1 s.
 */
class ClockSkewTest {
    private static Path skewed(String name) {
        return TestTraces.dir().resolve("skew").resolve(name).resolve("traces.otf2");
    }

    /**
     * Rank 1's clock set back (minus): the barrier, which rank 0 enters last, requires rank 1 to
     * leave after rank 0 entered, which pins rank 1's offset against rank 0 to within the
     * barrier's window (its first leave minus its last enter, otf2-print ticks of 1 ns); messages
     * 0 -> 1 -> 2 -> 3 and the barrier pin the others. The correction must undo the shift within
     * that window, and every wait (one message or one barrier member each here) must be the
     * unskewed trace's within it.
     */
    @Tag("slow")
    @ParameterizedTest
    @CsvSource({"lsb-rank1-minus-1ms, -0.001", "lsb-rank1-minus-1s, -1"})
    void barrierTiedShiftIsUndone(String name, double shift) throws Exception {
        WaitReport original = ScorePLateSenderBarrierTest.read(ScorePLateSenderBarrierTest.ANCHOR);
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed(name));
        PrintedCalls calls = PrintedCalls.of(ScorePLateSenderBarrierTest.ANCHOR);
        long lastEnter = Long.MIN_VALUE, firstLeave = Long.MAX_VALUE;
        for (int r = 0; r < 4; r++) {
            lastEnter = Math.max(lastEnter, calls.call(r, "MPI_Barrier", 0).enter());
            firstLeave = Math.min(firstLeave, calls.call(r, "MPI_Barrier", 0).leave());
        }
        double window = (firstLeave - lastEnter) * 1e-9;
        assertTrue(window > 0 && window < 1e-3, "window " + window);

        assertTrue(w.conflictsBefore() >= 1, "a " + shift + " s shift puts a receive before its send");
        assertEquals(0, w.conflictsAfter());
        assertTrue(w.settled());
        assertEquals(-shift, w.offset(1) - w.offset(0), window, "rank 1 against rank 0");
        for (int r = 0; r < 4; r++) {
            for (WaitPattern p : WaitPattern.values()) {
                assertEquals(original.seconds(p, r), w.seconds(p, r), window, p.label() + ", rank " + r);
            }
        }
    }

    /**
     * Rank 1's clock set forward (plus): nothing requires another rank to leave the barrier after
     * rank 1 entered by less than the seven seconds they waited there, so only the message 1 -> 2
     * bounds the offsets, one way. The check: the conflict is found and none remains.
     */
    @ParameterizedTest
    @CsvSource({"lsb-rank1-plus-1ms", "lsb-rank1-plus-1s"})
    void forwardShiftIsOnlyBounded(String name) throws Exception {
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed(name));
        assertEquals(1, w.conflictsBefore(), "the message 1 -> 2");
        assertEquals(0, w.conflictsAfter());
        assertTrue(w.settled());
    }

    /**
     * Rank 1, a sender 1 s ahead: its message to 2 arrives 1 s before it was sent, the one from 0
     * takes 1 s longer than recorded. The smallest offsets would move 2 and 3 only, leaving rank 1
     * a second ahead of rank 0 (issue 34's first ceiling, the slowest transfer not in conflict,
     * was that inflated 1 s: total waiting 47.4 s for the unskewed 51.4 s). Every pair touches rank
     * 1 or 2, so the ceiling is the quickest transfer not in conflict: 617.7 us (2 -> 3, otf2-print
     * of the unskewed trace); 0 -> 1 is held to it, so rank 1 is set back against rank 0 by 1 s
     * within that.
     */
    @Test
    void senderAheadIsSetBackAgainstItsOwnSender() throws Exception {
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed("lsb-rank1-plus-1s"));
        assertEquals(1, w.offset(0) - w.offset(1), 617.7e-6, "rank 1 against rank 0");
    }

    /**
     * Ping-pong sends messages both ways between ranks 0 and 1, so o_1 - o_0 is pinned between the
     * quickest message of each direction: the window is the shortest send-to-receive time
     * (otf2-print) of each direction added up (35 us). The offset must undo the shift within it,
     * and each of the 16 messages' waits may move by at most the window.
     */
    @Tag("slow")
    @ParameterizedTest
    @CsvSource({"pingpong-rank1-plus-1ms, 0.001", "pingpong-rank1-minus-1ms, -0.001", "pingpong-rank1-plus-1s, 1",
            "pingpong-rank1-minus-1s, -1"})
    void messagesBothWaysUndoTheShift(String name, double shift) throws Exception {
        Path original = TestTraces.otf2("scorep-ping-pong").resolve("traces.otf2");
        WaitReport before = ScorePLateSenderBarrierTest.read(original);
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed(name));
        double resolution = 2095197216.0; // CLOCK_PROPERTIES of the ping-pong trace
        double window = (quickest(PrintedCalls.of(original).messages(), 0) + quickest(PrintedCalls.of(original).messages(), 1)) / resolution;
        assertTrue(window > 0 && window < 1e-3, "window " + window);
        assertTrue(w.conflictsBefore() >= 1);
        assertEquals(0, w.conflictsAfter());
        assertTrue(w.settled());
        assertEquals(-shift, w.offset(1) - w.offset(0), window);
        for (int r = 0; r < 2; r++) {
            for (WaitPattern p : WaitPattern.values()) {
                assertEquals(before.seconds(p, r), w.seconds(p, r), 16 * window, p.label() + ", rank " + r);
            }
        }
    }

    /** The shortest send-to-receive time of messages sent by {@code sender} (FIFO: one tag, one partner). */
    private static long quickest(List<PrintedCalls.Message> events, int sender) {
        java.util.ArrayDeque<Long> sends = new java.util.ArrayDeque<>();
        long best = Long.MAX_VALUE;
        for (PrintedCalls.Message m : events) {
            if (m.send() && m.rank() == sender) {
                sends.add(m.time());
            } else if (!m.send() && m.rank() != sender) {
                best = Math.min(best, m.time() - sends.poll());
            }
        }
        return best;
    }

    /**
     * Rank 1's clock runs 100 ppm fast through the 20 s Jacobi run (2000 messages both ways, 1002
     * collectives): 2 ms apart by the end, far more than a message takes, so no single offset fits
     * both early and late messages. The unskewed trace settles; this one must be reported as drift,
     * with conflicts left.
     */
    @Tag("slow")
    @Test
    void driftIsReportedAsDrift() throws Exception {
        assertTrue(ScorePLateSenderBarrierTest.read(TestTraces.otf2("scorep-jacobi-2nodes")).settled());
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed("jacobi-drift-100ppm"));
        assertFalse(w.settled());
        assertTrue(w.notes().stream().anyMatch(n -> n.startsWith("clock drift")), w.notes().toString());
        assertTrue(w.conflictsBefore() >= 1);
        assertTrue(w.conflictsAfter() >= 1, "an offset cannot remove every conflict of a drifting clock");
    }

    /**
     * Without the barrier only messages 0 -> 1 -> 2 -> 3 tie the ranks, one way: rank 3 shifted
     * by -1 s gets an offset of at least 1 s less the latency against rank 2 (only a lower bound
     * exists), and no conflict remains.
     */
    @Test
    void oneWayTrafficOnlyBoundsTheOffset() throws Exception {
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed("lsb-nobarrier-rank3-minus-1s"));
        assertEquals(1, w.conflictsBefore(), "the one message 2 -> 3");
        assertEquals(0, w.conflictsAfter());
        assertTrue(w.settled());
        assertTrue(w.offset(3) - w.offset(2) > 1 - 1e-3, "offset " + w.offset(3));
        assertEquals(0, w.collectives());
    }

    /**
     * Issue 13 item 7: every rank sends to rank 0, nothing comes back (make-one-way.py: rank 0
     * waits 50 ms for each of its three senders, 150 ms in all; each message takes 0.04 ms from send
     * to receive event), and rank 3's clock is 1 s ahead. The smallest offsets would move rank 0 by
     * 1 s, which makes its receives from ranks 1 and 2 look 1 s late and their waiting vanish;
     * the offsets chosen correct rank 3 instead. The waiting must be the unshifted trace's as
     * recorded, within the quickest message (0.04 ms) per message, and the offsets of ranks 1-3
     * are reported as only bounded.
     */
    @Test
    void oneWayToOneReceiverCorrectsTheSenderThatIsAhead() throws Exception {
        WaitReport unshifted = ScorePLateSenderBarrierTest.read(skewed("oneway-star"), WaitMode.RAW_CLOCKS);
        assertEquals(0.150, unshifted.total(WaitPattern.LATE_SENDER), 1e-9, "3 x 50 ms, by make-one-way.py");
        WaitReport w = ScorePLateSenderBarrierTest.read(skewed("oneway-star-rank3-plus-1s"));
        assertEquals(1, w.conflictsBefore(), "the message 3 -> 0");
        assertEquals(0, w.conflictsAfter());
        assertTrue(w.settled());
        double window = 0.04e-3;
        for (int r = 0; r < 4; r++) {
            assertEquals(unshifted.seconds(WaitPattern.LATE_SENDER, r), w.seconds(WaitPattern.LATE_SENDER, r), 3 * window + 1e-9, "rank " + r);
        }
        assertEquals(0.150, w.total(), 3 * window + 1e-9);
        assertEquals(-1, w.offset(3) - w.offset(0), window + 1e-9, "rank 3 set back by its 1 s");
        assertEquals(List.of(1, 2, 3), w.onlyBoundedProcesses());
    }
}
