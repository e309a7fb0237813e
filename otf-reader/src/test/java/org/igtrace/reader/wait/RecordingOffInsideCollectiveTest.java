package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;

/**
 * Issue 34 item 6, for collectives: recording switched off inside a collective call is not waiting, as
 * inside a point-to-point call ({@link RecordingOffInsideMpiTest}). testdata/make-off-inside-collective.py
 * (times and arithmetic in its docstring): rank 0's MPI_Barrier [10, 100] with recording off [20, 70]
 * waits for rank 2 entering at 80: min(70, 90) - 50 = 20 us (its Tcomm 40 us); its MPI_Bcast [110, 160]
 * off [120, 140] waits for root 1 entering at 150: 40 - 20 = 20 us; as root of MPI_Reduce [200, 260] off
 * [205, 215] it waits for rank 2 entering at 230: 30 - 10 = 20 us. Before, 70, 40 and 30 us: 140 us of
 * waiting in 120 us of MPI. Rank 2, the last to enter the barrier, had recording off inside it and waits
 * none there.
 */
class RecordingOffInsideCollectiveTest {
    private static final double US = 1e-6;

    @Test
    void theOffTimeIsNotWaitingInCollectives() throws Exception {
        Path anchor = TestTraces.dir().resolve("off-inside-collective").resolve("traces.otf2");
        for (WaitMode mode : new WaitMode[] {WaitMode.CORRECTED_CLOCKS, WaitMode.RAW_CLOCKS}) {
            TraceProfile p = TraceInput.read(anchor, new ReadOptions(false, 1), new AnalysisOptions(false, mode));
            WaitReport w = p.waits();
            assertEquals(120 * US, p.processes().get(0).commTime(), 1e-12, "rank 0's time in MPI: 40 + 30 + 50 us");
            assertEquals(60 * US, p.processes().get(1).commTime(), 1e-12, "rank 1's: 40 + 10 + 10 us");
            assertEquals(60 * US, p.processes().get(2).commTime(), 1e-12, "rank 2's: 10 + 30 + 20 us");
            assertEquals(0, w.offset(0) + w.offset(1) + w.offset(2), 1e-15, mode + ": no correction needed");
            assertEquals(20 * US, w.seconds(WaitPattern.BARRIER, 0), 1e-12, mode + ": rank 0, min(80 - 10, 90) - 50 us");
            assertEquals(20 * US, w.seconds(WaitPattern.BARRIER, 1), 1e-12, mode + ": rank 1, 80 - 60 us");
            assertEquals(0, w.seconds(WaitPattern.BARRIER, 2), 1e-12, mode + ": rank 2 entered last");
            assertEquals(20 * US, w.seconds(WaitPattern.LATE_BROADCAST, 0), 1e-12, mode + ": rank 0, 150 - 110 - 20 us");
            assertEquals(20 * US, w.seconds(WaitPattern.LATE_BROADCAST, 2), 1e-12, mode + ": rank 2, 150 - 130 us");
            assertEquals(20 * US, w.seconds(WaitPattern.EARLY_REDUCE, 0), 1e-12, mode + ": root 0, 230 - 200 - 10 us");
            assertEquals(60 * US, w.total(0), 1e-12, mode + ": rank 0, 20 + 20 + 20 us, within its 120 us in MPI");
            assertEquals(20 * US, w.total(1), 1e-12);
            assertEquals(20 * US, w.total(2), 1e-12);
            assertEquals(20 * US, w.pairWait(0, 1), 1e-12, mode + ": the broadcast");
            assertEquals(40 * US, w.pairWait(0, 2), 1e-12, mode + ": the barrier and the reduce");
            assertEquals(40 * US, w.pairWait(1, 2), 1e-12, mode + ": the barrier and the broadcast");
        }
    }
}
