package org.igtrace.core.replay;

import org.igtrace.core.util.BlockStream;
import org.igtrace.core.util.BlockStreamReader;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.core.util.RecordBlocks;

/**
 * What the fits made before predict's replay need of one location's calls, kept beside its activity stream as the
 * calls are recorded ({@link LocationActivities}), so that those fits read it instead of every recorded call (issue 38:
 * the fits' pass over the calls was a tenth of predict's time): the calls that hold a collective, in a stream of their
 * own (per such call its number among the location's calls, its region, enter and leave, how many events it holds, and
 * each collective's kind, communicator, root and bytes sent), for the collectives' calibration and the lags of the run's
 * last collectives; and the durations of its eager blocking sends below the eager limit the recording was told of
 * (MPI_Send, MPI_Bsend, MPI_Rsend of one send: {@link SendOverhead}'s), counted per duration. A reader
 * ({@link #next}) gives the calls as an {@link ActivityCursor} shows them, each event that is not a collective as a
 * receive post of no message, which neither fit uses.
 */
final class RecordedFitCalls {
    /** Bytes a block of the stream of calls with a collective holds (a run has few such calls per location). */
    static final int BLOCK = 4096;

    private final RecordBlocks store;
    private final long eagerLimit;
    private BlockStream stream;
    private long previousCall = -1;
    private long previousLeave;
    /** The collectives of the call being recorded (its events come before it). */
    private int pending;
    private byte[] kind = new byte[2];
    private long[] communicator = new long[2];
    private long[] root = new long[2];
    private long[] sent = new long[2];
    /** The eager blocking sends' durations (ticks) and how many lasted each. */
    final LongIntMap eagerSends = new LongIntMap();
    /** Whether a duration's count no longer fits (the fits then read every call). */
    boolean overflow;

    /**
     * @param eagerLimit the eager limit whose sends are counted (bytes)
     */
    RecordedFitCalls(RecordBlocks store, long eagerLimit) {
        this.store = store;
        this.eagerLimit = eagerLimit;
    }

    long eagerLimit() {
        return eagerLimit;
    }

    /** A collective event of the call being recorded. */
    void collective(int kindOrdinal, long comm, long rootRank, long bytes) {
        if (pending == kind.length) {
            int n = pending * 2;
            kind = java.util.Arrays.copyOf(kind, n);
            communicator = java.util.Arrays.copyOf(communicator, n);
            root = java.util.Arrays.copyOf(root, n);
            sent = java.util.Arrays.copyOf(sent, n);
        }
        kind[pending] = (byte) kindOrdinal;
        communicator[pending] = comm;
        root[pending] = rootRank;
        sent[pending++] = bytes;
    }

    /** An eager blocking send's call of {@code ticks}, one send of {@code bytes}: counted when below the eager limit. */
    void eagerSend(long bytes, long ticks) {
        if (bytes < eagerLimit && eagerSends.increment(ticks) == Integer.MAX_VALUE) {
            overflow = true; // the count no longer fits: the fits read every call instead
        }
    }

    /** Call number {@code index} (from 0) of the location was recorded with {@code events} events: kept if it holds a collective. */
    void call(long index, int region, long enter, long leave, int events) {
        if (pending == 0) {
            return;
        }
        if (stream == null) {
            stream = new BlockStream(store, BLOCK);
        }
        stream.putUnsigned(index - previousCall);
        stream.putUnsigned(region + 1L);
        stream.putSigned(enter - previousLeave);
        stream.putUnsigned(leave - enter);
        stream.putUnsigned(events);
        stream.putUnsigned(pending);
        for (int i = 0; i < pending; i++) {
            stream.putByte(kind[i]);
            stream.putSigned(communicator[i]);
            stream.putSigned(root[i] + 1);
            stream.putUnsigned(sent[i]);
        }
        previousCall = index;
        previousLeave = leave;
        pending = 0;
    }

    void seal() {
        if (stream != null) {
            stream.seal();
        }
    }

    /** A reader of the calls with a collective from the first, into {@code c} (its fields as {@link ActivityCursor#next} sets them). */
    Reader reader(ActivityCursor c) {
        return new Reader(stream == null ? null : stream.reader(), c);
    }

    /** Reads the calls with a collective one by one. */
    static final class Reader {
        private final BlockStreamReader in;
        private final ActivityCursor c;
        private long call = -1;
        private long previousLeave;

        Reader(BlockStreamReader in, ActivityCursor c) {
            this.in = in;
            this.c = c;
        }

        /** The next call with a collective into the cursor; false when there is none. */
        boolean next() {
            if (in == null || !in.record()) {
                return false;
            }
            call += in.unsignedInRecord();
            c.region = (int) in.unsignedInRecord() - 1;
            c.enter = previousLeave + in.signedInRecord();
            c.leave = c.enter + in.unsignedInRecord();
            previousLeave = c.leave;
            int events = (int) in.unsignedInRecord();
            int collectives = (int) in.unsignedInRecord();
            c.room(events);
            c.events = events;
            for (int i = 0; i < collectives; i++) {
                in.record(); // each collective's part a record of its own (the call's may hold many)
                c.type[i] = LocationActivities.COLLECTIVE;
                c.detail[i] = (byte) in.byteInRecord();
                c.key[i] = (int) in.signedInRecord();
                c.sequence[i] = in.signedInRecord() - 1;
                c.bytes[i] = in.unsignedInRecord();
            }
            for (int i = collectives; i < events; i++) {
                c.type[i] = LocationActivities.RECEIVE_POST;
                c.key[i] = -1;
                c.sequence[i] = 0;
                c.bytes[i] = 0;
                c.detail[i] = 0;
            }
            return true;
        }

        /** The number of the call read last among the location's calls (from 0). */
        long call() {
            return call;
        }
    }

    /**
     * The calls of process p's replay window a fit before the replay reads ({@link CollectiveCalibration}, with
     * {@link SendOverhead.Scan} and {@link FinalRelease.Scan} beside it): every call, read from the recorded stream; or
     * only those with a collective, read from what was kept beside it ({@link #next} skips the others, which those
     * fits pass over).
     */
    static final class WindowCalls {
        final ActivityCursor cursor;
        private final Reader reader;
        private final long first;
        private final long end;
        private long left;
        private boolean lastRead;

        /** {@code kept}: only the calls with a collective, from what the recording kept ({@link ReplayMatching#fitCallsKept}). */
        WindowCalls(ReplayMatching m, int p, boolean kept) {
            first = m.firstCall[p];
            end = m.endCall[p];
            LocationActivities l = m.run.process(p);
            if (kept) {
                cursor = new ActivityCursor(l, null);
                reader = l.fitCalls.reader(cursor);
            } else {
                cursor = m.window(p);
                reader = null;
                left = end - first;
            }
        }

        /** The next call into {@link #cursor}; false when the window has no more. */
        boolean next() {
            if (reader == null) {
                if (left <= 0 || !cursor.next()) {
                    return false;
                }
                left--;
                return true;
            }
            while (reader.next()) {
                long k = reader.call();
                if (k >= end) {
                    return false;
                }
                if (k >= first) {
                    lastRead = k == end - 1;
                    return true;
                }
            }
            return false;
        }

        /** Whether only the calls with a collective were read and the window's last call was not one of them. */
        boolean lastCallSkipped() {
            return reader != null && !lastRead;
        }
    }
}
