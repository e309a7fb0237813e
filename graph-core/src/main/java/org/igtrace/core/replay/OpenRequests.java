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
            int n = count * 2;
            request = Arrays.copyOf(request, n);
            type = Arrays.copyOf(type, n);
            offset = Arrays.copyOf(offset, n);
            key = Arrays.copyOf(key, n);
            sequence = Arrays.copyOf(sequence, n);
            bytes = Arrays.copyOf(bytes, n);
        }
        request[count] = id;
        type[count] = kind;
        offset[count] = at;
        key[count] = messageKey;
        sequence[count] = number;
        bytes[count++] = size;
        return count == 1;
    }

    /** The latest request of {@code kind} with this id; -1 if none. */
    int latest(long id, int kind) {
        for (int i = count - 1; i >= 0; i--) {
            if (request[i] == id && (type[i] & 0xFF) == kind) {
                return i;
            }
        }
        return -1;
    }

    /** Removes request {@code i}, keeping the others in order; true when it was the oldest. */
    boolean remove(int i) {
        int after = count - i - 1;
        System.arraycopy(request, i + 1, request, i, after);
        System.arraycopy(type, i + 1, type, i, after);
        System.arraycopy(offset, i + 1, offset, i, after);
        System.arraycopy(key, i + 1, key, i, after);
        System.arraycopy(sequence, i + 1, sequence, i, after);
        System.arraycopy(bytes, i + 1, bytes, i, after);
        count--;
        return i == 0;
    }

    /** Where the oldest request was written; {@link Long#MAX_VALUE} when none is open. */
    long oldestOffset() {
        return count == 0 ? Long.MAX_VALUE : offset[0];
    }
}
