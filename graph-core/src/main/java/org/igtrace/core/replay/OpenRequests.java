package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * The requests of one location in flight while it is recorded ({@link LocationActivities}), oldest first:
 * non-blocking sends and posted receives, each with where it was written in the location's stream, so that its
 * completion can patch what it wrote there.
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
    /** The requests open are those at {@code first} (the oldest) up to {@code count} (exclusive): the oldest leaves by moving {@code first}, no copy. */
    int first;
    int count;

    OpenRequests(int capacity) {
        request = new long[capacity];
        type = new int[capacity];
        offset = new long[capacity];
        key = new int[capacity];
        sequence = new long[capacity];
        bytes = new long[capacity];
    }

    /** Adds a request after the others; true when it is the only one. */
    boolean add(long id, int kind, long at, int messageKey, long number, long size) {
        if (count == request.length) {
            grow();
        }
        request[count] = id;
        type[count] = kind;
        offset[count] = at;
        key[count] = messageKey;
        sequence[count] = number;
        bytes[count++] = size;
        return count - first == 1;
    }

    /** Room for one more at {@code count}: the open ones moved to the start, or the arrays doubled. */
    private void grow() {
        if (first > 0) {
            shift(first, first);
            count -= first;
            first = 0;
        } else {
            int n = count * 2; // CLOSED (no room) stays closed: an index error, as before
            request = Arrays.copyOf(request, n);
            type = Arrays.copyOf(type, n);
            offset = Arrays.copyOf(offset, n);
            key = Arrays.copyOf(key, n);
            sequence = Arrays.copyOf(sequence, n);
            bytes = Arrays.copyOf(bytes, n);
        }
    }

    /** How many requests are open. */
    int size() {
        return count - first;
    }

    /** The latest request of {@code kind} with this id; -1 if none. */
    int latest(long id, int kind) {
        for (int i = count - 1; i >= first; i--) {
            if (request[i] == id && (type[i] & 0xFF) == kind) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Removes request {@code i}, keeping the others in order; true when it was the oldest. The oldest and the latest
     * leave without a copy (a receive completed in the order of the posts, a send completed at once).
     */
    boolean remove(int i) {
        if (i == first) {
            if (++first == count) {
                first = 0;
                count = 0;
            }
            return true;
        }
        if (i < count - 1) {
            shift(i + 1, 1);
        }
        count--;
        return false;
    }

    /** Moves the requests from {@code from} up to {@code count} down by {@code by} places. */
    private void shift(int from, int by) {
        int n = count - from;
        System.arraycopy(request, from, request, from - by, n);
        System.arraycopy(type, from, type, from - by, n);
        System.arraycopy(offset, from, offset, from - by, n);
        System.arraycopy(key, from, key, from - by, n);
        System.arraycopy(sequence, from, sequence, from - by, n);
        System.arraycopy(bytes, from, bytes, from - by, n);
    }

    /** Where the oldest request was written; {@link Long#MAX_VALUE} when none is open. */
    long oldestOffset() {
        return first == count ? Long.MAX_VALUE : offset[first];
    }
}
