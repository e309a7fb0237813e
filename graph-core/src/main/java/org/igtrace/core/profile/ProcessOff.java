package org.igtrace.core.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * When a process of several threads was not recorded (definitions section 3): the times at which some thread had
 * recording off and no thread had it on. A thread is on from its first to its last region event outside its own
 * intervals off; a time where one thread is off and another on is measured by the other, and a time where no thread
 * had begun or all had ended is no time off. Threads are given as {@code {first, last, offStart0, offEnd0, ...}}: the
 * first and last region event and the intervals off between them, disjoint and in order.
 */
final class ProcessOff {
    private ProcessOff() {
    }

    /**
     * The process's intervals off, disjoint and in order, as {@code start, end} pairs.
     *
     * @param threads each thread's first and last region event and its intervals off
     * @return the intervals in which some thread was off and none on
     */
    static long[] intervals(List<long[]> threads) {
        List<long[]> on = new ArrayList<>();
        List<long[]> off = new ArrayList<>();
        for (long[] t : threads) {
            long cursor = t[0];
            for (int i = 2; i + 1 < t.length; i += 2) {
                long from = Math.max(t[i], t[0]), to = Math.min(t[i + 1], t[1]);
                if (to <= from) {
                    continue;
                }
                off.add(new long[] {from, to});
                if (from > cursor) {
                    on.add(new long[] {cursor, from});
                }
                cursor = Math.max(cursor, to);
            }
            if (t[1] > cursor) {
                on.add(new long[] {cursor, t[1]});
            }
        }
        if (off.isEmpty()) {
            return new long[0];
        }
        return subtract(merge(off), merge(on));
    }

    /** The total length of disjoint {@code start, end} pairs. */
    static long measure(long[] pairs) {
        long sum = 0;
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            sum += pairs[i + 1] - pairs[i];
        }
        return sum;
    }

    /**
     * How long two lists of disjoint, ordered {@code start, end} pairs overlap.
     *
     * @param a one list
     * @param b the other
     * @return the length of their intersection
     */
    static long overlap(long[] a, long[] b) {
        long sum = 0;
        int i = 0, j = 0;
        while (i + 1 < a.length && j + 1 < b.length) {
            long from = Math.max(a[i], b[j]), to = Math.min(a[i + 1], b[j + 1]);
            if (to > from) {
                sum += to - from;
            }
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return sum;
    }

    /**
     * The parts of {@code a} outside {@code b}, both lists of disjoint, ordered {@code start, end} pairs.
     *
     * @param a the intervals to cut
     * @param b the intervals cut out
     * @return {@code a} less {@code b}, as pairs
     */
    static long[] subtract(long[] a, long[] b) {
        long[] out = new long[a.length + b.length];
        int n = 0, j = 0;
        for (int i = 0; i + 1 < a.length; i += 2) {
            long from = a[i], to = a[i + 1];
            while (j + 1 < b.length && b[j + 1] <= from) {
                j += 2;
            }
            for (int k = j; from < to; k += 2) {
                if (k + 1 >= b.length || b[k] >= to) {
                    out = add(out, n, from, to);
                    n += 2;
                    break;
                }
                if (b[k] > from) {
                    out = add(out, n, from, b[k]);
                    n += 2;
                }
                from = Math.max(from, b[k + 1]);
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static long[] add(long[] out, int n, long from, long to) {
        long[] o = n + 2 > out.length ? Arrays.copyOf(out, Math.max(4, out.length * 2)) : out;
        o[n] = from;
        o[n + 1] = to;
        return o;
    }

    /** Intervals sorted by start and joined where they touch or overlap, as pairs. */
    private static long[] merge(List<long[]> intervals) {
        intervals.sort((x, y) -> Long.compare(x[0], y[0]));
        long[] out = new long[intervals.size() * 2];
        int n = 0;
        for (long[] v : intervals) {
            if (n > 0 && v[0] <= out[n - 1]) {
                out[n - 1] = Math.max(out[n - 1], v[1]);
            } else {
                out[n] = v[0];
                out[n + 1] = v[1];
                n += 2;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
