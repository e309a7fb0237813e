package org.igtrace.core.util;

/**
 * A stable sort of {@code int} indexes by a comparison of what they index, without boxing (a
 * merge sort: equal elements keep their order, as {@code Arrays.sort} of objects keeps it).
 */
public final class IndexSort {
    /** Compares the elements at two indexes. */
    @FunctionalInterface
    public interface Order {
        int compare(int a, int b);
    }

    private IndexSort() {
    }

    /** Sorts {@code a} in place by {@code order}, stably. */
    public static void sort(int[] a, Order order) {
        if (a.length < 2) {
            return;
        }
        int[] src = a.clone(), dst = a;
        split(src, dst, 0, a.length, order);
    }

    /** Sorts src[from..to) into dst[from..to) (both start as the same values). */
    private static void split(int[] src, int[] dst, int from, int to, Order order) {
        int n = to - from;
        if (n < 16) {
            for (int i = from + 1; i < to; i++) {
                int v = dst[i];
                int j = i;
                while (j > from && order.compare(dst[j - 1], v) > 0) {
                    dst[j] = dst[j - 1];
                    j--;
                }
                dst[j] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        split(dst, src, from, mid, order);
        split(dst, src, mid, to, order);
        if (order.compare(src[mid - 1], src[mid]) <= 0) {
            System.arraycopy(src, from, dst, from, n);
            return;
        }
        for (int i = from, p = from, q = mid; i < to; i++) {
            if (q >= to || p < mid && order.compare(src[p], src[q]) <= 0) {
                dst[i] = src[p++];
            } else {
                dst[i] = src[q++];
            }
        }
    }
}
