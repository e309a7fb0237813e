package org.igtrace.core.timeline;

import java.util.BitSet;

/**
 * What the join threads' part of a timeline needs to know of it: the rows drawn, the clock offsets
 * of the join, and the grid it bins and thins by.
 *
 * @param processes       processes of the definitions (rows there can be)
 * @param columns         pixel columns of the time axis (even)
 * @param exactStates     a row keeps its exact waiting parts while it has at most this many
 * @param origin          the tick at the left edge of the bins
 * @param columnTicks     ticks per pixel column, estimated from the read (at least 1)
 * @param initialBinWidth the bins' first width in ticks
 * @param shown           the processes drawn, or null for all
 * @param offsets         clock offsets in ticks per process, of the join that measures waits
 */
record WaitsFrame(int processes, int columns, int exactStates, long origin, long columnTicks, long initialBinWidth, BitSet shown,
                  long[] offsets) {
    boolean isShown(int process) {
        return shown == null || shown.get(process);
    }

    long offset(int process) {
        return process >= 0 && process < offsets.length ? offsets[process] : 0;
    }
}
