package org.igtrace.core.replay;

/**
 * The requests of one location in flight while it is recorded ({@link LocationActivities}), oldest first:
 * non-blocking sends and posted receives, each with where it was written in the location's stream, so that its
 * completion can patch what it wrote there.
 *
 * <p>The requests are kept in a ring, the oldest at a place that moves: an index below is a place in the arrays, as
 * {@link #oldest}, {@link #newest} and {@link #latest} give it, valid until the next {@link #add} or {@link #remove}.
 * Completions come mostly oldest first (receives posted in turn, then waited for): the oldest goes without moving the
 * others.
 */
final class OpenRequests {
    /** No request, and no room for one: a location whose recording ended. */
    static final OpenRequests CLOSED = new OpenRequests(0);

    /** The request's id. */
    long[] request;
    /** The type, and for a send its head byte in bits 8-15. */
    int[] type;
    /** Where the head (a send) or the 9-byte field (a post) was written. */
    long[] offset;
    int[] key;
    long[] sequence;
    long[] bytes;
    int count;
    /** The place of the oldest request; the places are modulo the capacity, a power of two. */
    private int head;

    /** @param capacity a power of two (0: no room) */
    OpenRequests(int capacity) {
        request = new long[capacity];
        type = new int[capacity];
        offset = new long[capacity];
        key = new int[capacity];
        sequence = new long[capacity];
        bytes = new long[capacity];
    }

    /** The place of the request {@code i}-th from the oldest. */
    private int at(int i) {
        return (head + i) & (request.length - 1);
    }

    /** Adds a request after the others; true when it is the only one. */
    boolean add(long id, int kind, long at, int messageKey, long number, long size) {
        if (count == request.length) {
            grow();
        }
        int i = at(count++);
        request[i] = id;
        type[i] = kind;
        offset[i] = at;
        key[i] = messageKey;
        sequence[i] = number;
        bytes[i] = size;
        return count == 1;
    }

    /** Twice the room, the requests oldest first from place 0. */
    private void grow() {
        int n = Math.max(8, request.length * 2);
        long[] r = new long[n], o = new long[n], q = new long[n], b = new long[n];
        int[] t = new int[n], k = new int[n];
        for (int i = 0; i < count; i++) {
            int from = at(i);
            r[i] = request[from];
            t[i] = type[from];
            o[i] = offset[from];
            k[i] = key[from];
            q[i] = sequence[from];
            b[i] = bytes[from];
        }
        request = r;
        type = t;
        offset = o;
        key = k;
        sequence = q;
        bytes = b;
        head = 0;
    }

    /** The place of the oldest request; only while one is open. */
    int oldest() {
        return head;
    }

    /** The place of the latest request added; only while one is open. */
    int newest() {
        return at(count - 1);
    }

    /** The place of the latest request of {@code kind} with this id; -1 if none. */
    int latest(long id, int kind) {
        for (int n = count - 1; n >= 0; n--) {
            int i = at(n);
            if (request[i] == id && (type[i] & 0xFF) == kind) {
                return i;
            }
        }
        return -1;
    }

    /** Removes the request at place {@code i}, keeping the others in order; true when it was the oldest. */
    boolean remove(int i) {
        int n = (i - head) & (request.length - 1); // its rank from the oldest
        if (n == 0) {
            head = at(1);
            count--;
            return true;
        }
        for (int m = n; m < count - 1; m++) { // the later ones move up a place
            int to = at(m), from = at(m + 1);
            request[to] = request[from];
            type[to] = type[from];
            offset[to] = offset[from];
            key[to] = key[from];
            sequence[to] = sequence[from];
            bytes[to] = bytes[from];
        }
        count--;
        return false;
    }

    /** Where the oldest request was written; {@link Long#MAX_VALUE} when none is open. */
    long oldestOffset() {
        return count == 0 ? Long.MAX_VALUE : offset[head];
    }
}
