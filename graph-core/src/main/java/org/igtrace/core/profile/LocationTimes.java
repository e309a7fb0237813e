package org.igtrace.core.profile;

import java.util.Arrays;

/**
 * One location's times as its process's profile needs them (definitions sections 3 and 10a), apart from its traffic
 * and counts: its first and last region events, the ticks its recording was off between them, its ticks in MPI
 * environment and communication calls, and its OpenMP records. A process of several threads is assembled from all of
 * its threads' times ({@link ProfileTotals#add(LocationTimes)}, {@link TraceAccumulator#profile(ProfileTotals, java.util.List)}),
 * so a distributed engine whose tasks read a process's threads apart carries these to one place ({@link #toLongs()},
 * {@link #ofLongs(long[])}).
 */
public final class LocationTimes {
    private static final int FIELDS = 8;

    private final int process;
    private final long order;
    private final long firstRegionTime;
    private final long lastRegionTime;
    private final long offTicks;
    /** The intervals off between the first and the last region event, as {@code start, end} pairs. */
    private final long[] offIntervals;
    private final long environmentTicks;
    private final long communicationTicks;
    /** The thread's OpenMP constructs; null when the trace defines none. */
    final OpenMpThread omp;

    LocationTimes(int process, long order, long firstRegionTime, long lastRegionTime, long offTicks, long[] offIntervals,
                  long environmentTicks, long communicationTicks, OpenMpThread omp) {
        this.process = process;
        this.order = order;
        this.firstRegionTime = firstRegionTime;
        this.lastRegionTime = lastRegionTime;
        this.offTicks = offTicks;
        this.offIntervals = offIntervals;
        this.environmentTicks = environmentTicks;
        this.communicationTicks = communicationTicks;
        this.omp = omp;
    }

    public int process() {
        return process;
    }

    /** The location's place among all locations. */
    public long order() {
        return order;
    }

    public long firstRegionTime() {
        return firstRegionTime;
    }

    public long lastRegionTime() {
        return lastRegionTime;
    }

    /** Ticks between the first and the last region event during which recording was off. */
    public long offTicks() {
        return offTicks;
    }

    /** The intervals off between the first and the last region event, disjoint and in order, as {@code start, end} pairs. */
    long[] offIntervals() {
        return offIntervals;
    }

    /** Last minus first region event, less the time recording was off between them (0 without region events). */
    public long spanTicks() {
        return lastRegionTime >= firstRegionTime ? lastRegionTime - firstRegionTime - offTicks : 0;
    }

    public long environmentTicks() {
        return environmentTicks;
    }

    public long communicationTicks() {
        return communicationTicks;
    }

    /**
     * Everything above in longs (each interval off 16 bytes, the OpenMP records 16 bytes per parallel region, 32 per
     * barrier), for {@link #ofLongs}.
     */
    public long[] toLongs() {
        long[] records = omp == null ? new long[0] : omp.toLongs();
        long[] all = new long[FIELDS + offIntervals.length + records.length];
        long[] head = {process, order, firstRegionTime, lastRegionTime, offTicks, environmentTicks, communicationTicks, offIntervals.length};
        System.arraycopy(head, 0, all, 0, FIELDS);
        System.arraycopy(offIntervals, 0, all, FIELDS, offIntervals.length);
        System.arraycopy(records, 0, all, FIELDS + offIntervals.length, records.length);
        return all;
    }

    /** The times {@link #toLongs()} gave. */
    public static LocationTimes ofLongs(long[] v) {
        if (v.length < FIELDS || v[7] < 0 || v[7] % 2 != 0 || v[7] > v.length - FIELDS) {
            throw new IllegalArgumentException("location times of " + v.length + " longs");
        }
        int offEnd = FIELDS + (int) v[7];
        long[] off = Arrays.copyOfRange(v, FIELDS, offEnd);
        OpenMpThread omp = v.length == offEnd ? null : OpenMpThread.ofLongs(Arrays.copyOfRange(v, offEnd, v.length));
        return new LocationTimes((int) v[0], v[1], v[2], v[3], v[4], off, v[5], v[6], omp);
    }
}
