package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Definitions section 8 as issue 34 amended it (items 4 and 5), on the archives
 * testdata/make-waitall.py writes, whose header derives every number below by hand:
 * <ul>
 *   <li>one call waits once: an MPI_Waitall completing two late receives waits
 *       {@code min(leave, max enter(send)) - enter(call)}, charged to the edge of the send that
 *       entered last (ties: the lowest sender rank), not the sum of the two receives' waits;</li>
 *   <li>late receiver from the receive's post: the enter of the MPI_Irecv of its request (a
 *       blocking receive: its own enter; a completion whose request was never posted: its
 *       MPI_Waitall's, the rule of before).</li>
 * </ul>
 * On raw clocks: the archives' clocks agree, and the numbers are about the definitions of the
 * waits, not the choice of offsets (issue 34 item 3). On 1 and 2 join threads, with the match
 * records in memory and spilled to a file (the memory budget is a system property: isolated).
 */
@Isolated
class NonBlockingReceiveWaitsTest {
    private static final double US = 1e-6;

    private static WaitReport waits(String name, int threads, String budget) throws Exception {
        Path anchor = TraceFormat.locate(TestTraces.dir().resolve(name)).file();
        System.setProperty("igtrace.records.memory", budget);
        try {
            return TraceInput.read(anchor, new ReadOptions(false, threads), new AnalysisOptions(false, WaitMode.RAW_CLOCKS)).waits();
        } finally {
            System.clearProperty("igtrace.records.memory");
        }
    }

    /**
     * Rank 0's two MPI_Waitall: 300 us (both senders late, rank 2's send last) and 90 us (a tie,
     * rank 1); the receives on their own gave 200 + 300 + 90 + 90 = 680 us, more than the two calls'
     * 530 us.
     */
    @Test
    void aWaitallCompletingSeveralLateReceivesWaitsOnce() throws Exception {
        for (int threads : new int[] {1, 2}) {
            for (String budget : new String[] {"64", "0"}) {
                String what = threads + " threads, budget " + budget + " MB";
                WaitReport w = waits("waitall", threads, budget);
                assertEquals(390 * US, w.seconds(WaitPattern.LATE_SENDER, 0), 1e-12, what);
                assertEquals(390 * US, w.total(), 1e-12, what + ": nobody else waits");
                assertEquals(90 * US, w.pairWait(0, 1), 1e-12, what + ": the tie goes to rank 1");
                assertEquals(300 * US, w.pairWait(0, 2), 1e-12, what + ": rank 2's send entered last");
            }
        }
    }

    /**
     * A test that completes receives waited for them within its duration, as a wait call does (SPEC 8 lists MPI_Testall
     * with the calls that complete several receives): rank 0's MPI_Testall 300 us once (rank 2's send last), its MPI_Test
     * 10 us (600 to rank 1's send at 610), its MPI_Test that completes nothing none. Tests waited for nothing (0 us).
     */
    @Test
    void aTestThatCompletesLateReceivesWaitedForThem() throws Exception {
        for (int threads : new int[] {1, 2}) {
            for (String budget : new String[] {"64", "0"}) {
                String what = threads + " threads, budget " + budget + " MB";
                WaitReport w = waits("testall", threads, budget);
                assertEquals(310 * US, w.seconds(WaitPattern.LATE_SENDER, 0), 1e-12, what);
                assertEquals(310 * US, w.total(), 1e-12, what + ": nobody else waits");
                assertEquals(10 * US, w.pairWait(0, 1), 1e-12, what);
                assertEquals(300 * US, w.pairWait(0, 2), 1e-12, what + ": one call waits once");
            }
        }
    }

    /**
     * The halo exchange's blocking sends find their receives posted (at 5 us, before the sends at
     * 20 and 110 us): no late receiver (from rank 1's MPI_Waitall at 150 us it read 130 us). Left:
     * 50 us (a receive posted 50 us after the send entered), 30 us (a blocking MPI_Recv) and 20 us
     * (a completion with no post in the trace, from its MPI_Waitall).
     */
    @Test
    void aReceivePostedBeforeTheSendIsNeverLate() throws Exception {
        for (int threads : new int[] {1, 2}) {
            for (String budget : new String[] {"64", "0"}) {
                String what = threads + " threads, budget " + budget + " MB";
                WaitReport w = waits("halo", threads, budget);
                assertEquals(70 * US, w.seconds(WaitPattern.LATE_RECEIVER, 0), 1e-12, what);
                assertEquals(30 * US, w.seconds(WaitPattern.LATE_RECEIVER, 1), 1e-12, what);
                assertEquals(100 * US, w.total(), 1e-12, what + ": no late sender");
                assertEquals(100 * US, w.pairWait(0, 1), 1e-12, what);
            }
        }
    }
}
