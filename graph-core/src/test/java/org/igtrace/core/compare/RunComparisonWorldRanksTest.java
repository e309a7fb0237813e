package org.igtrace.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * {@code diff} matches the processes of two runs by world rank (issue 41 item 6): A analysed world ranks 0, 5 and
 * 999,999 (processes 0, 1, 2), B only 0 and 999,999 (processes 0, 1). The rows are world ranks 0 and 999,999: A's
 * process 2 beside B's process 1 (T 3 s against 4 s), world rank 5 left out; the pair (0, 999999) carries 100 bytes in A
 * and 300 in B; solve's compute, 30 ticks in A and 40 in B on world rank 999,999 (4 and 5.5 in all), changed most there. Before, the
 * runs' processes were matched by number (A's process 1, world rank 5, beside B's process 1, world rank 999,999).
 */
class RunComparisonWorldRanksTest {
    static RunComparison.Run run(int[] worldRanks, String[] hosts, double[] times, long[] solve, PairTraffic pair) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        ProcessProfile[] ps = new ProcessProfile[worldRanks.length];
        long[][] ticks = new long[worldRanks.length][];
        for (int p = 0; p < worldRanks.length; p++) {
            b.addProcess("P" + worldRanks[p], hosts[p]);
            ps[p] = new ProcessProfile(p, "P" + worldRanks[p], hosts[p], times[p], 0.5);
            ticks[p] = new long[] {solve[p]};
        }
        TraceDefinitions d = b.worldRanks(worldRanks).build();
        TraceProfile profile = new TraceProfile(List.of(ps), List.of(pair), pair.messages(), List.of());
        return new RunComparison.Run(profile, RegionTimes.of(ticks, g -> "solve", 10), d);
    }

    static RunComparison.Run a() {
        return run(new int[] {0, 5, 999_999}, new String[] {"a", "b", "b"}, new double[] {1, 2, 3}, new long[] {10, 0, 30},
                new PairTraffic(0, 2, 100, 1));
    }

    static RunComparison.Run b() {
        return run(new int[] {0, 999_999}, new String[] {"a", "a"}, new double[] {1.5, 4}, new long[] {15, 40}, new PairTraffic(0, 1, 300, 3));
    }

    @Test
    void processesAreMatchedByWorldRank() {
        RunComparison c = RunComparison.of(a(), b());
        assertEquals(List.of(0, 999_999), c.processes().stream().map(RunComparison.ProcessRow::rank).toList());
        assertEquals(new Change(3, 4), c.processes().get(1).time());
        assertEquals(1, c.pairs().size());
        assertEquals(0, c.pairs().get(0).a());
        assertEquals(999_999, c.pairs().get(0).b());
        assertEquals(new Change(100, 300), c.pairs().get(0).bytes());
        RunComparison.RegionRow solve = c.regions().get(0);
        assertEquals(List.of(0, 999_999), solve.ranks());
        assertEquals(999_999, solve.mostChangedRank());
        assertEquals(new Change(3, 4), solve.mostChangedProcess());
    }

    @Test
    void placementIsComparedByWorldRank() {
        RankMatching m = RankMatching.of(a(), b());
        assertEquals(2, m.processes());
        assertEquals("different", m.placement());
        assertEquals(List.of(0, 999_999), m.moved());
    }
}
