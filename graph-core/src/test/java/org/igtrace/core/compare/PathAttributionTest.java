package org.igtrace.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.compare.PathAttribution.Contributor;
import org.igtrace.core.compare.PathTimes.Kind;
import org.igtrace.core.compare.PathTimes.Share;
import org.junit.jupiter.api.Test;

/**
 * definitions section 15's contributors, on paths written by hand: testdata/make-diff.py's runs as
 * section 14 walks them. Balanced: each of 10 iterations is solve 100 us, pack 20 us, MPI_Sendrecv 10 us,
 * MPI_Allreduce 10 us, all on one rank (here 0: any of the equal ranks). Rank 5 slow: its solve is 300 us and
 * the path runs through it. So T = 1.4 and 3.4 ms and the difference is 10 x 200 us of solve.
 */
class PathAttributionTest {
    private static PathTimes iterations(int rank, double solve) {
        List<Share> shares = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            shares.add(new Share(Kind.COMPUTE, rank, "solve", solve));
            shares.add(new Share(Kind.COMPUTE, rank, "pack", 20e-6));
            shares.add(new Share(Kind.TRANSFER, rank, "MPI_Sendrecv", 10e-6));
            shares.add(new Share(Kind.TRANSFER, rank, "MPI_Allreduce", 10e-6));
        }
        return new PathTimes(10 * (solve + 40e-6), shares);
    }

    private static double sum(List<Contributor> cs) {
        return cs.stream().mapToDouble(Contributor::delta).sum();
    }

    @Test
    void theSlowRanksSolveIsTheWholeDifference() {
        PathTimes balanced = iterations(0, 100e-6), slow = iterations(5, 300e-6);
        List<Contributor> cs = PathAttribution.of(balanced, slow, 1.4e-3, 3.4e-3);
        assertEquals(1, cs.size(), cs.toString());
        Contributor c = cs.get(0);
        assertEquals(Kind.COMPUTE, c.kind());
        assertEquals("solve", c.region());
        assertEquals(5, c.rank(), "rank 5 carries it: +3.0 ms on its own against rank 0's -1.0 ms");
        assertEquals(2.0e-3, c.delta(), 1e-12);
        assertEquals(List.of(5, 0), c.ranks().stream().map(PathAttribution.RankShare::rank).toList());
        // B faster than A: the same contributor, negative
        List<Contributor> back = PathAttribution.of(slow, balanced, 3.4e-3, 1.4e-3);
        assertEquals(-2.0e-3, back.get(0).delta(), 1e-12);
        assertEquals(5, back.get(0).rank());
    }

    @Test
    void aRunAgainstItselfHasNoContributor() {
        PathTimes slow = iterations(5, 300e-6);
        assertEquals(List.of(), PathAttribution.of(slow, slow, 3.4e-3, 3.4e-3));
    }

    /** Several kinds change; what a path leaves out of its run time is off_path; they add up to the difference, largest first. */
    @Test
    void contributorsAddUpToTheDifference() {
        PathTimes a = new PathTimes(5e-3, List.of(new Share(Kind.COMPUTE, 1, "solve", 3e-3), new Share(Kind.TRANSFER, 1, "MPI_Allreduce", 1e-3),
                new Share(Kind.TRANSFER, 2, "MPI_Recv", 1e-3)));
        PathTimes b = new PathTimes(6e-3, List.of(new Share(Kind.COMPUTE, 1, "solve", 2.5e-3), new Share(Kind.COMPUTE, 3, "pack", 0.5e-3),
                new Share(Kind.TRANSFER, 2, "MPI_Recv", 3e-3)));
        // A's shares cover its 5 ms run; B's run is 6.2 ms, 0.2 ms of it outside the shares
        List<Contributor> cs = PathAttribution.of(a, b, 5e-3, 6.2e-3);
        assertEquals(1.2e-3, sum(cs), 1e-15);
        assertEquals(List.of("transfer MPI_Recv 2.0", "transfer MPI_Allreduce -1.0", "compute pack 0.5", "compute solve -0.5", "off_path null 0.2"),
                cs.stream().map(c -> c.kind().label() + " " + c.region() + " " + Math.round(c.delta() * 1e4) / 10.0).toList());
    }
}
