package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchListener;
import org.junit.jupiter.api.Test;

/**
 * The replays are asked for only when what they give is shown: the unchanged run's run time is written only with a
 * what-if (text, the report) unless the caller shows it alone (JSON). Three processes: rank 2's solve (1-29) makes rank 0
 * wait in its receive from 10 to 30 (20 ticks), so the first cause is rank 2's solve and, with {@code --top 1}, the
 * what-if "balance region solve" is tried. The replays here are counted, not made. Before, the unchanged run was
 * replayed (and the model's calibration started) whatever the causes, also with {@code --top 0} in text. The model is
 * started beside the causes (on two threads) in text too once a wait with an excess is found (a region charged), not
 * when only communication is charged: before, in text only once a what-if was known to be tried, after the causes, so
 * the replay waited for it.
 */
class WhyReplaysAskedTest {
    /**
     * Counts the calls; the unchanged run's run time 40 s, the k-th what-if's 40 - k. A replay of {@code calls} calls: 1000
     * by default, so that the two waits here do not make the causes worth replaying ahead ({@link WhatIfAhead#worthIt}).
     */
    private static final class Counted implements Why.Replays {
        final List<List<ComputeScaling>> asked = java.util.Collections.synchronizedList(new ArrayList<>());
        /** The replays asked for by the thread that replays ahead. */
        final java.util.concurrent.atomic.AtomicInteger askedAhead = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger calibrationCount = new java.util.concurrent.atomic.AtomicInteger();
        int calibrations;
        final long calls;

        Counted() {
            this(1000);
        }

        Counted(long calls) {
            this.calls = calls;
        }

        @Override
        public long calls() {
            return calls;
        }

        @Override
        public void calibrateBeside() {
            calibrations = calibrationCount.incrementAndGet();
        }

        @Override
        public List<Prediction> predict(List<ComputeScaling> changing) {
            if (Thread.currentThread().getName().equals(WhatIfAhead.THREAD)) {
                askedAhead.incrementAndGet();
            } else {
                asked.add(changing);
            }
            List<Prediction> r = new ArrayList<>();
            for (int k = 0; k <= changing.size(); k++) {
                r.add(new Prediction(31.0, 40.0 - k, null, List.of(), List.of()));
            }
            return r;
        }
    }

    @Test
    void theUnchangedRunIsReplayedOnlyWhenShownOrWithAWhatIf() {
        Counted noneTried = new Counted();
        Why nothing = analyse(noneTried, 0, false, false);
        assertEquals(List.of(), noneTried.asked, "--top 0, text: nothing replayed");
        assertEquals(0, noneTried.calibrations, "--top 0, text: no model made");
        assertEquals(0.0, nothing.predictedRuntime());
        assertTrue(nothing.whatIf().isEmpty());
        assertEquals(2, nothing.causes().get(0).rank(), nothing.causes().toString());
        assertEquals("solve", nothing.causes().get(0).region(), nothing.causes().toString());

        Counted shown = new Counted();
        Why alone = analyse(shown, 0, true, true);
        assertEquals(List.of(List.of()), shown.asked, "--top 0, JSON: the unchanged run alone");
        assertEquals(1, shown.calibrations, "JSON: the model beside the causes");
        assertEquals(40.0, alone.predictedRuntime());
        assertEquals(nothing.causes(), alone.causes());

        Counted tried = new Counted();
        Why balanced = analyse(tried, 1, false, true);
        assertEquals(1, tried.asked.size(), "--top 1, text: one pass, the unchanged run and the what-if");
        assertEquals(1, tried.calibrations, "text: the model made beside the causes, before the what-if is known");

        Counted even = new Counted();
        Why communication = analyse(even, 1, false, true, false);
        assertEquals(List.of(), even.asked, "only communication charged, rank 2 at the median: no what-if, nothing replayed");
        assertEquals(0, even.calibrations, "no wait with an excess: no model made");
        assertEquals(Why.COMMUNICATION, communication.causes().get(0).region(), communication.causes().toString());

        Counted serial = new Counted();
        analyse(serial, 1, false, false);
        assertEquals(1, serial.asked.size(), "-j 1: the same one pass");
        assertEquals(0, serial.calibrations, "-j 1: the model made by the replay's thread once a what-if is tried");
        assertEquals("balance region solve", balanced.whatIf().get(0).hypothesis());
        assertEquals(40.0, balanced.predictedRuntime());
        assertEquals(nothing.causes(), balanced.causes());
    }

