package org.igtrace.formats.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.replay.ComputeScaling;
import org.igtrace.core.replay.Prediction;
import org.igtrace.core.select.Selection;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.wait.MatchListener;
import org.igtrace.core.why.RegionSlices;
import org.igtrace.core.why.WaitLog;
import org.igtrace.core.why.Why;
import org.igtrace.formats.Json;
import org.junit.jupiter.api.Test;

/**
 * {@code why} names processes by their world ranks when {@code --skip-missing} analysed processes apart from them
 * (issue 41 item 6). Three processes analysed, world ranks 2, 5 and 999,999: the third (process 2) computes in solve
 * from 1 to 29 and then sends to the two others, which wait in their receives from 10 to 30 (19 ticks each, 38 in
 * all): the first cause is world rank 999,999's solve, and its compute (28 ticks) is above the median (9), so the
 * what-if "rank 999999 at median compute" is tried. Before, every text named process 2 "rank 2", the rank of another
 * process of the run.
 */
class WhyWorldRanksTest {
    @Test
    void whyNamesWorldRanks() {
        Why why = analyse(new int[] {2, 5, 999_999});
        assertEquals(2, why.causes().get(0).rank(), "the rows keep the process number");
        WhyOutput out = new WhyOutput(why, new TraceProfile(List.of(), List.of(), 0, List.of()), Selection.ALL);
        assertTrue(out.story().startsWith("rank 999999's region solve holds the run back"), out.story());
        assertTrue(out.story().contains("bringing rank 999999 to the median compute would save 9.00 s"), out.story());
        assertTrue(why.whatIf().stream().anyMatch(h -> h.hypothesis().equals("rank 999999 at median compute")), why.whatIf().toString());
        String text = String.join("\n", out.text());
        assertTrue(text.contains("999999  solve"), text);
        assertFalse(text.contains("rank 2 at"), text);
        String json = Json.write(out.json());
        assertTrue(json.substring(json.indexOf("\"causes\"")).startsWith("\"causes\": [\n    {\n      \"rank\": 999999,"), json);
        assertTrue(json.contains("\"from\": 999999"), json);
        StringBuilder html = new StringBuilder();
        ReportWhy.section(html, why, new TraceProfile(List.of(), List.of(), 0, List.of()), Selection.ALL);
        assertTrue(html.toString().contains("<tr class=\"cause\" data-rank=\"999999\"><td>999999</td>"), html.toString());
    }

    @Test
    void wholeTraceNamesProcessNumbers() {
        Why why = analyse(null);
        WhyOutput out = new WhyOutput(why, new TraceProfile(List.of(), List.of(), 0, List.of()), Selection.ALL);
        assertTrue(out.story().startsWith("rank 2's region solve holds the run back"), out.story());
        assertTrue(why.whatIf().stream().anyMatch(h -> h.hypothesis().equals("rank 2 at median compute")), why.whatIf().toString());
    }

    /** The unchanged run's run time 29 s (as measured), the first what-if's too (no gain), the second's 20 s. */
    private static final class Replays implements Why.Replays {
        @Override
        public List<Prediction> predict(List<ComputeScaling> changing) {
            List<Prediction> r = new ArrayList<>();
            for (int k = 0; k <= changing.size(); k++) {
                r.add(new Prediction(29.0, k == 2 ? 20.0 : 29.0, null, List.of(), List.of()));
            }
            return r;
        }
    }

    private static Why analyse(int[] worldRanks) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        if (worldRanks != null) {
            b.worldRanks(worldRanks);
        }
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true), send = b.addRegion("MPI_Send", true),
                recv = b.addRegion("MPI_Recv", true), solve = b.addRegion("solve", false);
        TraceDefinitions d = b.build();
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RegionSlices slices = new RegionSlices(d, store);
            long[] solveEnd = {10, 10, 29};
            for (int p = 0; p < 3; p++) {
                LocationEvents l = slices.location(p, p);
                l.enter(0, init);
                l.leave(1, init);
                l.enter(1, solve);
                l.leave(solveEnd[p], solve);
                int call = p == 2 ? send : recv;
                l.enter(solveEnd[p], call);
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
            return Why.analyse(waits, slices, new Replays(), 2, false, true);
        }
    }
}
