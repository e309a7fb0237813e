package org.igtrace.formats.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

/**
 * The table per process of {@code stats} costs memory in proportion to the processes (issue 41
 * item 6): its clock offset column copied every process's offset for each row ({@code offsets()[rank]}),
 * n^2 doubles, 80 GB allocated and 82 % of the CPU samples of {@code stats} at 10^5 ranks (71 s,
 * twice graph's). Counted as bytes this thread allocates, not as a time.
 */
class StatsTablesManyProcessesTest {
    private static final int N = 10_000;

    @Test
    void theTablePerProcessAllocatesInProportionToTheProcesses() {
        List<ProcessProfile> processes = new ArrayList<>();
        long[] offsets = new long[N];
        for (int r = 0; r < N; r++) {
            processes.add(new ProcessProfile(r, "MPI Rank " + r, null, 2.0, 0.5, 1));
            offsets[r] = r;
        }
        WaitReport waits = new WaitReport(true, true, offsets, new boolean[N], 0, 0, 0, 0, new long[WaitPattern.values().length][N],
                1e9, List.of(), List.of(), 0, 0, List.of());
        TraceProfile profile = new TraceProfile(processes, List.of(), 0, List.of(), waits);
        StatsTables.processes(profile).csv(); // classes loaded, code run once
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        List<String> rows = StatsTables.processes(profile).csv();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(N + 1, rows.size());
        // a copy of the n offsets per row: N * N * 8 bytes = 800 MB; a row's cells and text: a few hundred bytes
        assertTrue(allocated < (long) N * N * 8 / 10, "allocated " + allocated + " bytes for " + N + " rows");
    }
}
