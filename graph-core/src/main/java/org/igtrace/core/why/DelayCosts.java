package org.igtrace.core.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.util.IndexSort;

/**
 * Who caused the waiting (definitions section 14, the root-cause analysis of Scalasca's delay
 * patterns, simplified). A wait of process w for process c was caused by c being later than w
 * since their previous synchronisation S (the later of: the leave of the last collective either
 * took part in, the leave of the last message call between the two, with a wait recorded). In the
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
    private final Map<Long, Double> byPair;
    private final double total;

    private DelayCosts(List<Cause> causes, double[] byProcess, Map<Long, Double> byPair, double total) {
        this.causes = causes;
        this.byProcess = byProcess;
        this.byPair = byPair;
        this.total = total;
    }

    /** The causes of the waits of {@code waits}, with each process's compute read from {@code slices}; {@code runStart} corrected ticks. */
    public static DelayCosts of(WaitLog waits, RegionSlices slices, long runStart) {
        int n = waits.processCount(), m = waits.size();
        long[] start = syncStarts(waits, runStart);
        // the compute of each side in its interval: per wait, the cause's (side 0) and the waiter's (side 1) region ticks
        // per wait and side, a list of its overlaps (the last one found first, linked by Overlaps.next)
        int[][] head = new int[2][m];
        Arrays.fill(head[0], -1);
        Arrays.fill(head[1], -1);
        Overlaps found = new Overlaps();
        // per process, its intervals of both sides (query 2 i + side), one read of its slices for both
        int[] first = new int[n + 1];
        for (int i = 0; i < m; i++) {
            first[waits.cause(i) + 1]++;
            first[waits.waiter(i) + 1]++;
        }
        for (int p = 0; p < n; p++) {
            first[p + 1] += first[p];
        }
        int[] queries = new int[2 * m], fill = Arrays.copyOf(first, n);
        for (int i = 0; i < m; i++) {
            queries[fill[waits.cause(i)]++] = 2 * i;
            queries[fill[waits.waiter(i)]++] = 2 * i + 1;
        }
        for (int p = 0; p < n; p++) {
            int count = first[p + 1] - first[p], at = first[p];
            long[] from = new long[count], to = new long[count];
            for (int k = 0; k < count; k++) {
                int query = queries[at + k], i = query >>> 1;
                from[k] = start[i];
                to[k] = Math.max(start[i], (query & 1) == 0 ? waits.causeEnter(i) : waits.enter(i));
            }
            int[] order = SliceQueries.byStart(from, to);
            long[] f = new long[count], t = new long[count];
            for (int k = 0; k < count; k++) {
                f[k] = from[order[k]];
                t[k] = to[order[k]];
            }
            SliceQueries.compute(slices, p, waits.offset(p), f, t, (q, region, mpi, ticks) -> {
                int query = queries[at + order[q]], i = query >>> 1;
                int[] heads = head[query & 1];
                // one entry per region of a wait's side (not per slice: 26 M entries on the 98 M-event stencil)
                for (int e = heads[i]; e >= 0; e = found.next[e]) {
                    if (found.region[e] == region) {
                        found.ticks[e] += ticks;
                        return;
                    }
                }
                heads[i] = found.add(region, ticks, heads[i]);
            });
        }
        int[] latestFirst = new int[m];
        for (int i = 0; i < m; i++) {
            latestFirst[i] = i;
        }
        IndexSort.sort(latestFirst, (x, y) -> waits.end(x) != waits.end(y) ? Long.compare(waits.end(y), waits.end(x)) : Integer.compare(x, y));
        double[] inflow = new double[m];
        boolean[] done = new boolean[m];
        Map<Long, Double> cost = new HashMap<>();
        double[] byProcess = new double[n];
        Map<Long, Double> byPair = new HashMap<>();
        double total = 0;
        for (int i : latestFirst) {
            done[i] = true;
            int c = waits.cause(i);
            double mass = waits.ticks(i) + inflow[i];
            total += waits.ticks(i);
            byPair.merge((long) c * n + waits.waiter(i), (double) waits.ticks(i), Double::sum);
            Map<Integer, Long> excess = excess(found, head, i);
            double e = 0;
            for (long v : excess.values()) {
                e += v;
            }
            // the cause's waits in its interval, and its waiting beyond the waiter's
            int[] cw = waits.ofWaiter(c);
            long causeAt = waits.causeEnter(i);
            int lo = lowerBound(waits, cw, start[i]);
            double wc = 0;
            for (int k = lo; k < cw.length && waits.enter(cw[k]) < causeAt; k++) {
                if (waits.end(cw[k]) <= causeAt) {
                    wc += waits.ticks(cw[k]);
                }
            }
            double ww = 0;
            int[] wl = waits.ofWaiter(waits.waiter(i));
            for (int k = lowerBound(waits, wl, start[i]); k < wl.length && waits.enter(wl[k]) < waits.enter(i); k++) {
                ww += waits.ticks(wl[k]);
            }
            double q = Math.max(0, wc - ww);
            if (e + q <= 0) {
                charge(cost, byProcess, n, c, COMMUNICATION, mass);
                continue;
            }
            for (Map.Entry<Integer, Long> x : excess.entrySet()) {
                charge(cost, byProcess, n, c, x.getKey(), mass * x.getValue() / (e + q));
            }
            double passed = mass * q / (e + q);
            for (int k = lo; k < cw.length && waits.enter(cw[k]) < causeAt; k++) {
                int j = cw[k];
                if (waits.end(j) <= causeAt) {
                    double share = passed * waits.ticks(j) / wc;
                    if (done[j]) {
                        charge(cost, byProcess, n, c, COMMUNICATION, share);
                    } else {
                        inflow[j] += share;
                    }
                }
            }
        }
        List<Cause> causes = new ArrayList<>();
        cost.forEach((k, v) -> causes.add(new Cause((int) Math.floorDiv(k, (long) Integer.MAX_VALUE),
                (int) (Math.floorMod(k, (long) Integer.MAX_VALUE)) - 2, v)));
        causes.sort(Comparator.comparingDouble(Cause::cost).reversed().thenComparingInt(Cause::rank).thenComparingInt(Cause::region));
        return new DelayCosts(causes, byProcess, byPair, total);
    }

    private static void charge(Map<Long, Double> cost, double[] byProcess, int n, int process, int region, double ticks) {
        if (ticks <= 0) {
            return;
        }
        cost.merge((long) process * Integer.MAX_VALUE + region + 2, ticks, Double::sum);
        byProcess[process] += ticks;
    }

    /** Per region, the cause's compute in its interval beyond the waiter's (only regions with an excess). */
    private static Map<Integer, Long> excess(Overlaps found, int[][] head, int i) {
        Map<Integer, Long> r = new HashMap<>();
        for (int e = head[0][i]; e >= 0; e = found.next[e]) {
            r.merge(found.region[e], found.ticks[e], Long::sum);
        }
        for (int e = head[1][i]; e >= 0; e = found.next[e]) {
            r.merge(found.region[e], -found.ticks[e], Long::sum);
        }
        r.values().removeIf(v -> v <= 0);
        return r;
    }

    /** The first of {@code list} (sorted by enter) entering at or after {@code t}. */
    private static int lowerBound(WaitLog waits, int[] list, long t) {
        int lo = 0, hi = list.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (waits.enter(list[mid]) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Per wait, the start S of its interval: the later of the two processes' last collective leave
     * and the last leave of a message call between them, before each one's call.
     */
    private static long[] syncStarts(WaitLog waits, long runStart) {
        int n = waits.processCount(), m = waits.size();
        long[][] lists = new long[n][];
        int[] size = new int[n];
        for (int p = 0; p < n; p++) {
            lists[p] = new long[8];
        }
        Map<Long, long[]> pairs = new HashMap<>();
        Map<Long, Integer> pairSize = new HashMap<>();
        for (int i = 0; i < m; i++) {
            int w = waits.waiter(i), c = waits.cause(i);
            if (waits.collective(i)) {
                size[w] = append(lists, w, size[w], waits.leave(i));
                size[c] = append(lists, c, size[c], waits.causeLeave(i));
            } else {
                long key = (long) Math.min(w, c) * n + Math.max(w, c);
                long[] l = pairs.getOrDefault(key, new long[8]);
                int s = pairSize.getOrDefault(key, 0);
                if (s + 2 > l.length) {
                    l = Arrays.copyOf(l, l.length * 2);
                }
                l[s++] = waits.leave(i);
                l[s++] = waits.causeLeave(i);
                pairs.put(key, l);
                pairSize.put(key, s);
            }
        }
        for (int p = 0; p < n; p++) {
            lists[p] = Arrays.copyOf(lists[p], size[p]);
            Arrays.sort(lists[p]);
        }
        pairs.replaceAll((k, l) -> {
            long[] r = Arrays.copyOf(l, pairSize.get(k));
            Arrays.sort(r);
            return r;
        });
        long[] start = new long[m];
        for (int i = 0; i < m; i++) {
            int w = waits.waiter(i), c = waits.cause(i);
            long[] pair = pairs.get((long) Math.min(w, c) * n + Math.max(w, c));
            long s = Math.max(before(lists[w], waits.enter(i)), before(lists[c], waits.causeEnter(i)));
            if (pair != null) {
                s = Math.max(s, Math.max(before(pair, waits.enter(i)), before(pair, waits.causeEnter(i))));
            }
            start[i] = Math.max(s, runStart);
        }
        return start;
    }

    private static int append(long[][] lists, int p, int size, long v) {
        if (size == lists[p].length) {
            lists[p] = Arrays.copyOf(lists[p], size * 2);
        }
        lists[p][size] = v;
        return size + 1;
    }

    /** The latest of sorted {@code times} earlier than {@code t}, or Long.MIN_VALUE. */
    private static long before(long[] times, long t) {
        int i = Arrays.binarySearch(times, t);
        int k = i >= 0 ? i : -i - 1;
        while (k > 0 && times[k - 1] >= t) {
            k--;
        }
        return k == 0 ? Long.MIN_VALUE : times[k - 1];
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
        return byPair.getOrDefault((long) cause * byProcess.length + waiter, 0.0);
    }

    /** The waiting explained: every wait's ticks, the sum of the delay costs. */
    public double total() {
        return total;
    }

    /** Region overlaps found, appended, each linked to the one found before it for the same wait and side. */
    private static final class Overlaps {
        int size;
        int[] region = new int[64];
        long[] ticks = new long[64];
        int[] next = new int[64];

        /** Appends an overlap whose list went on at {@code previous} (-1: none); returns its index, the list's new head. */
        int add(int r, long t, int previous) {
            if (size == region.length) {
                region = Arrays.copyOf(region, size * 2);
                ticks = Arrays.copyOf(ticks, size * 2);
                next = Arrays.copyOf(next, size * 2);
            }
            region[size] = r;
            ticks[size] = t;
            next[size] = previous;
            return size++;
        }
    }
}
