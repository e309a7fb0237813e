package org.igtrace.core.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;

/**
 * How {@code igtrace diff} matches the processes of two runs (definitions section 15): by world rank, rank r of A with
 * rank r of B (the selected ones; {@link RunComparison#matched}). Whether the two runs placed their processes alike: a rank's node-mates (the
 * ranks on the same node, by the node's name in the trace) are the same in both; the nodes' names may differ.
 *
 * @param processes the ranks matched (the selected processes of either run)
 * @param placement {@code same}, {@code different}, or {@code unknown} (a run does not name every process's node)
 * @param nodesA    the number of nodes of A's matched processes (0: unknown)
 * @param nodesB    the same of B
 * @param moved     the world ranks whose node-mates differ, rank order (empty unless different)
 */
public record RankMatching(int processes, String placement, int nodesA, int nodesB, List<Integer> moved) {
    public RankMatching {
        moved = List.copyOf(moved);
    }

    /** The matching of {@code a}'s and {@code b}'s selected processes, each numbered by its world rank. */
    public static RankMatching of(TraceProfile a, TraceProfile b) {
        return of(new RunComparison.Run(a, null), new RunComparison.Run(b, null));
    }

    /** The matching of the selected processes of {@code runA} and {@code runB} that have the same world rank. */
    public static RankMatching of(RunComparison.Run runA, RunComparison.Run runB) {
        TraceProfile a = runA.profile(), b = runB.profile();
        List<ProcessProfile> pa = new ArrayList<>(), pb = new ArrayList<>();
        for (int[] m : RunComparison.matched(runA, runB)) {
            if (a.selected(m[0]) && b.selected(m[1])) {
                pa.add(a.processes().get(m[0]));
                pb.add(b.processes().get(m[1]));
            }
        }
        int n = pa.size();
        boolean known = true;
        for (int i = 0; i < n; i++) {
            known &= pa.get(i).host() != null && pb.get(i).host() != null;
        }
        if (!known) {
            return new RankMatching(n, "unknown", 0, 0, List.of());
        }
        Map<String, Integer> firstA = new HashMap<>(), firstB = new HashMap<>();
        int[] groupA = new int[n], groupB = new int[n];
        for (int i = 0; i < n; i++) { // each process named by the first matched process on its node
            int k = i;
            groupA[i] = firstA.computeIfAbsent(pa.get(i).host(), h -> k);
            groupB[i] = firstB.computeIfAbsent(pb.get(i).host(), h -> k);
        }
        // i's node-mates are the same in both runs iff its node in A, its node in B and the two together hold as many
        int[] sizeA = new int[n], sizeB = new int[n];
        Map<Long, Integer> both = new HashMap<>();
        for (int i = 0; i < n; i++) {
            sizeA[groupA[i]]++;
            sizeB[groupB[i]]++;
            both.merge((long) groupA[i] * n + groupB[i], 1, Integer::sum);
        }
        List<Integer> moved = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int together = both.get((long) groupA[i] * n + groupB[i]);
            if (together != sizeA[groupA[i]] || together != sizeB[groupB[i]]) {
                moved.add(runA.worldRank(pa.get(i).rank()));
            }
        }
        return new RankMatching(n, moved.isEmpty() ? "same" : "different", firstA.size(), firstB.size(), moved);
    }

    /** Whether the two runs' processes sit on their nodes alike. */
    public boolean samePlacement() {
        return !Objects.equals(placement, "different");
    }
}
