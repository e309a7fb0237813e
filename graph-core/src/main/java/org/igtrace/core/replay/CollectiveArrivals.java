package org.igtrace.core.replay;

/**
 * The complete collective instances a replay has in progress, per communicator and instance
 * number: how many members arrived, the latest arrival, the most bytes a member sent, and how
 * many members left. An instance is forgotten once every member left it and every earlier
 * instance of its communicator is forgotten.
 */
final class CollectiveArrivals {
    /** One communicator's instances from {@code head} on, in a circular buffer (a power of two long). */
    private static final class Ring {
        long head;
        int first;
        int size;
        int[] arrived = new int[2];
        int[] left = new int[2];
        double[] latest = new double[2];
        long[] largest = new long[2];

        int slot(long k) {
            if (k < head) {
                return -1;
            }
            if (k >= head + size) {
                grow((int) (k - head + 1));
            }
            return (int) ((first + (k - head)) & (arrived.length - 1));
        }

        private void grow(int newSize) {
            int mask = arrived.length - 1;
            if (newSize > arrived.length) {
                int capacity = arrived.length * 2;
                while (capacity < newSize) {
                    capacity *= 2;
                }
                int[] a = new int[capacity], l = new int[capacity];
                double[] t = new double[capacity];
                long[] b = new long[capacity];
                for (int i = 0; i < size; i++) {
                    int from = (first + i) & mask;
                    a[i] = arrived[from];
                    l[i] = left[from];
                    t[i] = latest[from];
                    b[i] = largest[from];
                }
                arrived = a;
                left = l;
                latest = t;
                largest = b;
                first = 0;
                mask = capacity - 1;
            }
            for (int i = size; i < newSize; i++) {
                int at = (first + i) & mask;
                arrived[at] = 0;
                left[at] = 0;
                latest[at] = Double.NEGATIVE_INFINITY;
                largest[at] = 0;
            }
            size = newSize;
        }
    }

    private final Ring[] rings;
    private final int[] members;

    /** @param members per communicator, how many members an instance has */
    CollectiveArrivals(int[] members) {
        this.members = members;
        this.rings = new Ring[members.length];
    }

    private Ring ring(int communicator) {
        Ring r = rings[communicator];
        if (r == null) {
            r = new Ring();
            rings[communicator] = r;
        }
        return r;
    }

    /** A member arrives at instance k at {@code time}, having sent {@code bytes}; true when it was the last to arrive. */
    boolean arrive(int communicator, long k, double time, long bytes) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        r.arrived[at]++;
        r.latest[at] = Math.max(r.latest[at], time);
        r.largest[at] = Math.max(r.largest[at], bytes);
        return r.arrived[at] == members[communicator];
    }

    /** Whether every member arrived at instance k. */
    boolean full(int communicator, long k) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        return at >= 0 && r.arrived[at] == members[communicator];
    }

    double latestArrival(int communicator, long k) {
        Ring r = ring(communicator);
        return r.latest[r.slot(k)];
    }

    long largestSent(int communicator, long k) {
        Ring r = ring(communicator);
        return r.largest[r.slot(k)];
    }

    /** A member left instance k. */
    void leave(int communicator, long k) {
        Ring r = ring(communicator);
        int at = r.slot(k);
        if (at < 0) {
            return;
        }
        r.left[at]++;
        int mask = r.arrived.length - 1;
        while (r.size > 0 && r.left[r.first] == members[communicator]) {
            r.first = (r.first + 1) & mask;
            r.head++;
            r.size--;
        }
    }
}
