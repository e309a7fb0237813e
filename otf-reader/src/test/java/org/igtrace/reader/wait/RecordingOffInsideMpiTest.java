package org.igtrace.reader.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;

/**
 * Issue 34 item 4, its edge: recording switched off inside the waiting MPI call
 * (testdata/make-off-inside-mpi.py, times in its docstring). Tcomm leaves the off time out
 * (definitions section 3), and so must the wait: rank 0's receive [10, 80] with recording off
 * [20, 60] waits for a send entered at 70: 60 us by the rule, less 40 us off = 20 us (Tcomm 40 us);
 * rank 1's send [100, 170] with recording off [110, 140] waits for a post at 150: 50 us less
 * 30 us = 20 us (Tcomm 42 us). Before, 60 and 50 us: more than rank 0's whole time in MPI.
 */
class RecordingOffInsideMpiTest {
    @Test
    void theOffTimeIsNotWaiting() throws Exception {
        Path anchor = TestTraces.dir().resolve("off-inside-mpi").resolve("traces.otf2");
        for (WaitMode mode : new WaitMode[] {WaitMode.CORRECTED_CLOCKS, WaitMode.RAW_CLOCKS}) {
            TraceProfile p = TraceInput.read(anchor, new ReadOptions(false, 1), new AnalysisOptions(false, mode));
            assertEquals(40e-6, p.processes().get(0).commTime(), 1e-12, "rank 0's time in MPI: 70 - 40 + 10 us");
            assertEquals(42e-6, p.processes().get(1).commTime(), 1e-12, "rank 1's: 2 + 70 - 30 us");
            assertEquals(20e-6, p.waits().seconds(WaitPattern.LATE_SENDER, 0), 1e-12, mode + ": rank 0, 70 - 10 - 40 us");
            assertEquals(20e-6, p.waits().seconds(WaitPattern.LATE_RECEIVER, 1), 1e-12, mode + ": rank 1, 150 - 100 - 30 us");
            assertEquals(20e-6, p.waits().total(0), 1e-12);
            assertEquals(20e-6, p.waits().total(1), 1e-12);
        }
    }
}
