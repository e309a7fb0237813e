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
    /** Per process: its locations with a region span (its threads). */
    public final int[] threads;
    /**
     * Per process: the earliest first and the latest last region event over its threads and the most ticks one thread
     * spent in MPI communication: a process of several threads has the wall-clock span {@code last - first}, less the
     * time no thread of it was recorded ({@link ProcessOff}; definitions section 3). Totals made elsewhere add every
     * location's {@link LocationTimes}; ones that fill only the sums leave {@code first > last}: their processes keep the
     * sum of their threads' spans.
     */
    public final long[] firstTicks;
    public final long[] lastTicks;
    public final long[] threadCommunicationTicks;
    /** Per process of several threads: each thread's {@code {first, last, offStart0, offEnd0, ...}} ({@link ProcessOff}). */
    private final java.util.Map<Integer, java.util.List<long[]>> threadSpans = new java.util.HashMap<>();
    /** Per process of one thread so far, its intervals off where it has any (kept for when a second thread comes). */
    private final java.util.Map<Integer, long[]> firstThreadOff = new java.util.HashMap<>();
    /** Per process of several threads, its intervals off once asked for. */
    private final java.util.Map<Integer, long[]> processOff = new java.util.HashMap<>();
    /** Per process: its threads that spent time in MPI communication calls. */
    private final int[] mpiThreads;
    /** Per process of several threads, the MPI calls of its threads in MPI (a null {@code calls}: not kept). */
    private final java.util.Map<Integer, java.util.List<CommunicationUnion.Thread>> threadCalls = new java.util.HashMap<>();
    /** Per process of several threads, its {@code Tcomm_i} once measured. */
    private final java.util.Map<Integer, Long> unions = new java.util.HashMap<>();
    public final PairCounters sends;
    public final PairCounters receives;
    public final PairCounters collectiveTraffic;
    /** The counts behind the profile's notes, in {@link Count} order. */
    public final long[] counts = new long[Count.values().length];

    /**
     * What {@link #counts} counts. A message has two events: {@code SELF_MESSAGES} and {@code IMPLAUSIBLE_LENGTHS} count
     * its send, {@code SELF_RECEIVES} and {@code IMPLAUSIBLE_RECEIVES} its receive, and the notes the larger of the two
     * ({@link #messages}); {@code IMPLAUSIBLE_COLLECTIVES} counts collective calls.
     */
    public enum Count {
        UNBALANCED_LEAVES, UNTRANSLATED_PARTNERS, SELF_MESSAGES, SILENT_SENDRECV_CALLS, BACKWARD_TIMES, IMPLAUSIBLE_LENGTHS,
        COLLECTIVE_CALLS, COLLECTIVE_DATA_CALLS, SELF_RECEIVES, IMPLAUSIBLE_RECEIVES, IMPLAUSIBLE_COLLECTIVES,
        /** Of {@link #SILENT_SENDRECV_CALLS}, the calls of {@code MPI_Sendrecv_replace}. */
        SILENT_SENDRECV_REPLACE_CALLS
    }

    public ProfileTotals(int processes) {
        this(processes, 16, 16, 16);
    }

    /**
     * Totals whose pair tables are made for the pairs expected (e.g. the sum of the locations' own pairs: 10^5
     * processes, about 300,000 directed pairs, where tables doubled from 16 sixteen times and moved every pair each time).
     */
    public ProfileTotals(int processes, int sendPairs, int receivePairs, int collectivePairs) {
        sends = new PairCounters(sendPairs);
        receives = new PairCounters(receivePairs);
        collectiveTraffic = new PairCounters(collectivePairs);
        spanTicks = new long[processes];
        environmentTicks = new long[processes];
        communicationTicks = new long[processes];
        threads = new int[processes];
        offTicks = new long[processes];
        firstTicks = new long[processes];
        lastTicks = new long[processes];
        threadCommunicationTicks = new long[processes];
        mpiThreads = new int[processes];
        java.util.Arrays.fill(firstTicks, Long.MAX_VALUE);
        java.util.Arrays.fill(lastTicks, Long.MIN_VALUE);
    }

    /**
     * Process p's span in ticks before the MPI environment calls are taken out (definitions section 3): one thread's
     * span, or for several threads the wall-clock span from the earliest to the latest region event of any of them,
     * less the time some thread had recording off and none had it on; the sum of the spans without the extremes.
     */
    public long processSpanTicks(int p) {
        if (threads[p] <= 1 || firstTicks[p] > lastTicks[p]) {
            return spanTicks[p];
        }
        return Math.max(0, lastTicks[p] - firstTicks[p] - ProcessOff.measure(processOffIntervals(p)));
    }

    /**
     * The intervals in which process p, of several threads, was not recorded: some thread had recording off and none had
     * it on ({@link ProcessOff}); empty for a process of one thread (its span leaves its own intervals off out).
     *
     * @param p the process
     * @return {@code start, end} pairs, disjoint and in order
     */
    public long[] processOffIntervals(int p) {
        java.util.List<long[]> spans = threadSpans.get(p);
        return spans == null ? new long[0] : processOff.computeIfAbsent(p, q -> ProcessOff.intervals(spans));
    }

    /**
     * Process p's {@code Tcomm_i} in ticks (definitions section 3): with several threads, the time in which at least one
     * of them was in an MPI communication call (threads that take turns add up, threads in MPI at once count that time
     * once); where their calls were not kept ({@link #busiestThreadOnly}), the MPI time of the busiest thread.
     */
    public long processCommunicationTicks(int p) {
        if (threads[p] <= 1 || firstTicks[p] > lastTicks[p]) {
            return communicationTicks[p];
        }
        if (mpiThreads[p] <= 1 || busiestThreadOnly(p)) {
            return threadCommunicationTicks[p];
        }
        return unions.computeIfAbsent(p, q -> Math.max(threadCommunicationTicks[q], CommunicationUnion.ticks(threadCalls.get(q))));
    }

    /**
     * Whether process p has several threads in MPI whose calls were not all kept (their log passed its budget, or the
     * reader did not say the process has several threads), so that its {@code Tcomm_i} is its busiest thread's.
     *
     * @param p the process
     * @return true when its {@code Tcomm_i} is not the union of its threads' calls
     */
    public boolean busiestThreadOnly(int p) {
        if (threads[p] <= 1 || mpiThreads[p] <= 1 || firstTicks[p] > lastTicks[p]) {
            return false;
        }
        java.util.List<CommunicationUnion.Thread> calls = threadCalls.get(p);
        if (calls == null || calls.size() < mpiThreads[p]) {
            return true;
        }
        for (CommunicationUnion.Thread t : calls) {
            if (t.calls() == null || !t.calls().complete()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a thread of process p kept its MPI calls until they passed the read's budget ({@link CallIntervals}).
     *
     * @param p the process
     * @return true when a log of its threads was dropped for its size
     */
    public boolean callsDropped(int p) {
        java.util.List<CommunicationUnion.Thread> calls = threadCalls.get(p);
        return calls != null && calls.stream().anyMatch(t -> !t.calls().complete());
    }

    /** The total of one count. */
    public long count(Count c) {
        return counts[c.ordinal()];
    }

    /**
     * Messages counted by both their events, {@code sends} and {@code receives}: the larger count (each message once,
     * and every one of them when a tracer dropped the events of one side).
     */
    public long messages(Count sends, Count receives) {
        return Math.max(count(sends), count(receives));
    }

    /** Adds one location's accumulation. */
    public void add(LocationAccumulator l) {
        add(l.times());
        l.addTraffic(sends, receives, collectiveTraffic);
        long[] c = l.counts();
        for (int i = 0; i < c.length; i++) {
            counts[i] += c[i];
        }
    }

    /** Adds one location's times (not its traffic and counts). */
    public void add(LocationTimes l) {
        int p = l.process();
        long span = l.spanTicks();
        spanTicks[p] += span;
        threads[p] += span > 0 ? 1 : 0;
        environmentTicks[p] += l.environmentTicks();
        offTicks[p] += l.offTicks();
        communicationTicks[p] += l.communicationTicks();
        if (span > 0) {
            long[] off = l.offIntervals();
            if (threads[p] == 2) { // its second thread: the first one's span and intervals off are kept from now on
                java.util.List<long[]> spans = new java.util.ArrayList<>();
                spans.add(thread(firstTicks[p], lastTicks[p], firstThreadOff.remove(p)));
                threadSpans.put(p, spans);
            }
            if (threads[p] >= 2) {
                threadSpans.get(p).add(thread(l.firstRegionTime(), l.lastRegionTime(), off));
                processOff.remove(p);
            } else if (off.length > 0) {
                firstThreadOff.put(p, off);
            }
            firstTicks[p] = Math.min(firstTicks[p], l.firstRegionTime());
            lastTicks[p] = Math.max(lastTicks[p], l.lastRegionTime());
        }
        threadCommunicationTicks[p] = Math.max(threadCommunicationTicks[p], l.communicationTicks());
        if (l.communicationTicks() > 0) {
            mpiThreads[p]++;
            if (l.calls != null) {
                threadCalls.computeIfAbsent(p, q -> new java.util.ArrayList<>()).add(new CommunicationUnion.Thread(l.calls, l.offIntervals()));
            }
            unions.remove(p);
        }
    }

    /** A thread as {@link ProcessOff} takes it: {@code {first, last, offStart0, offEnd0, ...}}. */
    private static long[] thread(long first, long last, long[] off) {
        long[] t = new long[2 + (off == null ? 0 : off.length)];
        t[0] = first;
        t[1] = last;
        if (off != null) {
            System.arraycopy(off, 0, t, 2, off.length);
        }
        return t;
    }
}
