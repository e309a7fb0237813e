package org.igtrace.core.profile;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread's outermost MPI communication calls as {@code [enter, leave]} intervals in time order, kept compact (each
 * call a varint of its gap after the previous call and one of its length: 2-6 bytes) for its process's {@code Tcomm_i},
 * the time in which at least one of its threads was in MPI ({@link CommunicationUnion}, definitions section 3). Kept
 * only for the locations of processes read through several threads; its bytes are taken from a budget shared by the
 * read, and a log that would pass it is dropped ({@link #complete()} false) rather than kept in part.
 */
final class CallIntervals {
    /** The bytes all logs of one read may hold together (about 16 M calls). */
    static final long BUDGET_BYTES = 64L << 20;
    private static final int CHUNK = 1 << 12;

    private final AtomicLong budget;
    private byte[] bytes = new byte[0];
    private int length;
    private long previousLeave;
    private boolean complete = true;
    private long calls;

    /**
     * A log drawing its bytes from {@code budget}.
     *
     * @param budget the bytes left to every log of the read
     */
    CallIntervals(AtomicLong budget) {
        this.budget = budget;
    }

    /** A log of the intervals {@link #toBytes()} gave. */
    static CallIntervals ofBytes(byte[] encoded, long calls, boolean complete) {
        CallIntervals c = new CallIntervals(new AtomicLong());
        c.bytes = encoded;
        c.length = encoded.length;
        c.calls = calls;
        c.complete = complete;
        return c;
    }

    /**
     * Adds a call; calls come in the thread's time order (a call that begins before the previous one ended, as a damaged
     * timestamp makes, is taken from that end).
     *
     * @param enter the call's enter, ticks
     * @param leave its leave, ticks
     */
    void add(long enter, long leave) {
        if (!complete) {
            return;
        }
        long start = Math.max(enter, previousLeave);
        long end = Math.max(start, leave);
        if (length + 20 > bytes.length && !grow()) {
            return;
        }
        length = putVarint(start - previousLeave, length);
        length = putVarint(end - start, length);
        previousLeave = end;
        calls++;
    }

    private boolean grow() {
        int more = Math.max(CHUNK, bytes.length / 2);
        long left;
        do {
            left = budget.get();
            if (left < more) {
                budget.addAndGet(bytes.length); // what it held goes back: the log is dropped whole
                complete = false;
                bytes = new byte[0];
                length = 0;
                return false;
            }
        } while (!budget.compareAndSet(left, left - more));
        bytes = Arrays.copyOf(bytes, bytes.length + more);
        return true;
    }

    private int putVarint(long v, int at) {
        while ((v & ~0x7FL) != 0) {
            bytes[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[at++] = (byte) v;
        return at;
    }

    /** Whether every call added is kept (false when the budget ran out). */
    boolean complete() {
        return complete;
    }

    /** The calls kept. */
    long calls() {
        return calls;
    }

    /** The intervals, as {@link #ofBytes} takes them. */
    byte[] toBytes() {
        return Arrays.copyOf(bytes, length);
    }

    /** A cursor over the intervals in order. */
    Cursor cursor() {
        return new Cursor();
    }

    /** Reads the intervals back, one at a time. */
    final class Cursor {
        private int at;
        private long leave;
        long start, end;

        /** Moves to the next interval ({@link #start}, {@link #end}); false at the end. */
        boolean next() {
            if (at >= length) {
                return false;
            }
            start = leave + varint();
            end = start + varint();
            leave = end;
            return true;
        }

        private long varint() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = bytes[at++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
        }
    }
}
