package org.igtrace.core.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The difference of two runs' run times split into contributors along their critical paths (definitions
 * section 15). Each run's path is split by kind (compute, transfer) and region (the user region computed in,
 * the MPI call transferred in); a contributor is one such (kind, region): its time on B's path minus its time
 * on A's path. The paths' lengths are the run times, so the contributors add up to {@code T_B - T_A}; what of
 * a run time the path's shares do not cover (a path shorter than the run, stretches outside every process's
 * span) is one more contributor, {@code off_path}, so that they add up exactly.
 *
 * <p>A contributor is named by the process that carries it: the one whose own time on the path in that kind
 * and region changed most in the contributor's direction. The key leaves the process out on purpose: the
 * critical path of a balanced run runs through any one of its equal processes, so comparing per process
 * would weigh a slow rank's whole time in B against another rank's in A (rank 5's solve +3.0 ms and rank
 * 0's -1.0 ms where the run is 2.0 ms slower); per region the 2.0 ms are one contributor, carried by rank 5.
 * Each contributor keeps the per-process changes behind it.
 */
public final class PathAttribution {
    /** Contributors of at most this size (seconds) are left out: the same time on both paths. */
    static final double NEGLIGIBLE = 1e-12;

    private PathAttribution() {
    }

    /** One process's part of a contributor: its time on A's path and on B's path. */
    public record RankShare(int rank, Change time) {
    }

    /**
     * One contributor.
     *
     * @param kind   compute, transfer, or off_path
     * @param rank   the process that carries it, by its world rank (-1 for off_path)
     * @param region the user region or MPI call (null for off_path)
     * @param time   its time on A's path and on B's path (for off_path: the run time the path leaves out)
     * @param ranks  the per-process changes behind it, largest in its direction first (empty for off_path)
     */
    public record Contributor(PathTimes.Kind kind, int rank, String region, Change time, List<RankShare> ranks) {
        public double delta() {
            return time.delta();
        }
    }

    /**
     * The contributors of {@code runtimeB - runtimeA}, sorted by size (|delta|, largest first; ties by kind,
     * then region), those of no size left out. Their deltas add up to {@code runtimeB - runtimeA}.
     */
    public static List<Contributor> of(PathTimes a, PathTimes b, double runtimeA, double runtimeB) {
        Map<String, Map<Integer, double[]>> byKey = new TreeMap<>();
        Map<String, PathTimes.Share> example = new LinkedHashMap<>();
        collect(a, 0, byKey, example);
        collect(b, 1, byKey, example);
        List<Contributor> out = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, double[]>> e : byKey.entrySet()) {
            double sa = 0, sb = 0;
            List<RankShare> ranks = new ArrayList<>();
            for (Map.Entry<Integer, double[]> r : e.getValue().entrySet()) {
                sa += r.getValue()[0];
                sb += r.getValue()[1];
                ranks.add(new RankShare(r.getKey(), new Change(r.getValue()[0], r.getValue()[1])));
            }
            Change time = new Change(sa, sb);
            if (Math.abs(time.delta()) <= NEGLIGIBLE) {
                continue;
            }
            double sign = Math.signum(time.delta());
            ranks.sort(Comparator.comparingDouble((RankShare s) -> -sign * s.time().delta()).thenComparingInt(RankShare::rank));
            PathTimes.Share s = example.get(e.getKey());
            out.add(new Contributor(s.kind(), ranks.get(0).rank(), s.region(), time, List.copyOf(ranks)));
        }
        Change off = new Change(runtimeA - covered(a), runtimeB - covered(b));
        if (Math.abs(off.delta()) > NEGLIGIBLE) {
            out.add(new Contributor(PathTimes.Kind.OFF_PATH, -1, null, off, List.of()));
        }
        out.sort(Comparator.comparingDouble((Contributor c) -> -Math.abs(c.delta())).thenComparing(Contributor::kind)
                .thenComparing(c -> c.region() == null ? "" : c.region()));
        return List.copyOf(out);
    }

    /** The time the path's shares cover. */
    private static double covered(PathTimes path) {
        return path.shares().stream().mapToDouble(PathTimes.Share::seconds).sum();
    }

    private static void collect(PathTimes path, int side, Map<String, Map<Integer, double[]>> byKey, Map<String, PathTimes.Share> example) {
        for (PathTimes.Share s : path.shares()) {
            String key = s.kind().ordinal() + "\u0000" + s.region();
            example.putIfAbsent(key, s);
            byKey.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(s.rank(), r -> new double[2])[side] += s.seconds();
        }
    }
}
