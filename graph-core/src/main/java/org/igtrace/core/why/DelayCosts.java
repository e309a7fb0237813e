package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.igtrace.core.util.Background;
import org.igtrace.core.util.RecordBlocks;

/**
 * Who caused the waiting (definitions section 14, the root-cause analysis of Scalasca's delay
 * patterns, simplified). A wait of process w for process c was caused by c being later than w
 * since their previous synchronisation S (the later of: the last collective either took part in, the
 * last message call between the two, with a wait recorded; each at the moment that wait ended). In the
 * intervals S to each one's call, c's compute per region is compared with w's: the excess
 * {@code E_R = max(0, c_R - w_R)}, and c's own waiting more than w's, {@code Q}. The wait (with what
 * flowed into it) is split in proportion: {@code E_R / (E + Q)} is charged to c's region R, and
 * {@code Q / (E + Q)} flows on to c's waits in its interval, in proportion to their length, to be
 * charged in turn to their causes (the long-term cost: a wait that caused a wait is charged to its
 * origin). Waits are handled latest first, so what flows into a wait is known when it is split.
 * What finds no compute excess and no earlier wait (equal compute, an empty interval) is charged to
 * c's communication ({@link #COMMUNICATION}). Every tick of waiting is charged exactly once: the
 * delay costs add up to the waiting.
 */
public final class DelayCosts {
    /** The region index of waiting charged to no compute region of its cause. */
    public static final int COMMUNICATION = -2;

    /** One cause: process {@code rank}'s region {@code region} (-1: outside every region; {@link #COMMUNICATION}: none), with the waiting it caused, ticks. */
    public record Cause(int rank, int region, double cost) {
    }

    private final List<Cause> causes;
    private final double[] byProcess;
    private final LongDoubles byPair;
    private final double total;

    private DelayCosts(List<Cause> causes, double[] byProcess, LongDoubles byPair, double total) {
        this.causes = causes;
        this.byProcess = byProcess;
        this.byPair = byPair;
        this.total = total;
    }