    /**
     * With a replay of 32 calls or fewer, the two waits are worth replaying ahead: the likely what-ifs (region solve
     * balanced, rank 2, which the others waited for, at the median) are replayed on the thread ahead, with the model made
     * beside, and the causes' what-ifs taken from there; nothing replayed after the causes.
     */
    @Test
    void withWaitsWorthItTheLikelyWhatIfsAreReplayedAhead() {
        Counted tried = new Counted(32);
        Why balanced = analyse(tried, 1, false, true);
        assertEquals(List.of(), tried.asked, "nothing replayed after the causes");
        assertEquals(1, tried.askedAhead.get(), "one replay ahead");
        assertEquals(1, tried.calibrations, "the model made beside");
        // ahead: the unchanged run 40 s, balance region solve 39, rank 2 at median compute 38
        assertEquals(List.of("balance region solve", "rank 2 at median compute"), balanced.whatIf().stream().map(Why.Hypothesis::hypothesis).toList());
        assertEquals(List.of(39.0, 38.0), balanced.whatIf().stream().map(Why.Hypothesis::predictedRuntime).toList());
        assertEquals(40.0, balanced.predictedRuntime());

        Counted even = new Counted(32);
        Why communication = analyse(even, 1, false, true, false);
        assertEquals(List.of(), even.asked, "only communication charged: no what-if, nothing replayed after the causes");
        assertEquals(1, even.calibrations, "the model made beside the replay ahead, which was not wanted");
        assertTrue(communication.whatIf().isEmpty());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals(WhatIfAhead.THREAD) && t.isAlive()),
                "the replay ahead, not wanted, ended with the analysis");

        Counted serial = new Counted(32);
        analyse(serial, 1, false, false);
        assertEquals(1, serial.asked.size(), "-j 1: nothing ahead, one pass after the causes");
        assertEquals(0, serial.askedAhead.get());
    }

    private static Why analyse(Counted replays, int top, boolean unchangedShown, boolean parallel) {
        return analyse(replays, top, unchangedShown, parallel, true);
    }

    /**
     * With {@code late}, rank 2 computes in solve until 29 (19 ticks more than the others before its send); else it
     * computes until 10 as the others do and then waits in an MPI call until its send at 29 (no excess: communication).
     */
    private static Why analyse(Counted replays, int top, boolean unchangedShown, boolean parallel, boolean late) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true), send = b.addRegion("MPI_Send", true),
                recv = b.addRegion("MPI_Recv", true), solve = b.addRegion("solve", false), probe = b.addRegion("MPI_Probe", true);
        TraceDefinitions d = b.build();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            long[] solveEnd = {10, 10, late ? 29 : 10};
            for (int p = 0; p < 3; p++) {
                LocationEvents l = slices.location(p, p);
                l.enter(0, init);
                l.leave(1, init);
                l.enter(1, solve);
                l.leave(solveEnd[p], solve);
                if (p == 2 && !late) {
                    l.enter(10, probe);
                    l.leave(29, probe);
                }
                int call = p == 2 ? send : recv;
                l.enter(p == 2 ? 29 : solveEnd[p], call);
                l.leave(30, call);
                l.enter(30, fin);
                l.leave(31, fin);
            }
            slices.finish();
            WaitLog waits = new WaitLog(new long[3], store);
            MatchListener thread = waits.forThread();
            thread.callWait(0, 2, 10, 19);
            thread.callWait(1, 2, 10, 19);
            waits.joined();
            return Why.analyse(waits, slices, replays, top, parallel, unchangedShown);
        }
    }
}
