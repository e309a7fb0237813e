package org.igtrace.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.igtrace.core.compare.PathTimes.Kind;
import org.igtrace.core.compare.PathTimes.Share;
import org.junit.jupiter.api.Test;

/**
 * definitions section 15's per-process contributors, on rows written by hand: testdata/make-diff.py's slowdown
 * that moved (rank 1 computes 3.2 ms in A and 1.2 ms in B, rank 2 the reverse; the other waits 2.0 ms; transfer
 * 10 x 20 us = 0.2 ms everywhere; T = 3.4 ms).
 */
class ProcessContributorsTest {
    private static RunComparison.ProcessRow row(int rank, double usefulA, double usefulB, double waitA, double waitB) {
        return new RunComparison.ProcessRow(rank, new Change(3.4e-3, 3.4e-3), new Change(usefulA, usefulB), new Change(waitA, waitB), List.of());
    }

    @Test
    void aMovedSlowdownShowsOnBothRanksAndAddsUpToEachT() {
        List<RunComparison.ProcessRow> rows = List.of(row(0, 1.2e-3, 1.2e-3, 2.0e-3, 2.0e-3), row(1, 3.2e-3, 1.2e-3, 0, 2.0e-3),
                row(2, 1.2e-3, 3.2e-3, 2.0e-3, 0));
        PathTimes a = new PathTimes(3.4e-3, List.of(new Share(Kind.COMPUTE, 1, "solve", 3.0e-3), new Share(Kind.TRANSFER, 1, "MPI_Allreduce", 0.4e-3)));
        PathTimes b = new PathTimes(3.4e-3, List.of(new Share(Kind.COMPUTE, 2, "solve", 3.0e-3), new Share(Kind.TRANSFER, 2, "MPI_Allreduce", 0.4e-3)));
        List<ProcessContributors.Contributor> cs = ProcessContributors.of(rows, a, b);
        assertEquals(4, cs.size(), cs.toString());
        // ties of size: compute before waiting, then by rank
        assertEquals(List.of("1 COMPUTE", "2 COMPUTE", "1 WAITING", "2 WAITING"), cs.stream().map(c -> c.rank() + " " + c.kind()).toList());
        assertEquals(-2.0e-3, cs.get(0).delta(), 1e-15);
        assertEquals(2.0e-3, cs.get(1).delta(), 1e-15);
        assertEquals(new Change(3.0e-3, 0), cs.get(0).onPath());
        assertEquals(new Change(0, 3.0e-3), cs.get(1).onPath());
        assertNull(cs.get(2).onPath());
        for (int rank = 1; rank <= 2; rank++) { // each process's changes add up to the change of its T (0 here)
            int r = rank;
            assertEquals(0, cs.stream().filter(c -> c.rank() == r).mapToDouble(ProcessContributors.Contributor::delta).sum(), 1e-15);
        }
    }
}
