package org.igtrace.core.util;

import java.lang.reflect.Array;

/**
 * Circular buffers kept as parallel primitive arrays (one array per field, a slot the same index in each): what
 * growing one takes, done once for every field's array.
 */
public final class Rings {
    private Rings() {
    }

    /**
     * An array of {@code capacity} entries (same component type as {@code ring}) that holds, from index 0 on and in
     * order, the {@code count} entries of {@code ring} that start at index {@code head} and wrap at its end: {@code ring}
     * itself, the entries moved to its front, when it keeps its length and they do not wrap; else a new array (when a
     * ring grows: not per event).
     */
    @SuppressWarnings("unchecked")
    public static <A> A unrolled(A ring, int head, int count, int capacity) {
        int length = Array.getLength(ring);
        if (head < 0 || count < 0 || count > length || count > capacity || (count > 0 && head >= length)) {
            throw new IllegalArgumentException("ring of " + length + ": " + count + " entries from " + head + " into " + capacity);
        }
        if (capacity == length && head + count <= length) {
            System.arraycopy(ring, head, ring, 0, count);
            return ring;
        }
        A into = (A) Array.newInstance(ring.getClass().getComponentType(), capacity);
        int toEnd = Math.min(count, length - head);
        System.arraycopy(ring, head, into, 0, toEnd);
        System.arraycopy(ring, 0, into, toEnd, count - toEnd);
        return into;
    }
}
