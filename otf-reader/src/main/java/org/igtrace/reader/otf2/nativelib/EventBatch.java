package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A buffer of fixed-size event records that the C shim fills from libotf2's event reader, and
 * their decoding into {@link EventVisitor} calls. One downcall fills thousands of records; decoding
 * reads them from a direct buffer without allocating. The record layout and kind numbers are
 * those of {@code src/main/c/igtrace_otf2.c}.
 */
final class EventBatch implements AutoCloseable {
    static final int RECORD_BYTES = 40;

    private static final int ENTER = 1;
    private static final int LEAVE = 2;
    private static final int SEND = 3;
    private static final int RECV = 4;
    private static final int ISEND = 5;
    private static final int IRECV = 6;
    private static final int ISEND_COMPLETE = 7;
    private static final int IRECV_REQUEST = 8;
    private static final int COLLECTIVE_END = 10;
    private static final int CC_ENTER = 11;
    private static final int CC_LEAVE = 12;
    private static final int MEASUREMENT = 13;
    private static final int THREAD_FORK = 14;

    private final Memory memory;
    private final ByteBuffer records;
    private Pointer batch;

    EventBatch(int capacity) {
        memory = new Memory((long) capacity * RECORD_BYTES);
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
     * Hands the records of the last fill to the visitor, in order; a blocking send or receive
     * whose three records lie in this fill as one {@link EventVisitor#sendCall} or
     * {@link EventVisitor#receiveCall}.
     */
    void decode(EventVisitor visitor) {
        ByteBuffer r = records;
        int end = Otf2Shim.igt_batch_count(batch) * RECORD_BYTES;
        for (int at = 0; at < end; at += RECORD_BYTES) {
            int kind = r.getInt(at);
            long time = r.getLong(at + 16);
            switch (kind) {
                case ENTER -> {
                    // An Enter, a MpiSend or MpiRecv and the Leave of the same region in a row (a
                    // blocking send or receive, the commonest run of events) go over as one call.
                    int region = r.getInt(at + 4);
                    int m = at + RECORD_BYTES;
                    int l = m + RECORD_BYTES;
                    int inside = l < end && r.getInt(l) == LEAVE && r.getInt(l + 4) == region ? r.getInt(m) : 0;
                    if (inside == SEND) {
                        visitor.sendCall(time, region, r.getLong(m + 16), r.getInt(m + 4), r.getInt(m + 8), r.getInt(m + 12),
                                r.getLong(m + 24), r.getLong(l + 16));
                        at = l;
                    } else if (inside == RECV) {
                        visitor.receiveCall(time, region, r.getLong(m + 16), r.getInt(m + 4), r.getInt(m + 8), r.getInt(m + 12),
                                r.getLong(m + 24), r.getLong(l + 16));
                        at = l;
                    } else {
                        visitor.enter(time, region);
                    }
                }
                case LEAVE -> visitor.leave(time, r.getInt(at + 4));
                case CC_ENTER -> visitor.callingContextEnter(time, r.getInt(at + 4));
                case CC_LEAVE -> visitor.callingContextLeave(time, r.getInt(at + 4));
                case SEND -> visitor.send(time, r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24));
                case ISEND -> visitor.isend(time, r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24),
                        r.getLong(at + 32));
                case RECV -> visitor.receive(time, r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24));
                case IRECV -> visitor.irecv(time, r.getInt(at + 4), r.getInt(at + 8), r.getInt(at + 12), r.getLong(at + 24),
                        r.getLong(at + 32));
                case ISEND_COMPLETE -> visitor.isendComplete(time, r.getLong(at + 32));
                case IRECV_REQUEST -> visitor.irecvRequest(time, r.getLong(at + 32));
                case MEASUREMENT -> visitor.measurement(time, r.getInt(at + 4) != 0);
                case THREAD_FORK -> visitor.threadFork(time, r.getInt(at + 4) != 0);
                case COLLECTIVE_END -> visitor.collectiveEnd(time, r.getInt(at + 12), r.getInt(at + 4), r.getInt(at + 8),
                        r.getLong(at + 24), r.getLong(at + 32));
                default -> {
                    // collective begins: matching needs only the events that carry the envelope
                    // (definitions section 8), and the calls around them
                }
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
