package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * testdata/calling-context/: the same two-rank run written by testdata/make-calling-context.py
 * with CallingContextEnter/Leave only (as lo2s and Score-P with unwinding record regions), with
 * Enter/Leave only, and with both for every call. The expected numbers are the script's
 * arithmetic (its header comment), in microseconds. Isolated: a test sets the system property
 * igtrace.otf2.batch for its read, so no other test may read at the same time.
 */
@Isolated
class CallingContextTraceTest {
    private static final double US = 1e-6;

    private static Path anchor(String events) throws Exception {
        return TraceFormat.locate(TestTraces.dir().resolve("calling-context").resolve(events)).file();
    }

    @ParameterizedTest
    @ValueSource(strings = {"calling-context", "enter-leave", "both"})
    void regionTimesComeFromTheScriptsArithmetic(String events) throws Exception {
        TraceProfile profile = TraceInput.read(anchor(events), false);
        assertEquals(2, profile.processes().size(), "the metric location group is not a process");
        // rank 0: T = 2000 - 200 (MPI_Init) - 100 (MPI_Finalize); Tcomm = 100 (MPI_Send) + 600 (MPI_Recv)
        assertEquals(1700 * US, profile.processes().get(0).time(), 1e-12);
        assertEquals(700 * US, profile.processes().get(0).commTime(), 1e-12);
        // rank 1: T = 2050 - 200 - 250; Tcomm = 1050 (MPI_Recv) + 50 (MPI_Send); "both" must not count twice
        assertEquals(1600 * US, profile.processes().get(1).time(), 1e-12);
        assertEquals(1100 * US, profile.processes().get(1).commTime(), 1e-12);
        assertEquals(List.of(new PairTraffic(0, 1, 800 + 400, 2)), profile.pairs());
    }

    @ParameterizedTest
    @ValueSource(strings = {"calling-context", "both"})
    void otf2PrintAgrees(String events) throws Exception {
        Otf2PrintOracle oracle = Otf2PrintOracle.of(anchor(events));
        TraceProfile profile = TraceInput.read(anchor(events), false);
        assertEquals(oracle.processes, profile.processes().size());
        for (int r = 0; r < oracle.processes; r++) {
            assertEquals(oracle.time[r], profile.processes().get(r).time(), 1e-12, "T of rank " + r);
            assertEquals(oracle.commTime[r], profile.processes().get(r).commTime(), 1e-12, "Tcomm of rank " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"calling-context", "enter-leave", "both"})
    void theMetricLocationGroupIsLeftOutWithANote(String events) throws Exception {
        TraceProfile profile = TraceInput.read(anchor(events), false);
        assertEquals(List.of("MPI Rank 0", "MPI Rank 1"), profile.processes().stream().map(p -> p.name()).toList());
        assertTrue(profile.notes().contains("1 location group without a CPU thread left out, not a process (\"Metric Location Group\")"),
                profile.notes().toString());
    }

    /**
     * The merged replay reads calling-context events too, in batches of one record. Late sender:
     * rank 1 enters MPI_Recv at 350, rank 0 MPI_Send at 1300 (950); rank 0 enters MPI_Recv at 1400,
     * rank 1 MPI_Send at 1850 (450).
     */
    @ParameterizedTest
    @ValueSource(strings = {"calling-context", "both"})
    void waitsAreMeasuredOnCallingContextEvents(String events) throws Exception {
        System.setProperty("igtrace.otf2.batch", "1");
        try {
            TraceProfile profile = TraceInput.read(anchor(events), new ReadOptions(false, 2),
                    new AnalysisOptions(false, WaitMode.RAW_CLOCKS));
            assertEquals(450 * US, profile.waits().seconds(WaitPattern.LATE_SENDER, 0), 1e-12);
            assertEquals(950 * US, profile.waits().seconds(WaitPattern.LATE_SENDER, 1), 1e-12);
            assertEquals(1400 * US, profile.waits().total(), 1e-12);
        } finally {
            System.clearProperty("igtrace.otf2.batch");
        }
    }
}
