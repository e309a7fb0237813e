package org.igtrace.reader.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.igtrace.core.pipeline.AnalysisOptions;
import org.igtrace.core.pipeline.WaitMode;
import org.igtrace.core.profile.TraceAccumulator;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.reader.ReadOptions;
import org.igtrace.reader.ReadProgress;
import org.igtrace.reader.TestTraces;
import org.igtrace.reader.input.TraceInput;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 10: regions entered and never left are counted in a note, as the OTF reader counts
 * regions left open, and a region left after its enclosing one is not. testdata/unbalanced-regions (make-unbalanced-regions.py, whose comment follows
 * the open regions event by event): 2 never left on location 0, 1 on location 1; T_0 = 80 us,
 * T_1 = 90 us.
 */
class UnbalancedRegionsTest {
    private static final String NOTE = "3 regions entered and never left (no Leave event of theirs follows), on 2 locations"
            + " (location 0 \"Master thread 0\", location 1 \"Master thread 1\"): the events are read as recorded";

    private static Path anchor() {
        return TestTraces.dir().resolve("unbalanced-regions/traces.otf2");
    }

    @Test
    void theNoteCountsThemAndTheTimesAreAsRecorded() throws Exception {
        TraceProfile profile = TraceInput.read(anchor(), new ReadOptions(false, 2), new AnalysisOptions(false, WaitMode.OFF));
        assertTrue(profile.notes().contains(NOTE), profile.notes().toString());
        assertEquals(80e-6, profile.processes().get(0).time(), 1e-12);
        assertEquals(90e-6, profile.processes().get(1).time(), 1e-12);
    }

    @Test
    void partsReadElsewhereGiveTheSameNote() throws Exception {
        Otf2TraceReader reader = Otf2TraceReader.open(anchor(), new ReadOptions(false, 1), ReadProgress.NONE);
        long[] first = reader.partReader().readParts(new TraceAccumulator(reader.definitions(), false), new int[] {0});
        long[] second = reader.partReader().readParts(new TraceAccumulator(reader.definitions(), false), new int[] {1});
        long[] counts = new long[Math.max(first.length, second.length)]; // added up as Spark adds them: by index
        for (int i = 0; i < counts.length; i++) {
            counts[i] = (i < first.length ? first[i] : 0) + (i < second.length ? second[i] : 0);
        }
        assertEquals(List.of(NOTE), reader.notes(counts).stream().filter(n -> n.contains("never left")).toList());
    }

    @Test
    void nestingFollowsTheLeavesThatNameTheirRegion() {
        RegionNesting n = new RegionNesting();
        n.enter(1);
        n.enter(2);
        n.leave(2);
        n.leave(3); // not open: the core counts it, not this
        n.enter(2);
        n.enter(2);
        n.enter(4);
        n.leave(2); // the inner 2: 4 put aside
        n.leave(1); // the outer 2 put aside
        n.enter(5);
        n.enter(6);
        n.leave(5); // 6 put aside
        n.leave(6); // and left, out of order (EZTrace 2.0's "EZTrace finalize" inside "Working")
        assertEquals(2, n.end()); // 4 and the outer 2 never left
    }
}
