package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.List;

/**
 * The critical path's time per process, region and state (definitions section 15: what {@code igtrace diff}
 * compares): each stretch of the path on a process read against that process's {@link RegionSlices}, so a
 * share is the path's time on process p computing in region r (its exclusive time; -1: outside every region) or
 * inside MPI call r.
 * Time on the path outside the process's span is in no share.
 */
public final class PathShares {
    /**
     * {@code ticks} of the path on {@code process} in {@code region} ({@link RegionSlices#name}): inside that MPI call if
     * {@code mpi}, else computing in it, or with recording off when the region is {@link RegionSlices#offRegion}.
     */
    public record Share(int process, int region, boolean mpi, long ticks) {
    }

    private PathShares() {
    }

    /** The shares of {@code path}, by process, then region, then compute before MPI; none of 0 ticks. */
    public static List<Share> of(CriticalPath path, RegionSlices slices, WaitLog waits) {
        return of(path, slices, waits, false);
    }

    /**
     * As {@link #of(CriticalPath, RegionSlices, WaitLog)}; with {@code outermost}, computing is in the outermost user region
     * below the root ({@link SliceCursor#top}: definitions section 14's regions on the path), not the innermost.
     */
    public static List<Share> of(CriticalPath path, RegionSlices slices, WaitLog waits, boolean outermost) {
        int n = slices.processCount(), regions = slices.regionCount();
        List<List<CriticalPath.Segment>> mine = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            mine.add(new ArrayList<>());
        }
        for (CriticalPath.Segment s : path.segments()) {
            mine.get(s.process()).add(s);
        }
        List<Share> shares = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            List<CriticalPath.Segment> segs = mine.get(p);
            long[] from = new long[segs.size()], to = new long[segs.size()];
            for (int i = 0; i < from.length; i++) {
                from[i] = segs.get(i).from();
                to[i] = segs.get(i).to();
            }
            long[] ticks = new long[2 * (regions + 1)]; // region -1 (computing outside every region) first
            SliceQueries.answer(slices, p, waits.offset(p), from, to, (q, r, top, inMpi, t) -> ticks[2 * ((outermost ? top : r) + 1) + (inMpi ? 1 : 0)] += t);
            for (int k = 0; k < ticks.length; k++) {
                if (ticks[k] > 0) {
                    shares.add(new Share(p, k / 2 - 1, k % 2 == 1, ticks[k]));
                }
            }
        }
        return shares;
    }
}
