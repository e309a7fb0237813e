package org.igtrace.spark;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The primitive columns the job's rows carry (no other Java objects travel between tasks). A
 * location task emits TASK rows of four kinds; a join task emits JOIN rows (columns by position:
 * TASK 0-9, JOIN 0-5).
 *
 * <pre>
 * TASK  kind     a        b        c      x       y         z           w         d      data
 *       PROCESS  process  -        -      order   -         -           -         -      times  (per location: LocationTimes in longs)
 *       PAIR     table    from     to     order   messages  -           -         bytes  -      (per location and pair)
 *       COUNT    which    -        -      value   -         -           -         -      -
 *       BLOCK    side     process  key    order   records   block index join key  -      bytes  (match records; join key: pair, or communicator and instance range)
 * JOIN  kind     a        b        x        y      z
 *       (others) ...                       0      0
 *       SHARED_CALL receiver location  latest  call   duration  (a late message of a call completing several receives)
 *       TRANSFER  sender   receiver  a       b      0         (a point of the pair's transfers: a = send - enter(receive call), b = send - receive)
 *       LEAVE     first    member    key     d      0         (a sampled leave difference of a barrier or N x N instance: key its first member's leave, d = leave(member) - leave(first))
 * </pre>
 */
final class Rows {
    static final int PROCESS = 0;
    static final int PAIR = 1;
    static final int COUNT = 2;
    static final int BLOCK = 3;

    /** PAIR tables. */
    static final int SENDS = 0;
    static final int RECEIVES = 1;
    static final int COLLECTIVE_TRAFFIC = 2;

    /**
     * COUNT rows of a location task: profile counts from 0 (fewer than 100), non-member collectives, kept events, then
     * the reader's counts from 102 on, as many as it sends (four per location of an OTF2 trace: none of the others'
     * keys may follow them).
     */
    static final int NON_MEMBER_COLLECTIVES = 100;
    /** COUNT row: events a selection kept. */
    static final int KEPT_EVENTS = 101;
    static final int READER_COUNTS = 102;

    /** JOIN kinds: a clock constraint and a waited message bound (max per ordered pair), everything else adds up. */
    static final int CONSTRAINT = 0;
    static final int WAIT = 1;
    static final int PAIR_WAIT = 2;
    static final int UNMATCHED_SENDS = 3;
    static final int UNMATCHED_RECEIVES = 4;
    static final int JOIN_COUNT = 5;
    static final int WAITED_MESSAGE = 6;
    /**
     * A late message of a call that completed several receives (definitions section 8: one call waits
     * once): b the receiving location's order, y the call's number there, a the receiver, z the
     * call's duration, x {@link #latest} of the message (the call's is the largest).
     */
    static final int SHARED_CALL = 7;
    /**
     * A point the pair's clock constraints keep to choose the waiting messages again on corrected
     * clocks (ClockConstraints#transferPoint): a the sender, b the receiver, x and y the point.
     */
    static final int TRANSFER = 8;
    /**
     * A leave difference the clock constraints keep of a barrier or N x N collective
     * (ClockConstraints#leaveSample): a the communicator's first member, b the member, x the instance's key, y the difference.
     */
    static final int LEAVE = 9;
    /** Bits of {@link #latest} that hold the sender. */
    static final int SENDER_BITS = 20;

    /** JOIN_COUNT rows. */
    static final int MATCHED = 0;
    static final int COLLECTIVES_MATCHED = 1;
    static final int COLLECTIVES_INCOMPLETE = 2;
    static final int COLLECTIVES_DISAGREEING = 3;
    static final int CONFLICTS_BEFORE = 4;
    static final int CONSTRAINT_MESSAGES = 5;
    static final int CONSTRAINT_COLLECTIVES = 6;
    static final int APPROXIMATED = 7;
    static final int CONFLICTS_AFTER = 8;

    private Rows() {
    }

    /**
     * How late a message's send entered after its receive's call ({@code late} ticks, more than 0) and
     * its sender in one long whose largest over a call's messages is the send that entered last, ties
     * to the lowest sender: late in the high bits (at most 2^43 - 1 ticks, beyond that the same),
     * the sender's complement in the low {@value #SENDER_BITS} (ranks below 2^20).
     */
    static long latest(long late, int sender) {
        long mask = (1L << SENDER_BITS) - 1;
        return Math.min(late, Long.MAX_VALUE >>> SENDER_BITS) << SENDER_BITS | (mask - (sender & mask));
    }

    static Row sharedCall(int receiver, long location, long call, long latest, long duration) {
        return RowFactory.create(SHARED_CALL, receiver, (int) location, latest, call, duration);
    }

    static Row transfer(int sender, int receiver, long a, long b) {
        return RowFactory.create(TRANSFER, sender, receiver, a, b, 0L);
    }

    static Row leave(int first, int member, long key, long difference) {
        return RowFactory.create(LEAVE, first, member, key, difference, 0L);
    }

    static Row task(int kind, int a, int b, int c, long x, long y, long z, long w, double d, byte[] data) {
        return RowFactory.create(kind, a, b, c, x, y, z, w, d, data);
    }

    /** Longs as bytes (big-endian), for the data column. */
    static byte[] bytes(long[] values) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(values.length * Long.BYTES);
        b.asLongBuffer().put(values);
        return b.array();
    }

    /** The longs {@link #bytes} gave. */
    static long[] longs(byte[] bytes) {
        long[] values = new long[bytes.length / Long.BYTES];
        java.nio.ByteBuffer.wrap(bytes).asLongBuffer().get(values);
        return values;
    }

    static Row join(int kind, int a, int b, long x) {
        return RowFactory.create(kind, a, b, x, 0L, 0L);
    }

    /**
     * The key a stream is joined under: the directed pair of a message stream (not negative), the
     * communicator and instance range of a collective one (negative).
     */
    static long joinKey(int side, int process, int key, int range) {
        return switch (side) {
            case 0 -> pair(process, key);
            case 1 -> pair(key, process);
            default -> -1L - (((long) key << 32) | range);
        };
    }

    /** The instance range of a collective stream's join key. */
    static int range(long joinKey) {
        return joinKey < 0 ? (int) (-1L - joinKey) : 0;
    }

    private static long pair(int sender, int receiver) {
        return ((long) sender << 32) | (receiver & 0xffffffffL);
    }
}
