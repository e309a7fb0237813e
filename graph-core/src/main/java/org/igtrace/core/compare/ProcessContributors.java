package org.igtrace.core.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The difference of two runs per process (definitions section 15): each process's own time split into compute
 * (its useful time U_i), transfer (its MPI time outside waiting, {@code T_i - U_i - waiting_i}) and waiting
 * (section 8), each as its time in A and in B, beside that process's time of the kind on each run's critical
 * path (waiting is never on a path). A process's three changes add up to the change of its T_i.
 *
 * <p>These are the contributors {@link PathAttribution} leaves out on purpose: it keys by kind and region, so a
 * slowdown that moved from one rank to another of the same size cancels out there (rank 1's solve 2 ms longer in
 * A, rank 2's in B: the per-region difference is 0); here it shows as rank 2's compute +2 ms and rank 1's -2 ms.
 */
public final class ProcessContributors {
    private ProcessContributors() {
    }

    /**
     * One process's change in one kind.
     *
     * @param rank   the process, by its world rank (as the rows of {@link RunComparison})
     * @param kind   compute, transfer or waiting
     * @param time   its own time of the kind, in A and in B
     * @param onPath its time of the kind on A's and on B's critical path; null for waiting or without both paths
     */
    public record Contributor(int rank, PathTimes.Kind kind, Change time, Change onPath) {
        public double delta() {
            return time.delta();
        }
    }

    private static final PathTimes.Kind[] KINDS = {PathTimes.Kind.COMPUTE, PathTimes.Kind.TRANSFER, PathTimes.Kind.WAITING};

    /**
     * The per-process contributors of the compared {@code processes} (those of no size left out), sorted by size
     * (|delta| to the nanosecond, largest first; ties: kind, then rank), with the paths' times from {@code a}
     * and {@code b} (either may be null: no path times).
     */
    public static List<Contributor> of(List<RunComparison.ProcessRow> processes, PathTimes a, PathTimes b) {
        Map<Integer, double[]> pathA = byRank(a), pathB = byRank(b);
        List<Contributor> out = new ArrayList<>();
        for (RunComparison.ProcessRow p : processes) {
            Change transfer = new Change(p.time().a() - p.useful().a() - p.waiting().a(), p.time().b() - p.useful().b() - p.waiting().b());
            Change[] times = {p.useful(), transfer, p.waiting()};
            for (int k = 0; k < KINDS.length; k++) {
                if (Math.abs(times[k].delta()) <= PathAttribution.NEGLIGIBLE) {
                    continue;
                }
                Change onPath = KINDS[k] == PathTimes.Kind.WAITING || a == null || b == null ? null
                        : new Change(onPath(pathA, p.rank(), k), onPath(pathB, p.rank(), k));
                out.add(new Contributor(p.rank(), KINDS[k], times[k], onPath));
            }
        }
        out.sort(Comparator.comparingLong((Contributor c) -> -Math.round(Math.abs(c.delta()) * 1e9)).thenComparing(Contributor::kind)
                .thenComparingInt(Contributor::rank));
        return List.copyOf(out);
    }

    /** Per rank, its compute and transfer on {@code path} (null: an empty map). */
    private static Map<Integer, double[]> byRank(PathTimes path) {
        Map<Integer, double[]> m = new HashMap<>();
        if (path != null) {
            for (PathTimes.Share s : path.shares()) {
                if (s.kind() == PathTimes.Kind.COMPUTE || s.kind() == PathTimes.Kind.TRANSFER) {
                    m.computeIfAbsent(s.rank(), r -> new double[2])[s.kind() == PathTimes.Kind.COMPUTE ? 0 : 1] += s.seconds();
                }
            }
        }
        return m;
    }

    private static double onPath(Map<Integer, double[]> path, int rank, int kind) {
        double[] t = path.get(rank);
        return t == null ? 0 : t[kind];
    }
}
