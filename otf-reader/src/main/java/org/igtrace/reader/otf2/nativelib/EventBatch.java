package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A buffer of event records that the C shim fills from libotf2's event reader, and their decoding
 * into {@link EventVisitor} calls. One downcall fills thousands of records; decoding reads them from
 * a direct buffer without allocating. The record layout (sizes by kind, 16 to 56 bytes) and kind
 * numbers are those of {@code src/main/c/igtrace_otf2.c}; the shim writes a blocking send or receive
 * (an Enter, a MpiSend or MpiRecv and the Leave of the same region in a row, within one fill) as one
 * record.
 */
final class EventBatch implements AutoCloseable {
    /** The largest record; a batch of {@code capacity} records has room for that many of them. */
    static final int MAX_RECORD_BYTES = 56;

    private static final int ENTER = 1;
    private static final int LEAVE = 2;
    private static final int SEND = 3;
    private static final int RECV = 4;
    private static final int ISEND = 5;
    private static final int IRECV = 6;
    private static final int ISEND_COMPLETE = 7;
    private static final int IRECV_REQUEST = 8;
    private static final int SEND_CALL = 9;
    private static final int COLLECTIVE_END = 10;
    private static final int NONBLOCKING_COLLECTIVE_END = 16;
    private static final int CC_ENTER = 11;
    private static final int CC_LEAVE = 12;
    private static final int MEASUREMENT = 13;
    private static final int THREAD_FORK = 14;
    private static final int RECV_CALL = 15;

    private final Memory memory;
    private final ByteBuffer records;
    private Pointer batch;

    EventBatch(int capacity) {
        memory = new Memory((long) capacity * MAX_RECORD_BYTES);
        records = memory.getByteBuffer(0, memory.size()).order(ByteOrder.nativeOrder());
        batch = Otf2Shim.igt_batch_new(memory, capacity);
        if (batch == null) {
            throw new OutOfMemoryError("igt_batch_new");
        }
    }

    /** Registers the shim's callbacks on an event reader; returns libotf2's error code. */
    int attach(Pointer reader, Pointer evtReader) {
        return Otf2Shim.igt_batch_attach(reader, evtReader, batch);
    }

    /**
     * Reads the next records into the buffer. Returns {@link Otf2Shim#FULL} when more may follow,
     * 0 when the location is done, or libotf2's error code.
     */
    int fill(Pointer reader, Pointer evtReader) {
        return Otf2Shim.igt_batch_fill(reader, evtReader, batch);
    }

    /** Events libotf2 has read through this batch, including kinds that make no record. */
    long eventsRead() {
        return Otf2Shim.igt_batch_events(batch);
    }

    /**
     * Events of a kind igtrace does not analyse read through this batch so far ({@link EventVisitor#unread}).
     *
     * @param kind 0: non-blocking collectives done, 1: one-sided transfers, 2: cancelled requests, 3: records of a type
     *             libotf2 does not know, 4: collective begins, 5: collective ends
     * @return how many
     */
    long unread(int kind) {
        return Otf2Shim.igt_batch_unread(batch, kind);
    }

    /** The records read through this batch so far whose time lies below 2^63 ticks, and at or above it (a negative long). */
    long[] halves() {
        return new long[] {Otf2Shim.igt_batch_times(batch, 0), Otf2Shim.igt_batch_times(batch, 1)};
    }

    /**
     * Tells the visitor how many of a location's records, read since {@link #halves} gave {@code before}, lie in each half
     * of OTF2's unsigned clock ({@link EventVisitor#times}).
     *
     * @throws Otf2Exception when they lie in both: read as signed longs (as every analysis takes them), the times go back
     *                       by 2^64 ticks where they cross 2^63
     */
    void timesSince(long[] before, EventVisitor visitor, java.nio.file.Path events) throws Otf2Exception {
        long[] now = halves();
        long below = now[0] - before[0], above = now[1] - before[1];
        if (below > 0 && above > 0) {
            throw Otf2Exception.found("its times cross 2^63 ticks (" + below + (below == 1 ? " event" : " events") + " before, "
                    + above + " at or after), which igtrace does not read", events, EventVisitor.CLOCK_NEAR_ZERO);
        }
        if (below + above > 0) {
            visitor.times(below, above);
        }
    }

    /** The shim's counts so far: the {@link EventVisitor#UNREAD_KINDS} kinds' (the last its collective begins), then its collective ends. */
    long[] counted() {
        long[] c = new long[EventVisitor.UNREAD_KINDS + 1];
        for (int k = 0; k < c.length; k++) {
            c[k] = unread(k);
        }
        return c;
    }

