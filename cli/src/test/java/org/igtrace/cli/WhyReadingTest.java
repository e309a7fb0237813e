package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.igtrace.core.replay.ReplayParameters;
import org.igtrace.core.replay.TraceReplay;
import org.igtrace.core.select.Selection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What {@code igtrace why}'s read keeps for its what-ifs' replay (issue 38). The read's taps are looked at in this JVM, so
 * it reads here also under the profile {@code full}.
 */
@ExtendWith(ReadsInTheTestJvm.class)
class WhyReadingTest {
    private static final Path JACOBI = TimelineCommandTest.TESTDATA.resolve("otf2/jacobi-8/eztrace_log.otf2");

    private static WhyReading.Taps read(boolean whatIf) throws Exception {
        ReadingOptions reading = new ReadingOptions();
        try (TemporaryStore store = new TemporaryStore(reading.tempDir, "the region slices")) {
            WhyReading.Taps taps = new WhyReading.Taps(whatIf);
            TraceSession session = TraceSession.open(new IgtraceCommand(), JACOBI,
                    TraceReading.options(reading, false, ClockCorrection.OFFSETS, false), Selection.ALL,
                    ProgressBar.on(new PrintWriter(new StringWriter()), true)).everyRank();
            session.subscribe(d -> taps.on(d, store, session));
            assertNull(session.start(), "read in this JVM");
            return taps;
        }
    }

    /**
     * The recording keeps beside the calls what the fits before the what-ifs' replay need (the calls with a collective,
     * the eager sends' durations below the default eager limit, as predict's recording does), so that those fits read
     * no call: they read every recorded call before (on the 98 M-event imbalanced trace, 28 M calls, about 0.9 s of CPU).
     */
    @Test
    void theFitsBeforeTheWhatIfsReadNoCall() throws Exception {
        WhyReading.Taps taps = read(true);
        assertTrue(taps.recorder != null, "what-ifs: the calls are recorded");
        TraceReplay replay = new TraceReplay(taps.recorded(), null);
        assertTrue(replay.fitsReadNoCall(ReplayParameters.DEFAULT_EAGER_LIMIT));
        assertFalse(replay.fitsReadNoCall(1024), "kept for the default eager limit, which the what-ifs' model uses, only");
        assertNull(read(false).recorder, "no what-if: no call recorded");
    }
}
