package org.igtrace.core.graph;

import java.util.Arrays;

/**
 * A binary max-heap of vertex indices 0..n-1 keyed by a weight, on primitive arrays (no boxing):
 * insert, raise a key and remove the top in O(log n). The top is the vertex of the largest weight,
 * the lowest index among equal weights (compared with {@code >} and {@code ==}, so 0.0 and -0.0
 * tie), which is the vertex a scan of 0..n-1 keeping the first strict maximum finds.
 */
final class VertexHeap {
    private final int[] heap;
    private final int[] position; // where a vertex sits in heap, -1 when it is not in the heap
    private final double[] key;
    private int size;

    VertexHeap(int n) {
        heap = new int[n];
        position = new int[n];
        key = new double[n];
        Arrays.fill(position, -1);
    }

    boolean isEmpty() {
        return size == 0;
    }

    boolean contains(int v) {
        return position[v] >= 0;
    }

    /** Adds v with weight w, or raises v's weight to w; a w not above v's weight must not be given. */
    void offer(int v, double w) {
        key[v] = w;
        int at = position[v];
        if (at < 0) {
            at = size++;
            heap[at] = v;
            position[v] = at;
        }
        up(at);
    }

    /** Removes and returns the vertex of the largest weight (the lowest index among ties). */
    int poll() {
        int top = heap[0];
        position[top] = -1;
        size--;
        if (size > 0) {
            int last = heap[size];
            heap[0] = last;
            position[last] = 0;
            down(0);
        }
        return top;
    }

    private boolean above(int a, int b) {
        return key[a] > key[b] || (key[a] == key[b] && a < b);
    }

    private void up(int at) {
        int v = heap[at];
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            int p = heap[parent];
            if (!above(v, p)) {
                break;
            }
            heap[at] = p;
            position[p] = at;
            at = parent;
        }
        heap[at] = v;
        position[v] = at;
    }

    private void down(int at) {
        int v = heap[at];
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && above(heap[child + 1], heap[child])) {
                child++;
            }
            int c = heap[child];
            if (!above(c, v)) {
                break;
            }
            heap[at] = c;
            position[c] = at;
            at = child;
        }
        heap[at] = v;
        position[v] = at;
    }
}