    /**
     * The events of each kind {@link EventVisitor#unread} counts read since {@code before} ({@link #counted}): the
     * collectives begun then are those with no end after them (each end read since closes a begin).
     */
    long[] unreadSince(long[] before) {
        long[] now = counted();
        long[] unread = new long[EventVisitor.UNREAD_KINDS];
        for (int k = 0; k < unread.length; k++) {
            unread[k] = now[k] - before[k];
        }
        int ends = EventVisitor.UNREAD_KINDS;
        unread[EventVisitor.UNENDED_COLLECTIVES] = Math.max(0, unread[EventVisitor.UNENDED_COLLECTIVES] - (now[ends] - before[ends]));
        return unread;
    }

    /**
     * Hands the records of the last fill to the visitor, in order; a blocking send or receive
     * that the shim wrote as one record as one {@link EventVisitor#sendCall} or
     * {@link EventVisitor#receiveCall}.
     */
    /**
     * As {@link #decode(EventVisitor)}; a visitor's finding of damage ({@link EventVisitor.Damaged}) is the read's failure
     * for the events file {@code events}.
     */
    void decode(EventVisitor visitor, java.nio.file.Path events) throws Otf2Exception {
        try {
            decode(visitor);
        } catch (EventVisitor.Damaged d) {
            throw Otf2Exception.found(d.getMessage(), events, d.why());
        }
    }

    void decode(EventVisitor visitor) {
        ByteBuffer r = records;
        int end = Otf2Shim.igt_batch_bytes(batch);
        int at = 0;
        while (at < end) {
            int kind = r.getInt(at);
            switch (kind) {
                case SEND_CALL -> { // the Enter's 16 bytes, a SEND record's 32, the Leave's time
                    visitor.sendCall(r.getLong(at + 8), r.getInt(at + 4), r.getLong(at + 32), r.getInt(at + 20), r.getInt(at + 24),
                            r.getInt(at + 28), r.getLong(at + 40), r.getLong(at + 48));
                    at += 56;
                }
                case RECV_CALL -> {
                    visitor.receiveCall(r.getLong(at + 8), r.getInt(at + 4), r.getLong(at + 32), r.getInt(at + 20), r.getInt(at + 24),
                            r.getInt(at + 28), r.getLong(at + 40), r.getLong(at + 48));
                    at += 56;
                }
                case ENTER -> {
                    visitor.enter(r.getLong(at + 8), r.getInt(at + 4));
                    at += 16;
                }
                case LEAVE -> {
                    visitor.leave(r.getLong(at + 8), r.getInt(at + 4));
                    at += 16;
                }
                case CC_ENTER -> {
                    visitor.callingContextEnter(r.getLong(at + 8), r.getInt(at + 4));
                    at += 16;
                }
                case CC_LEAVE -> {
                    visitor.callingContextLeave(r.getLong(at + 8), r.getInt(at + 4));
                    at += 16;
                }
                case MEASUREMENT -> {
                    visitor.measurement(r.getLong(at + 8), r.getInt(at + 4) != 0);
                    at += 16;
                }
                case THREAD_FORK -> {
                    visitor.threadFork(r.getLong(at + 8), r.getInt(at + 4) != 0);
                    at += 16;
                }
                case SEND -> {
                    visitor.send(r.getLong(at + 16), r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24));
                    at += 32;
                }
                case RECV -> {
                    visitor.receive(r.getLong(at + 16), r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24));
                    at += 32;
                }
                case ISEND -> {
                    visitor.isend(r.getLong(at + 16), r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24),
                            r.getLong(at + 32));
                    at += 40;
                }
                case IRECV -> {
                    visitor.irecv(r.getLong(at + 16), r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24),
                            r.getLong(at + 32));
                    at += 40;
                }
                case ISEND_COMPLETE -> {
                    visitor.isendComplete(r.getLong(at + 8), r.getLong(at + 16));
                    at += 24;
                }
                case IRECV_REQUEST -> {
                    visitor.irecvRequest(r.getLong(at + 8), r.getLong(at + 16));
                    at += 24;
                }
                case COLLECTIVE_END -> {
                    visitor.collectiveEnd(r.getLong(at + 16), r.getInt(at + 12), r.getInt(at + 4), r.getInt(at + 8), r.getLong(at + 24),
                            r.getLong(at + 32));
                    at += 40;
                }
                case NONBLOCKING_COLLECTIVE_END -> {
                    visitor.nonBlockingCollectiveEnd(r.getLong(at + 16), r.getInt(at + 12), r.getInt(at + 4), r.getInt(at + 8),
                            r.getLong(at + 24), r.getLong(at + 32));
                    at += 40;
                }
                default -> throw new IllegalStateException("igtrace's libotf2 shim wrote a record of unknown kind " + kind);
            }
        }
    }

    @Override
    public void close() {
        if (batch != null) {
            Otf2Shim.igt_batch_free(batch);
            batch = null;
        }
        memory.close();
    }
}
