package org.igtrace.core.mapping;

import java.util.Arrays;

/**
 * A max-heap of positions 0..n-1 keyed by a shared array of values, the greatest value first and the lowest
 * position among equal values: the position a scan from 0 that keeps the first greatest value would pick, so a
 * bisection that picks through it picks as that scan does, in O(log n) a pick instead of O(n). A position's value
 * may change while it is in the heap, when {@link #changed} is then called for it.
 */
final class GainHeap {
    private final int[] heap;
    /** Per position, its index in the heap, -1 when not in it. */
    private final int[] at;
    private int size;
    private double[] key;

    /** @param capacity the most positions (0..capacity-1) */
    GainHeap(int capacity) {
        heap = new int[capacity];
        at = new int[capacity];
        Arrays.fill(at, -1);
    }

    /** Empties the heap; its positions are keyed by {@code values} from now on. */
    void reset(double[] values) {
        for (int i = 0; i < size; i++) {
            at[heap[i]] = -1;
        }
        size = 0;
        key = values;
    }

    /** @param p a position not in the heap */
    void add(int p) {
        heap[size] = p;
        at[p] = size;
        size++;
        up(size - 1);
    }

    /** @return the position of the greatest value (the lowest among equals), -1 when empty */
    int top() {
        return size == 0 ? -1 : heap[0];
    }

    /** @param p a position, removed if in the heap */
    void remove(int p) {
        int i = at[p];
        if (i < 0) {
            return;
        }
        at[p] = -1;
        size--;
        if (i == size) {
            return;
        }
        heap[i] = heap[size];
        at[heap[i]] = i;
        if (!up(i)) {
            down(i);
        }
    }

    /** @param p a position whose value changed; nothing if it is not in the heap */
    void changed(int p) {
        int i = at[p];
        if (i >= 0 && !up(i)) {
            down(i);
        }
    }

    /** Whether position a comes before position b. */
    private boolean before(int a, int b) {
        return key[a] > key[b] || key[a] == key[b] && a < b;
    }

    private boolean up(int i) {
        int p = heap[i];
        int start = i;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(p, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            at[heap[i]] = i;
            i = parent;
        }
        heap[i] = p;
        at[p] = i;
        return i != start;
    }

    private void down(int i) {
        int p = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], p)) {
                break;
            }
            heap[i] = heap[child];
            at[heap[i]] = i;
            i = child;
        }
        heap[i] = p;
        at[p] = i;
    }
}
