package org.igtrace.formats.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.compare.RankMatching;
import org.igtrace.core.compare.RegionTimes;
import org.igtrace.core.compare.RunComparison;
import org.igtrace.core.profile.PairTraffic;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * {@code diff}'s output names world ranks (issue 41 item 6): A analysed world ranks 0, 5 and 999,999, B 0 and 999,999;
 * solve's compute grew most on world rank 999,999 (3 s to 4 s). Before, the region's per-process rows were numbered by
 * their position (0, 1) and its "most by rank" was 1.
 */
class DiffWorldRanksTest {
    private static RunComparison.Run run(int[] worldRanks, double[] times, long[] solve, PairTraffic pair) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        ProcessProfile[] ps = new ProcessProfile[worldRanks.length];
        long[][] ticks = new long[worldRanks.length][];
        for (int p = 0; p < worldRanks.length; p++) {
            b.addProcess("P" + worldRanks[p], null);
            ps[p] = new ProcessProfile(p, "P" + worldRanks[p], null, times[p], 0.5);
            ticks[p] = new long[] {solve[p]};
        }
        TraceDefinitions d = b.worldRanks(worldRanks).build();
        return new RunComparison.Run(new TraceProfile(List.of(ps), List.of(pair), pair.messages(), List.of()),
                RegionTimes.of(ticks, g -> "solve", 10), d);
    }

    @Test
    void outputNamesWorldRanks() {
        RunComparison.Run a = run(new int[] {0, 5, 999_999}, new double[] {1, 2, 3}, new long[] {10, 0, 30}, new PairTraffic(0, 2, 100, 1));
        RunComparison.Run b = run(new int[] {0, 999_999}, new double[] {1.5, 4}, new long[] {15, 40}, new PairTraffic(0, 1, 300, 3));
        RunComparison c = RunComparison.of(a, b);
        DiffOutput out = new DiffOutput("a.otf2", "b.otf2", c, List.of(), null, null, List.of(), RankMatching.of(a, b), null);
        String text = out.text(), json = out.json();
        assertTrue(text.contains("0 - 999999"), text);
        assertTrue(text.matches("(?s).*\\nsolve .* 999999 +\\+1\\.00 s\\n.*"), text);
        String regions = json.substring(json.indexOf("\"regions\""));
        assertTrue(regions.contains("\"rank\": 999999"), regions);
        assertTrue(!regions.contains("\"rank\": 1,"), regions);
    }
}
