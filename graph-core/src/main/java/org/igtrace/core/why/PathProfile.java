package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What lies on the critical path (definitions section 14): per process its compute and MPI time on
 * the path, per outermost user region its time on the path (the region one level below the process's
 * root region, the root itself while nothing is open below it: {@link SliceCursor#top}), per pair (the process the path came from, the process it went on) the jumps and the time
 * of the messages on the path. Seconds. Time on the path outside a process's span (before it
 * started, after it ended) is neither compute nor MPI, nor is time with recording off on the process
 * the path is on (what ran then is unknown, definitions section 3): that is its own part, per process.
 *
 * @param length    the path's length: the measured run time, seconds
 * @param processes per process (rank order)
 * @param regions   per region, by time on the path, largest first
 * @param pairs     per pair, by sender then receiver
 * @param path      the path itself
 */
public record PathProfile(double length, List<ProcessOnPath> processes, List<RegionOnPath> regions, List<PairOnPath> pairs,
                          CriticalPath path) {

    /** Process {@code rank}'s time on the path: computing, in MPI, and with recording off. */
    public record ProcessOnPath(int rank, double computeOnPath, double mpiOnPath, double offOnPath) {
        /** Its whole time on the path. */
        public double onPath() {
            return computeOnPath + mpiOnPath + offOnPath;
        }
    }

    public record RegionOnPath(String name, double timeOnPath) {
    }

    /**
     * {@code jumps} of the path between process {@code from}, the one waited for, and {@code to}, the one that waited (a late
     * sender's receiver, a late receiver's sender, a collective's member), and their {@code time} on the path.
     */
    public record PairOnPath(int from, int to, long jumps, double time) {
    }

    /** The profile of {@code path} over the slices of {@code slices}, with the clock offsets of {@code waits}. */
    public static PathProfile of(CriticalPath path, RegionSlices slices, WaitLog waits) {
        int n = slices.processCount();
        double tick = 1 / slices.definitions().ticksPerSecond();
        Map<Long, long[]> pairs = new TreeMap<>();
        for (CriticalPath.Segment s : path.segments()) {
            if (s.cause() >= 0) {
                long[] c = pairs.computeIfAbsent((long) s.cause() * n + s.process(), k -> new long[2]);
                c[0]++;
                c[1] += s.transfer();
            }
        }
        long[] compute = new long[n], mpi = new long[n], off = new long[n];
        long[] region = new long[slices.regionCount() + 1];
        for (PathShares.Share s : PathShares.of(path, slices, waits, true)) {
            if (s.mpi()) {
                mpi[s.process()] += s.ticks();
            } else if (s.region() == slices.offRegion()) {
                off[s.process()] += s.ticks();
            } else {
                compute[s.process()] += s.ticks();
                region[s.region() + 1] += s.ticks();
            }
        }
        List<ProcessOnPath> processes = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            processes.add(new ProcessOnPath(p, compute[p] * tick, mpi[p] * tick, off[p] * tick));
        }
        Map<String, Long> byName = new TreeMap<>(); // regions of one name (EZTrace defines one per rank) are one
        for (int r = 0; r < region.length; r++) {
            if (region[r] > 0) {
                byName.merge(slices.name(r - 1), region[r], Long::sum);
            }
        }
        List<RegionOnPath> regions = new ArrayList<>();
        byName.forEach((name, ticks) -> regions.add(new RegionOnPath(name, ticks * tick)));
        regions.sort(Comparator.comparingDouble(RegionOnPath::timeOnPath).reversed().thenComparing(RegionOnPath::name));
        List<PairOnPath> pairList = new ArrayList<>();
        pairs.forEach((k, c) -> pairList.add(new PairOnPath((int) (k / n), (int) (k % n), c[0], c[1] * tick)));
        return new PathProfile(path.length() * tick, processes, regions, pairList, path);
    }

    /** The compute on the path of all processes, seconds. */
    public double computeOnPath() {
        return processes.stream().mapToDouble(ProcessOnPath::computeOnPath).sum();
    }

    /** The time on the path with recording off, all processes, seconds. */
    public double offOnPath() {
        return processes.stream().mapToDouble(ProcessOnPath::offOnPath).sum();
    }
}
