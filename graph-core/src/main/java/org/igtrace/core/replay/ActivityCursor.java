package org.igtrace.core.replay;

import java.util.Arrays;
import org.igtrace.core.util.BlockStreamReader;

/**
 * Reads one location's recorded activities ({@link LocationActivities}' encoding) call by call,
 * from the start of its stream: after {@link #next()} the fields describe the call and its
 * events. Only one call is held at a time, so the memory a cursor takes does not grow with the
 * run. Each record is read whole after one check of its block's end ({@link BlockStreamReader#record}).
 */
final class ActivityCursor {
    final LocationActivities location;
    private final BlockStreamReader in;
    /** Sends and receives read so far per key. */
    private final long[] sends;
    private final long[] receives;
    private final long[] lastBytes;
    private long previousLeave;
    private long read;
    private long limit = Long.MAX_VALUE;

    /** The current call: its enter and leave (ticks), region (-1: an event outside any call), events. */
    long enter;
    long leave;
    int region;
    int events;
    /** Per event: its record type ({@link LocationActivities#SEND} ...). */
    byte[] type = new byte[4];
    /** Send, receive, completion: its key; post: the key of its receive (-1 none); collective: the communicator. */
    int[] key = new int[4];
    /** Message size; bytes a collective member sent. */
    long[] bytes = new long[4];
    /**
     * Send, receive: its sequence number on its key (from the start of the stream); post: its
     * receive's; completion: its send's; collective: its root (-1 none).
     */
    long[] sequence = new long[4];
    /** Send: whether its completion was recorded later (1) or not (0); collective: its {@code CollectiveKind} ordinal. */
    byte[] detail = new byte[4];
    /** Scratch for the reader of the call: per event, what it matched (a channel or communicator, -1 none) and where. */
    int[] match = new int[4];
    long[] at = new long[4];
    /**
     * Scratch for the replay: per event, where its message is kept ({@link MessagePosts#slot}) and the count of the
     * posts' buffer relocations then ({@link MessagePosts#keep}; -1: none kept).
     */
    int[] slot = new int[4];
    int[] slotMoves = new int[4];

    ActivityCursor(LocationActivities location, BlockStreamReader in) {
        this.location = location;
        this.in = in;
        this.sends = new long[location.keys.count];
        this.receives = new long[location.keys.count];
        this.lastBytes = new long[location.keys.count];
    }

    /** Skips {@code first} calls, and ends after call {@code end} (exclusive, counted from the start). */
    ActivityCursor window(long first, long end) {
        for (long c = 0; c < first && next(); c++) {
            // skipped
        }
        limit = end;
        return this;
    }

    /** Reads the next call; false when there is none (events after the last call are not read). */
    boolean next() {
        if (read >= limit) {
            return false;
        }
        events = 0;
        while (in.record()) {
            int head = in.byteInRecord();
            int t = head & LocationActivities.TYPE;
            if (t == LocationActivities.CALL) {
                region = (int) in.unsignedInRecord() - 1;
                enter = previousLeave + in.signedInRecord();
                leave = enter + in.unsignedInRecord();
                previousLeave = leave;
                read++;
                return true;
            }
            event(head, t);
        }
        return false;
    }

    private void event(int head, int t) {
        if (events == type.length) {
            room(events * 2);
        }
        int i = events++;
        type[i] = (byte) t;
        switch (t) {
            case LocationActivities.SEND, LocationActivities.RECEIVE -> {
                int k = (int) in.unsignedInRecord();
                key[i] = k;
                if ((head & LocationActivities.SIZE_FOLLOWS) != 0) {
                    lastBytes[k] = in.unsignedInRecord();
                }
                bytes[i] = lastBytes[k];
                if (t == LocationActivities.SEND) {
                    sequence[i] = sends[k]++;
                    detail[i] = (byte) ((head & LocationActivities.COMPLETED_LATER) != 0 ? 1 : 0);
                } else {
                    sequence[i] = receives[k]++;
                }
            }
            case LocationActivities.COLLECTIVE -> {
                detail[i] = (byte) (head >>> 3);
                key[i] = (int) in.signedInRecord();
                sequence[i] = in.signedInRecord() - 1;
                bytes[i] = in.unsignedInRecord();
            }
            case LocationActivities.RECEIVE_POST -> {
                key[i] = (int) in.fixedInRecord(4) - 1;
                sequence[i] = in.fixedInRecord(5);
            }
            case LocationActivities.SEND_COMPLETE -> {
                int k = (int) in.unsignedInRecord();
                key[i] = k;
                sequence[i] = sends[k] - 1 - in.unsignedInRecord();
                bytes[i] = in.unsignedInRecord();
                detail[i] = (byte) (head >>> 3); // the send's SendMode ordinal
            }
            default -> throw new IllegalStateException("unknown activity record " + head);
        }
    }

    /** Room for {@code n} events. */
    void room(int n) {
        if (n > type.length) {
            type = Arrays.copyOf(type, n);
            key = Arrays.copyOf(key, n);
            bytes = Arrays.copyOf(bytes, n);
            sequence = Arrays.copyOf(sequence, n);
            detail = Arrays.copyOf(detail, n);
            match = Arrays.copyOf(match, n);
            at = Arrays.copyOf(at, n);
            slot = Arrays.copyOf(slot, n);
            slotMoves = Arrays.copyOf(slotMoves, n);
        }
    }

    /** The world rank a message key names (partner of a send or receive). */
    int peer(int k) {
        return location.keys.peer[k];
    }
}
