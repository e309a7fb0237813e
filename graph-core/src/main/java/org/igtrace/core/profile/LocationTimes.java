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
    private static final int FIELDS = 10;

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
    /** Its outermost MPI calls when its process has several threads (definitions section 3); null otherwise. */
    final CallIntervals calls;

    LocationTimes(int process, long order, long firstRegionTime, long lastRegionTime, long offTicks, long[] offIntervals,
                  long environmentTicks, long communicationTicks, OpenMpThread omp, CallIntervals calls) {
        this.process = process;
        this.order = order;
        this.firstRegionTime = firstRegionTime;
        this.lastRegionTime = lastRegionTime;
        this.offTicks = offTicks;
        this.offIntervals = offIntervals;
        this.environmentTicks = environmentTicks;
        this.communicationTicks = communicationTicks;
        this.omp = omp;
        this.calls = calls;
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
     * Everything above in longs (each interval off 16 bytes, the MPI calls kept 2-6 bytes each, the OpenMP records 16
     * bytes per parallel region, 32 per barrier), for {@link #ofLongs}.
     */
    public long[] toLongs() {
        long[] records = omp == null ? new long[0] : omp.toLongs();
        byte[] callBytes = calls == null ? new byte[0] : calls.toBytes();
        long[] packed = new long[(callBytes.length + 7) / 8];
        java.nio.ByteBuffer.wrap(java.util.Arrays.copyOf(callBytes, packed.length * 8)).asLongBuffer().get(packed);
        long callState = calls == null ? -1 : calls.complete() ? callBytes.length : -2;
        long[] all = new long[FIELDS + offIntervals.length + packed.length + records.length];
        long[] head = {process, order, firstRegionTime, lastRegionTime, offTicks, environmentTicks, communicationTicks, offIntervals.length,
                callState, calls == null ? 0 : calls.calls()};
        System.arraycopy(head, 0, all, 0, FIELDS);
        System.arraycopy(offIntervals, 0, all, FIELDS, offIntervals.length);
        System.arraycopy(packed, 0, all, FIELDS + offIntervals.length, packed.length);
        System.arraycopy(records, 0, all, FIELDS + offIntervals.length + packed.length, records.length);
        return all;
    }

    /** The times {@link #toLongs()} gave. */
    public static LocationTimes ofLongs(long[] v) {
        if (v.length < FIELDS || v[7] < 0 || v[7] % 2 != 0 || v[7] > v.length - FIELDS || v[8] < -2 || v[9] < 0
                || v[8] > 8L * (v.length - FIELDS - v[7])) {
            throw new IllegalArgumentException("location times of " + v.length + " longs");
        }
        int offEnd = FIELDS + (int) v[7];
        long[] off = Arrays.copyOfRange(v, FIELDS, offEnd);
        CallIntervals calls = null;
        int callsEnd = offEnd;
        if (v[8] == -2) {
            calls = CallIntervals.ofBytes(new byte[0], v[9], false);
        } else if (v[8] >= 0) {
            int n = (int) v[8];
            callsEnd = offEnd + (n + 7) / 8;
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((callsEnd - offEnd) * 8);
            b.asLongBuffer().put(v, offEnd, callsEnd - offEnd);
            calls = CallIntervals.ofBytes(Arrays.copyOf(b.array(), n), v[9], true);
        }
        OpenMpThread omp = v.length == callsEnd ? null : OpenMpThread.ofLongs(Arrays.copyOfRange(v, callsEnd, v.length));
        return new LocationTimes((int) v[0], v[1], v[2], v[3], v[4], off, v[5], v[6], omp, calls);
    }
}
