package org.igtrace.core.why;

import org.igtrace.core.util.BlockStreamReader;

/**
 * Reads slices in time order: after {@link #next()} is true, {@link #from}, {@link #to}, {@link #region}, {@link #top},
 * {@link #mpi} and {@link #off} (recording switched off: region {@link RegionSlices#offRegion}, not in MPI).
 */
public final class SliceCursor {
    private final BlockStreamReader reader;
    private final int offRegion;
    public long from;
    public long to;
    public int region;
    /**
     * Computing: the outermost user region below the process's root region (the root itself while nothing is open
     * below it; definitions section 14), or, on a location that ran several root instances (phases at the outermost
     * level, no {@code main} around them), the root; -1 outside every region; else {@link #region}.
     */
    public int top;
    public boolean mpi;
    public boolean off;

    /** The location's root instances, each its enter (delta) and region + 1; null: one root instance or none. */
    private final BlockStreamReader roots;
    private long nextRootAt = Long.MIN_VALUE;
    private int root = -1, nextRoot = -1;

    /** Whether the stream holds the slices outside MPI only ({@link RegionSlices#computeCursor}). */
    private final boolean outsideMpi;

    SliceCursor(BlockStreamReader reader, int offRegion, BlockStreamReader roots) {
        this.reader = reader;
        this.offRegion = offRegion;
        this.roots = roots;
        this.outsideMpi = false;
        if (roots != null) {
            readRoot();
        }
    }

    /** A reader of the slices outside MPI ({@link RegionSlices#computeCursor}). */
    SliceCursor(BlockStreamReader reader, int offRegion) {
        this.reader = reader;
        this.offRegion = offRegion;
        this.roots = null;
        this.outsideMpi = true;
    }

    private void readRoot() {
        if (roots.hasMore()) {
            nextRootAt = (nextRootAt == Long.MIN_VALUE ? 0 : nextRootAt) + roots.readSigned();
            nextRoot = (int) roots.readUnsigned() - 1;
        } else {
            nextRootAt = Long.MAX_VALUE;
        }
    }

    public boolean next() {
        // a slice is at most four values, 40 bytes: read as one record (one check of the block's end, not one a value)
        if (reader == null || !reader.record()) {
            return false;
        }
        if (outsideMpi) { // region + 1, start (delta from the previous one's end), length
            region = (int) reader.unsignedInRecord() - 1;
            top = region;
            from = to + reader.signedInRecord();
            to = from + reader.unsignedInRecord();
            mpi = false;
            off = region == offRegion;
            return true;
        }
        long key = reader.unsignedInRecord();
        region = (int) (key >>> 2) - 1;
        top = (key & 2) != 0 ? (int) reader.unsignedInRecord() - 1 : region;
        from = to + reader.signedInRecord();
        to = from + reader.unsignedInRecord();
        mpi = (key & 1) != 0;
        off = region == offRegion;
        if (roots != null && !mpi && !off && region >= 0) {
            while (nextRootAt <= from) {
                root = nextRoot;
                readRoot();
            }
            top = root;
        }
        return true;
    }
}
