package org.igtrace.core.profile;

import org.igtrace.core.util.PairCounters;

/**
 * What the locations of a trace add up to before they become a {@link TraceProfile}: times per
 * process in ticks, traffic per directed pair, and the counts behind the notes. Every field is a
 * sum over locations, so totals made elsewhere (another process, a Spark executor) add up to the
 * same values; only the fractional bytes of modelled collectives depend on the order of the sums
 * ({@link TraceAccumulator} adds locations in ascending order).
 */
public final class ProfileTotals {
    /** Per process: sum over its locations of (last - first region event). */
    public final long[] spanTicks;
    /** Per process: ticks inside MPI_Init/MPI_Init_thread/MPI_Finalize. */
    public final long[] environmentTicks;
    /** Per process: ticks inside outermost MPI communication calls. */
    public final long[] communicationTicks;
    /** Per process: ticks its locations' recording was off between their first and last region events (left out of the span). */
    public final long[] offTicks;
    /** Per process: its locations with a region span (threads whose times {@code T_i} adds up). */
    public final int[] threads;
    public final PairCounters sends = new PairCounters();
    public final PairCounters receives = new PairCounters();
    public final PairCounters collectiveTraffic = new PairCounters();
    /** The counts behind the profile's notes, in {@link Count} order. */
    public final long[] counts = new long[Count.values().length];

    /** What {@link #counts} counts. */
    public enum Count {
        UNBALANCED_LEAVES, UNTRANSLATED_PARTNERS, SELF_MESSAGES, SILENT_SENDRECV_CALLS, BACKWARD_TIMES, IMPLAUSIBLE_LENGTHS,
        COLLECTIVE_CALLS, COLLECTIVE_DATA_CALLS
    }

    public ProfileTotals(int processes) {
        spanTicks = new long[processes];
        environmentTicks = new long[processes];
        communicationTicks = new long[processes];
        threads = new int[processes];
        offTicks = new long[processes];
    }

    /** The total of one count. */
    public long count(Count c) {
        return counts[c.ordinal()];
    }

    /** Adds one location's accumulation. */
    public void add(LocationAccumulator l) {
        int p = l.process();
        spanTicks[p] += l.spanTicks();
        threads[p] += l.spanTicks() > 0 ? 1 : 0;
        environmentTicks[p] += l.environmentTicks;
        offTicks[p] += l.offTicks();
        communicationTicks[p] += l.communicationTicks;
        sends.addAll(l.sends());
        receives.addAll(l.receives());
        collectiveTraffic.addAll(l.collectiveTraffic);
        long[] c = l.counts();
        for (int i = 0; i < c.length; i++) {
            counts[i] += c[i];
        }
    }
}
