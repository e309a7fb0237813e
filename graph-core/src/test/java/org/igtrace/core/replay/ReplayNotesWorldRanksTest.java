package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The replay's notes name processes by their world ranks when {@code --skip-missing} analysed processes apart from them
 * (issue 41 item 6). Four processes analysed, world ranks 3, 8, 9 and 999,999: the first records MPI_Init and
 * MPI_Finalize with recording off from 2 to 5 ms; the three others only a MeasurementOnOff pair, no region event. Before,
 * the notes said "ranks 1-3 have no region event" and "rank 0 for 3 ms", the process numbers.
 */
class ReplayNotesWorldRanksTest {
    @Test
    void notesNameWorldRanks() {
        List<String> notes = notes(new int[] {3, 8, 9, 999_999});
        assertTrue(notes.contains("ranks 8-9, 999999 have no region event in what was read: not replayed"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.endsWith("recording was off (unknown: neither computation nor a call's own time) on rank 3 for 3 ms")), notes.toString());
    }

    @Test
    void wholeTraceNotesNameProcessNumbers() {
        List<String> notes = notes(null);
        assertTrue(notes.contains("ranks 1-3 have no region event in what was read: not replayed"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.endsWith("on rank 0 for 3 ms")), notes.toString());
    }

    private static List<String> notes(int[] worldRanks) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 4; p++) {
            b.addProcess("p" + p, null);
        }
        if (worldRanks != null) {
            b.worldRanks(worldRanks);
        }
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true);
        TraceDefinitions d = b.ticksPerSecond(1000).build();
        ActivityRecorder recorder = new ActivityRecorder(d);
        for (int p = 0; p < 4; p++) {
            LocationEvents l = recorder.location(p, p);
            if (p == 0) {
                l.enter(0, init);
                l.leave(1, init);
            }
            l.measurement(2, false);
            l.measurement(5, true);
            if (p == 0) {
                l.enter(6, fin);
                l.leave(7, fin);
            }
            l.end();
        }
        RecordedRun run = recorder.recorded();
        assertEquals(1, run.replayedProcesses());
        return run.notes();
    }
}
