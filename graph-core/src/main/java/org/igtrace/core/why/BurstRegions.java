package org.igtrace.core.why;

import java.util.Arrays;

/**
 * The compute of each replayed burst by region, read from the {@link RegionSlices} once for all the what-ifs of a
 * replay ({@link WhatIf}): every model of a replay asks for the same bursts of a process in the same order (a process's
 * bursts in time order, the models one after another for each burst), so the pieces of the burst asked for last are
 * kept and handed to the next model that asks for that burst, instead of each what-if reading every process's slices
 * with a cursor of its own. A replay that starts ({@link #restart}), or a burst that starts before the one asked for
 * last on its process, starts the reading again. Used on one thread.
 */
final class BurstRegions {
    private final RegionSlices slices;
    private final SliceCursor[] cursor;
    /** Per process, whether its cursor holds a slice not yet used up (it reaches past the last burst). */
    private final boolean[] pending;
    private final long[] lastFrom;
    /** The burst whose pieces are kept: its process (-1: none), start and end. */
    private int keptProcess = -1;
    private long keptFrom, keptTo;
    /** Its compute pieces: each one's region ({@link SliceCursor#region}) and length in ticks. */
    private int[] region = new int[8];
    private long[] length = new long[8];
    private int pieces;

    /** @param slices the run's region slices */
    BurstRegions(RegionSlices slices) {
        this.slices = slices;
        int n = slices.processCount();
        this.cursor = new SliceCursor[n];
        this.pending = new boolean[n];
        this.lastFrom = new long[n];
        Arrays.fill(lastFrom, Long.MAX_VALUE);
    }

    /**
     * A replay starts: every process's reading starts again at its first burst (a process with one burst only asks
     * for the same burst again, which a restart found by a burst starting earlier would miss).
     */
    void restart() {
        Arrays.fill(cursor, null);
        Arrays.fill(lastFrom, Long.MAX_VALUE);
        keptProcess = -1;
    }

    /** @return the run's region slices */
    RegionSlices slices() {
        return slices;
    }

    /**
     * Reads the compute of process p's burst from tick {@code from} to tick {@code to}: each slice outside MPI and with
     * recording on that overlaps it, in time order, as a piece ({@link #region}, {@link #length}).
     *
     * @param p    a process with slices ({@link RegionSlices#has})
     * @param from the burst's start, ticks
     * @param to   its end, ticks
     * @return the number of pieces
     */
    int read(int p, long from, long to) {
        if (p == keptProcess && from == keptFrom && to == keptTo) {
            return pieces; // another model's same burst
        }
        if (from < lastFrom[p] || cursor[p] == null) {
            cursor[p] = slices.computeCursor(p); // the slices outside MPI: the others add nothing
            pending[p] = false;
        }
        lastFrom[p] = from;
        keptProcess = p;
        keptFrom = from;
        keptTo = to;
        pieces = 0;
        SliceCursor c = cursor[p];
        while (true) {
            if (!pending[p]) {
                if (!c.next()) {
                    break;
                }
                pending[p] = true;
            }
            if (c.from >= to) {
                break;
            }
            long overlap = Math.min(c.to, to) - Math.max(c.from, from);
            if (!c.mpi && !c.off && overlap > 0) {
                add(c.region, overlap);
            }
            if (c.to > to) {
                break;
            }
            pending[p] = false;
        }
        return pieces;
    }

    private void add(int r, long ticks) {
        if (pieces == region.length) {
            region = Arrays.copyOf(region, pieces * 2);
            length = Arrays.copyOf(length, pieces * 2);
        }
        region[pieces] = r;
        length[pieces++] = ticks;
    }

    /**
     * @param i a piece of the burst read last, below {@link #read}'s count
     * @return its region ({@link SliceCursor#region}: -1 outside every region)
     */
    int region(int i) {
        return region[i];
    }

    /**
     * @param i a piece of the burst read last, below {@link #read}'s count
     * @return its length, ticks
     */
    long length(int i) {
        return length[i];
    }
}