    /**
     * The causes of the waits of {@code waits}, with each process's compute read from {@code slices}; {@code runStart} corrected ticks.
     * Nothing per wait stays on the heap: the synchronisations, the intervals, the compute found in them and the waits
     * latest first are sorted in runs in the waits' store ({@link SortedRecords}); what flows into a wait is kept until
     * that wait is handled.
     */
    public static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart) {
        return of(waits, slices, runStart, null);
    }

    /**
     * As above; {@code totals} (null: none wanted) gets, per process, its compute per region + 1 within its span
     * ({@link WhatIf#totals}), read with its intervals' compute or, for a process without waits, on its own.
     */
    public static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart, long[][] totals) {
        return of(waits, slices, runStart, totals, false);
    }

    /**
     * As above; with {@code parallel}, a run whose work is more than {@value #SLICES_FOR_TWO} slices ({@link #split}) has
     * its slices read by two threads (the processes split in two blocks of about as much work), the same numbers.
     */
    public static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart, long[][] totals, boolean parallel) {
        return of(waits, slices, runStart, totals, parallel, null);
    }

    /**
     * As above; {@code firstExcess} (null: none) is run once, as soon as a wait is found whose cause computed more than
     * its waiter in their interval (so that some region is charged: a cause a what-if may balance), before the costs are
     * known.
     */
    public static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart, long[][] totals, boolean parallel, Runnable firstExcess) {
        return of(waits, slices, runStart, totals, parallel ? SLICES_FOR_TWO : Long.MAX_VALUE, firstExcess);
    }

    /** As above, the slices read by two threads when there are more than {@code slicesForTwo}. */
    static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart, long[][] totals, long slicesForTwo) {
        return of(waits, slices, runStart, totals, slicesForTwo, null);
    }

    private static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart, long[][] totals, long slicesForTwo, Runnable firstExcess) {
        int n = waits.processCount();
        RecordBlocks store = waits.store();
        WaitLog.Waits[] of = new WaitLog.Waits[n];
        for (int p = 0; p < n; p++) {
            of[p] = waits.ofWaiter(p);
        }
        long[] intervalsOf = new long[n]; // per process, the intervals of its side of a wait (read from its slices)
        RecordTable syncs = syncs(of, store, intervalsOf, slicesForTwo != Long.MAX_VALUE);
        RecordTable.Group[] collectives = new RecordTable.Group[n];
        for (int p = 0; p < n; p++) {
            collectives[p] = syncs.group(p);
        }
        // per wait: its interval's start S, the intervals of both sides, and what the loop latest first needs; the
        // intervals of the processes from split on apart (read by a thread of their own)
        int split = split(slices, slicesForTwo, totals != null, intervalsOf);
        SortedRecords[] intervals = new SortedRecords[2], byEnd = new SortedRecords[2];
        // with two threads, the full chunks of these sorted and written beside this thread's finding them
        boolean beside = slicesForTwo != Long.MAX_VALUE;
        for (int h = 0; h < 2; h++) {
            intervals[h] = new SortedRecords(store, 6, 3, beside); // process, from, to, -end, seq, side (0: the cause's)
            byEnd[h] = new SortedRecords(store, 6, 2, beside); // the same as process, to, from, -end, seq, side
        }
        SortedRecords latest = new SortedRecords(store, 8, 2, beside); // -end, seq, waiter, cause, ticks, enter, cause's enter, S
        intervals(of, syncs, collectives, runStart, split, intervals, byEnd, latest);
        // the compute of each side in its interval: one block of processes on a thread of its own, the other here (the
        // records found by each come from its own processes: merged, they are in the order of one thread's)
        Background<SortedRecords> second = Background.of(() -> compute(slices, waits, intervals[1], byEnd[1], store, totals, split, n));
        if (split < n) {
            second.startOn("igtrace-causes");
        }
        SortedRecords first = compute(slices, waits, intervals[0], byEnd[0], store, totals, 0, split);
        SortedRecords.Merged byLatest = SortedRecords.merge(List.of(latest)),
                overlaps = SortedRecords.merge(List.of(first, second.joined()));
        // the waits latest first with their compute, read (on a thread of its own with two threads) ahead of what of
        // each wait needs nothing that flows (on another), ahead of the waits' split here
        // per process its first event and its MPI_Init call, corrected: the time before the one and in the other is its late start
        long[] firstEvents = new long[n], inits = new long[2 * n];
        for (int p = 0; p < n; p++) {
            long f = p < slices.processCount() ? slices.firstEvent(p) : Long.MIN_VALUE;
            firstEvents[p] = f == Long.MIN_VALUE ? Long.MIN_VALUE : f + waits.offset(p);
            long[] init = p < slices.processCount() ? slices.init(p) : null;
            inits[2 * p] = init == null ? 0 : init[0] + waits.offset(p);
            inits[2 * p + 1] = init == null ? 0 : init[1] + waits.offset(p);
        }
        WaitSplits splits = new WaitSplits(of, new LatestFirst(byLatest, overlaps, beside), beside, firstExcess, firstEvents, inits,
                slices.lateStartRegion());
        Flow flow = new Flow(n);
        for (WaitSplits.Batch b = splits.next(); b != null; b = splits.next()) {
            flow.split(b);
        }
        LongDoubles cost = flow.cost, byPair = flow.byPair;
        double[] byProcess = flow.byProcess;
        double total = flow.total;
        List<Cause> causes = new ArrayList<>();
        cost.forEach((k, v) -> causes.add(new Cause((int) Math.floorDiv(k, (long) Integer.MAX_VALUE),
                (int) (Math.floorMod(k, (long) Integer.MAX_VALUE)) - 2, v)));
        causes.sort(Comparator.comparingDouble(Cause::cost).reversed().thenComparingInt(Cause::rank).thenComparingInt(Cause::region));
        return new DelayCosts(causes, byProcess, byPair, total);
    }

    /**
     * Per wait of {@code of}: its interval's start S, the intervals of both sides into {@code intervals} and
     * {@code byEnd} (those of processes from {@code split} on into the second of each), and what the loop latest first
     * needs into {@code latest}. A method of its own, as {@link Flow#split} is: the JIT's on-stack replacement of a
     * loop compiles what follows it in its method too.
     */
    private static void intervals(WaitLog.Waits[] of, RecordTable syncs, RecordTable.Group[] collectives, long runStart, int split,
                                  SortedRecords[] intervals, SortedRecords[] byEnd, SortedRecords latest) {
        int n = of.length;
        long[] r = new long[8];
        // per cause, the pair's synchronisations, found once per waiter (a map's look-up per wait was 0.45 s of 3.5 M waits)
        RecordTable.Group[] pairs = new RecordTable.Group[n];
        int[] pairOf = new int[n];
        Arrays.fill(pairOf, -1);
        for (int w = 0; w < n; w++) {
            WaitLog.Waits mine = of[w];
            for (int k = 0; k < mine.size(); k++) {
                int c = mine.cause(k);
                long enter = mine.enter(k), causeEnter = mine.causeEnter(k), end = mine.end(k), seq = mine.seq(k);
                if (pairOf[c] != w) {
                    pairs[c] = syncs.group(n + (long) Math.min(w, c) * n + Math.max(w, c));
                    pairOf[c] = w;
                }
                RecordTable.Group pair = pairs[c];
                long s = Math.max(before(collectives[w], enter), before(collectives[c], causeEnter));
                // the pair's latest before either call is its latest before the later of them (before grows with t)
                s = Math.max(s, before(pair, Math.max(enter, causeEnter)));
                long start = Math.max(s, runStart);
                int hc = half(c, split), hw = half(w, split);
                put(intervals[hc], c, start, Math.max(start, causeEnter), -end, seq, 0);
                put(byEnd[hc], c, Math.max(start, causeEnter), start, -end, seq, 0);
                put(intervals[hw], w, start, Math.max(start, enter), -end, seq, 1);
                put(byEnd[hw], w, Math.max(start, enter), start, -end, seq, 1);
                r[0] = -end;
                r[1] = seq;
                r[2] = w;
                r[3] = c;
                r[4] = mine.ticks(k);
                r[5] = enter;
                r[6] = causeEnter;
                r[7] = start;
                latest.add(r);
            }
        }
    }

    /** The waits split latest first: what each flows on to the cause's waits, and the costs charged so far. */
    private static final class Flow {
        final int n;
        final LongDoubles inflow = new LongDoubles();
        final LongDoubles cost = new LongDoubles();
        final double[] byProcess;
        final LongDoubles byPair = new LongDoubles();
        double total;

        Flow(int n) {
            this.n = n;
            this.byProcess = new double[n];
        }

        /** Splits the waits of batch {@code b}, in their order. */
        void split(WaitSplits.Batch b) {
            for (int k = 0; k < b.size; k++) {
                long end = b.end[k], seq = b.seq[k], ticks = b.ticks[k];
                int w = b.waiter[k], c = b.cause[k];
                double mass = ticks + inflow.remove(seq, 0.0);
                total += ticks;
                byPair.add((long) c * n + w, ticks);
                double e = b.e[k], q = b.q[k], wc = b.wc[k];
                if (e + q <= 0) {
                    charge(cost, byProcess, n, c, COMMUNICATION, mass);
                    continue;
                }
                for (int x = b.regionsFrom[k]; x < b.regionsFrom[k + 1]; x++) {
                    charge(cost, byProcess, n, c, b.region[x], mass * b.excess[x] / (e + q));
                }
                double passed = mass * q / (e + q);
                // the rest flows on to the cause's waits in its interval, in proportion to their length
                for (int j = b.waitsFrom[k]; j < b.waitsFrom[k + 1]; j++) {
                    long endJ = b.waitEnd[j], seqJ = b.waitSeq[j];
                    double share = passed * b.waitTicks[j] / wc;
                    if (endJ > end || endJ == end && seqJ < seq) { // handled already (latest first, then by seq)
                        charge(cost, byProcess, n, c, COMMUNICATION, share);
                    } else {
                        inflow.add(seqJ, share);
                    }
                }
            }
        }
    }

    private static void put(SortedRecords to, long a, long b, long c, long d, long e, long f) {
        to.add(a, b, c, d, e, f);
    }

    /**
     * Per process its synchronisations, sorted by time: the collectives with a wait (group: the process) and the message
     * calls between two processes with a wait (group: {@code n + min * n + max}), each at the end of that wait (the moment
     * the two synchronised; at most either side's leave).
     */
    private static RecordTable syncs(WaitLog.Waits[] of, RecordBlocks store, long[] intervalsOf, boolean beside) {
        int n = of.length;
        SortedRecords syncs = new SortedRecords(store, 2, 2, beside);
        long[] r = new long[2];
        for (int w = 0; w < n; w++) {
            WaitLog.Waits mine = of[w];
            for (int k = 0; k < mine.size(); k++) {
                int c = mine.cause(k);
                intervalsOf[w]++;
                intervalsOf[c]++;
                // the two synchronised when the wait ended, not when each left: a side that left later had waited for a
                // third process in the same call, and that waiting belongs to its next interval (where it flows on to its
                // cause); never after either leave
                long synchronised = Math.min(mine.end(k), Math.min(mine.leave(k), mine.causeLeave(k)));
                r[1] = synchronised;
                if (mine.collective(k)) {
                    r[0] = w;
                    syncs.add(r);
                    r[0] = c;
                } else {
                    r[0] = n + (long) Math.min(w, c) * n + Math.max(w, c);
                }
                syncs.add(r);
            }
        }
        // a cause's synchronisations are read again for every process that waited for it: its blocks kept
        return new RecordTable(store, SortedRecords.merge(List.of(syncs)), 2, true);
    }

    /**
     * The compute of each side of every wait in its interval ({@code starts} sorted by process, then start;
     * {@code ends} the same by process, then end): per process one read of its slices for all its intervals (read whole
     * for {@code totals}, if not null); found as -end, seq, side, the order found, region, ticks.
     */
    private static SortedRecords compute(RegionSlices slices, WaitLog waits, SortedRecords byStart, SortedRecords byEnd, RecordBlocks store,
                                         long[][] totals, int from, int to) {
        SortedRecords found = compute(slices, waits, new Side(SortedRecords.merge(List.of(byStart)), false),
                new Side(SortedRecords.merge(List.of(byEnd)), true), store, totals);
        // the totals of the processes of this block the intervals did not read (no wait of theirs or caused by them), here
        // rather than after the two threads: the split gave each block about half of every process's slices
        if (totals != null) {
            for (int p = from; p < to && p < totals.length; p++) {
                if (totals[p] == null) {
                    totals[p] = WhatIf.total(slices, p);
                }
            }
        }
        return found;
    }

    /**
     * The first process from which the slices are read by a second thread: about half the work on each (a process's
     * slices outside MPI, read when it has intervals or when {@code whole}: every process's totals are wanted, and its
     * intervals, each weighed as {@value #SLICES_PER_INTERVAL} slices: its records sorted, merged and its compute per
     * region written); none (n) for work of {@code slicesForTwo} slices or less. (Split by the slices alone, the imbalanced
     * 98 M-event trace's first block, with rank 0 on the cause's side of 1.1 M of the 1.27 M intervals, took 1.0 s of
     * CPU and the second 0.65 s.)
     */
    static int split(RegionSlices slices, long slicesForTwo, boolean whole, long[] intervalsOf) {
        int n = slices.processCount();
        long all = 0;
        for (int p = 0; p < n; p++) {
            all += work(slices, whole, intervalsOf, p);
        }
        if (all <= slicesForTwo) {
            return n;
        }
        long sum = 0;
        for (int p = 0; p < n; p++) {
            long w = work(slices, whole, intervalsOf, p);
            if (2 * (sum + w) > all) { // p in the first block or the second, whichever leaves the two nearer to halves
                return 2 * (sum + w) - all <= all - 2 * sum || p == 0 ? p + 1 : p;
            }
            sum += w;
        }
        return n;
    }

    private static long work(RegionSlices slices, boolean whole, long[] intervalsOf, int p) {
        long i = p < intervalsOf.length ? intervalsOf[p] : 0;
        return (whole || i > 0 ? slices.computeSliceCount(p) : 0) + SLICES_PER_INTERVAL * i;
    }

    /** The work of an interval, in slices read (the CPU of the two blocks on the imbalanced 98 M-event trace: about 17). */
    static final long SLICES_PER_INTERVAL = 16;

    /** Work, in slices, from which two threads share it ({@link #split}; less: starting the thread and compiling its code cost more than it saves). */
    static final long SLICES_FOR_TWO = 4_000_000;

    private static SortedRecords compute(RegionSlices slices, WaitLog waits, Side starts, Side ends, RecordBlocks store, long[][] totals) {
        SortedRecords found = new SortedRecords(store, 6, 4);
        long[] counter = {0};
        boolean streamed = slices.regionCount() + 1 <= RunningTotals.COUNTERS;
        Intervals mine = new Intervals();
        while (starts.process() >= 0) {
            int p = (int) starts.process();
            starts.on(p);
            ends.on(p);
            if (streamed) { // nothing per interval held
                long[] t = RunningTotals.compute(slices, p, waits.offset(p), starts, ends, (e, region, ticks) ->
                        put(found, ends.r[3], ends.r[4], ends.r[5], counter[0]++, region, ticks), totals != null);
                if (totals != null && p < totals.length) {
                    totals[p] = t;
                }
                continue;
            }
            mine.clear();
            while (starts.next()) {
                mine.add(starts.r);
            }
            while (ends.next()) {
                continue;
            }
            long[] from = Arrays.copyOf(mine.from, mine.size), to = Arrays.copyOf(mine.to, mine.size);
            SliceQueries.answer(slices, p, waits.offset(p), from, to, (q, region, top, mpi, ticks) -> {
                if (!mpi) {
                    put(found, mine.negEnd[q], mine.seq[q], mine.side[q], counter[0]++, region, ticks);
                }
            });
        }
        return found;
    }

    /** The intervals of one process at a time, sorted by start or by end, read from the sorted intervals of all. */
    private static final class Side implements RunningTotals.Source {
        private final SortedRecords.Merged merged;
        private final boolean byEnd;
        /** The current interval: process, then from and to (by start) or to and from (by end), -end, seq, side. */
        final long[] r = new long[6];
        private final long[] ahead = new long[6];
        private boolean more;
        private long process;

        Side(SortedRecords.Merged merged, boolean byEnd) {
            this.merged = merged;
            this.byEnd = byEnd;
            this.more = merged.next(ahead);
        }

        /** The process of the next interval, -1: none left. */
        long process() {
            return more ? ahead[0] : -1;
        }

        /** Reads the intervals of {@code p} from now on. */
        void on(int p) {
            process = p;
        }

        @Override
        public boolean next() {
            if (!more || ahead[0] != process) {
                return false;
            }
            System.arraycopy(ahead, 0, r, 0, 6);
            more = merged.next(ahead);
            return true;
        }

        @Override
        public long from() {
            return byEnd ? r[2] : r[1];
        }

        @Override
        public long to() {
            return byEnd ? r[1] : r[2];
        }
    }

    /**
     * The half of process {@code p} (0 below {@code split}, 1 from it on, for p and split from 0), without a branch: the
     * waiters come in order, so a branch went one way until the split and the other after it, and C2's code of {@link
     * #intervals}, made while it went one way, was thrown away and made again at the split (0.27 s of C2 each time on 3.5 M
     * waits, the loop interpreted meanwhile).
     */
    static int half(int p, int split) {
        return (split - 1 - p) >>> 31;
    }

    /** The latest of the sorted times of {@code list} earlier than {@code t}, or Long.MIN_VALUE. */
    private static long before(RecordTable.Group list, long t) {
        int k = list.lowerBound(t);
        return k == 0 ? Long.MIN_VALUE : list.get(k - 1, 1);
    }

    private static void charge(LongDoubles cost, double[] byProcess, int n, int process, int region, double ticks) {
        if (ticks <= 0) {
            return;
        }
        cost.add((long) process * Integer.MAX_VALUE + region + 2, ticks);
        byProcess[process] += ticks;
    }

    /** The causes, by delay cost (ticks), largest first. */
    public List<Cause> causes() {
        return causes;
    }

    /** The delay cost caused by {@code process}, ticks. */
    public double ofProcess(int process) {
        return byProcess[process];
    }

    /** The waiting of {@code waiter} for {@code cause} (their waits), ticks. */
    public double ofPair(int cause, int waiter) {
        return byPair.get((long) cause * byProcess.length + waiter, 0.0);
    }

    /** The waiting explained: every wait's ticks, the sum of the delay costs. */
    public double total() {
        return total;
    }

    /** One side's compute per region, in the order the regions were first found. */
    static final class Overlaps {
        int size;
        int[] region = new int[8];
        long[] ticks = new long[8];

        void clear() {
            size = 0;
        }

        void add(int r, long t) {
            for (int e = 0; e < size; e++) {
                if (region[e] == r) {
                    ticks[e] += t;
                    return;
                }
            }
            if (size == region.length) {
                region = Arrays.copyOf(region, size * 2);
                ticks = Arrays.copyOf(ticks, size * 2);
            }
            region[size] = r;
            ticks[size++] = t;
        }
    }

    /** One process's intervals, as they come sorted by start. */
    private static final class Intervals {
        int size;
        long[] from = new long[16];
        long[] to = new long[16];
        long[] negEnd = new long[16];
        long[] seq = new long[16];
        long[] side = new long[16];

        void clear() {
            size = 0;
        }

        void add(long[] r) {
            if (size == from.length) {
                from = Arrays.copyOf(from, size * 2);
                to = Arrays.copyOf(to, size * 2);
                negEnd = Arrays.copyOf(negEnd, size * 2);
                seq = Arrays.copyOf(seq, size * 2);
                side = Arrays.copyOf(side, size * 2);
            }
            from[size] = r[1];
            to[size] = r[2];
            negEnd[size] = r[3];
            seq[size] = r[4];
            side[size++] = r[5];
        }
    }
}
