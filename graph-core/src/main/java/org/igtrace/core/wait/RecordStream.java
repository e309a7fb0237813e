package org.igtrace.core.wait;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.util.RecordBlocks;

/**
 * One location's match records of one kind, in the location's event order, encoded compactly into
 * {@link RecordBlocks}: the message ends it sent to one partner, the ones it received from one
 * partner, or its arrivals at the collectives of one communicator. Record k of a stream (per
 * communicator and tag, for messages) is the location's k-th on that key: the sequence number the
 * join matches by.
 *
 * <p>Encoding, per record, as variable-length integers (7 bits a byte): a head byte, then for a
 * message end [communicator, tag] when they differ from the previous record's (the first record's
 * from communicator 0 and tag 0; head bit 3), for a collective arrival root + 1 (zigzag-signed; -(root + 2)
 * when the member sent nothing); then three times: time minus the previous record's time, time minus the
 * enter of the call around the event, leave of that call minus time. Times are normally in that order, so
 * the three are written unsigned; one that is negative (a trace with backward
 * times) is written zigzag-signed and flagged in the head (bits 4-6). The head's low 3 bits are
 * the {@link MpiCall} (message end) or {@link CollectiveKind} (arrival) ordinal. About 5 bytes per
 * record on real traces.
 *
 * <p>A collective stream is cut into instance ranges (see {@link CommunicatorJoin}): every
 * {@code instancesPerRange} records a new block begins and the encoding starts afresh (time deltas
 * from 0), so that each range's blocks decode on their own ({@link #ranges()}) and are joined
 * apart from the others.
 */
public final class RecordStream {
    /** Room for a record and about ten more (1.17 M streams of 2-4 records at 10^5 ranks: 256 bytes allocated 300 MB). */
    private static final int FIRST_TAIL = 128;
    private static final int MAX_TAIL = 16 * 1024;
    private static final int MAX_RECORD = 96;
    private static final int KEY_FOLLOWS = 8;
    private static final int SIGNED_DELTA = 16;
    private static final int SIGNED_ENTER = 32;
    private static final int SIGNED_LEAVE = 64;
    /** An end a selection left out: it only keeps its place in its key's order (times: its event's). */
    private static final int OUTSIDE = 128;
    /** In the head's call bits: the call ordinal and what follows are in the next byte ({@link #message}). */
    private static final int EXTENDED = 7;
    /** Extension byte: the end's call completed several receives; the call's number follows. */
    private static final int SHARED = 8;
    /** Extension byte: the receive's post (its MPI_Irecv's enter) is known; the enter minus it follows. */
    private static final int POSTED = 16;
    /** In the extension byte: the message's size follows (recorded only when asked, {@link MatchRecords#withSizes}). */
    private static final int SIZED = 32;
    /** Extension bit: the ticks recording was off inside the end's call follow (definitions section 8). */
    private static final int OFF = 64;
    /** In a collective arrival's head (where no key follows): the ticks recording was off inside its call follow. */
    private static final int COLLECTIVE_OFF = KEY_FOLLOWS;
    private static final MpiCall[] CALLS = MpiCall.values();
    private static final CollectiveKind[] KINDS = CollectiveKind.values();

    private final int process;
    private final long order;
    private final int key;
    private final int range;
    private final int instancesPerRange;
    /** The blocks' handles from the second block on, else null: most streams have one, {@link #firstBlock}. */
    private int[] blocks;
    private int firstBlock;
    private int blockCount;
    private long records;

    // Writing: the block being filled and the state the next record is encoded against.
    /**
     * The block being filled: {@link #NO_TAIL} before the first record and after sealing, so that a
     * stream's first record takes the same branch as a full block ({@link #ensure}). A null test
     * there was never false while the JIT profiled the first location's streams, and the second
     * location's first record deoptimised the compiled read path (every method it was inlined in,
     * recompiled).
     */
    private byte[] tail = NO_TAIL;
    private static final byte[] NO_TAIL = new byte[0];
    private int length;
    private long lastTime;
    /**
     * The key a stream's first record is written against: communicator 0 and tag 0 (a reader
     * starts from the same), so that a stream whose ends all have that key writes none. A first
     * record that wrote its key took a branch no record had taken while the JIT profiled the first
     * location's streams: the second location's first ends deoptimised the record writer (and
     * the joins' readers, at each pair's first end), each a recompile of what it was inlined in.
     */
    private static final int FIRST_COMMUNICATOR = 0;
    private static final int FIRST_TAG = 0;
    private int lastCommunicator = FIRST_COMMUNICATOR;
    private int lastTag = FIRST_TAG;
    private long lastSharedCall;
    /** The size of the last end that recorded one ({@link MatchRecords#withSizes}): a size is written only when it changes. */
    private long lastSize = -1;
    // The first block of each instance range after the first (collective streams cut into ranges).
    private int[] rangeStarts;
    private int rangeCount = 1;

    /**
     * @param process the location's process
     * @param order   the location's place among all locations
     * @param key     the partner process (message streams) or the communicator (collective streams)
     */
    RecordStream(int process, long order, int key) {
        this(process, order, key, 0, 0);
    }

    /**
     * @param range             the stream's instance range (a part of a stream cut into ranges), else 0
     * @param instancesPerRange records per instance range (a power of two), or 0 when not cut
     */
    private RecordStream(int process, long order, int key, int range, int instancesPerRange) {
        this.process = process;
        this.order = order;
        this.key = key;
        this.range = range;
        this.instancesPerRange = instancesPerRange;
    }

    /** A collective stream cut into ranges of {@code instancesPerRange} (a power of two) records. */
    static RecordStream collectives(int process, long order, int communicator, int instancesPerRange) {
        return new RecordStream(process, order, communicator, 0, instancesPerRange);
    }

    public int process() {
        return process;
    }

    public long order() {
        return order;
    }

    /** The partner (message streams) or communicator (collective streams). */
    public int key() {
        return key;
    }

    public long records() {
        return records;
    }

    /**
     * The instance range this stream holds: its records are instances {@code range * n} on, n the
     * communicator's instances per range ({@link CommunicatorJoin}); 0 for message streams and for
     * collective streams not cut.
     */
    public int range() {
        return range;
    }

    /** How many blocks of the store a sealed stream spans. */
    public int blockCount() {
        return blockCount;
    }

    /** The store's handle of block {@code i}. */
    public int block(int i) {
        return blocks == null ? firstBlock : blocks[i];
    }

    /**
     * A sealed stream whose blocks were moved into {@code handles} of another store (a distributed
     * engine carries blocks between processes; the encoding continues from block to block).
     */
    public static RecordStream restore(int process, long order, int key, long records, int[] handles) {
        return restore(process, order, key, 0, records, handles);
    }

    /** As above, for instance range {@code range} of a collective stream ({@link #range()}). */
    public static RecordStream restore(int process, long order, int key, int range, long records, int[] handles) {
        RecordStream s = new RecordStream(process, order, key, range, 0);
        s.firstBlock = handles.length > 0 ? handles[0] : 0;
        s.blocks = handles.length > 1 ? handles.clone() : null;
        s.blockCount = handles.length;
        s.records = records;
        return s;
    }

    /**
     * A sealed stream's instance ranges, each a stream of its own over its blocks (this stream
     * itself when it was not cut).
     */
    List<RecordStream> ranges() {
        if (rangeCount == 1) {
            return List.of(this);
        }
        List<RecordStream> parts = new ArrayList<>(rangeCount);
        for (int r = 0; r < rangeCount; r++) {
            int from = r == 0 ? 0 : rangeStarts[r - 1];
            int to = r + 1 < rangeCount ? rangeStarts[r] : blockCount;
            long first = (long) r * instancesPerRange;
            parts.add(restore(process, order, key, r, Math.min(instancesPerRange, records - first), Arrays.copyOfRange(blocks, from, to))); // ranges: blocks, not one
        }
        return parts;
    }

    /** Ends the current instance range: its last block is kept and the encoding starts afresh. */
    private void startRange(RecordBlocks store) {
        seal(store);
        lastTime = 0;
        lastCommunicator = FIRST_COMMUNICATOR;
        lastTag = FIRST_TAG;
        if (rangeStarts == null || rangeCount - 1 == rangeStarts.length) {
            rangeStarts = Arrays.copyOf(rangeStarts == null ? new int[0] : rangeStarts, Math.max(4, 2 * rangeCount));
        }
        rangeStarts[rangeCount - 1] = blockCount;
        rangeCount++;
    }

    /** Appends one message end. */
    void message(RecordBlocks store, long time, long enter, long leave, int communicator, int tag, MpiCall call) {
        message(store, time, enter, leave, communicator, tag, call, false);
    }

    /** Appends one message end, or ({@code outside}) the place of one a selection left out. */
    void message(RecordBlocks store, long time, long enter, long leave, int communicator, int tag, MpiCall call, boolean outside) {
        message(store, time, enter, leave, communicator, tag, call, outside, -1, Long.MIN_VALUE);
    }

    /**
     * As above, for a receive with what definitions section 8 needs of it besides its call:
     * {@code sharedCall} (0 or more) numbers its call, in the location's order, when that call
     * completed several receives (-1: it did not); {@code post} is the enter of the MPI_Irecv that
     * posted it (Long.MIN_VALUE: not known). Either is written in an extension byte after the head
     * (the head's call bits then say {@link #EXTENDED}), so ends without them cost nothing more.
     */
    void message(RecordBlocks store, long time, long enter, long leave, int communicator, int tag, MpiCall call, boolean outside,
                 long sharedCall, long post) {
        message(store, time, enter, leave, communicator, tag, call, outside, sharedCall, post, -1, 0);
    }

    /**
     * As above, with the message's size in bytes ({@code size} negative: not recorded) and the ticks recording was off
     * inside the end's call ({@code off} > 0; 0 costs nothing).
     */
    void message(RecordBlocks store, long time, long enter, long leave, int communicator, int tag, MpiCall call, boolean outside,
                 long sharedCall, long post, long size, long off) {
        ensure(store);
        boolean newKey = communicator != lastCommunicator || tag != lastTag;
        boolean sized = size >= 0 && size != lastSize;
        boolean extended = sharedCall >= 0 || post != Long.MIN_VALUE || sized || off > 0;
        tail[length++] = (byte) ((extended ? EXTENDED : call.ordinal()) | (newKey ? KEY_FOLLOWS : 0) | signs(time, enter, leave)
                | (outside ? OUTSIDE : 0));
        if (extended) {
            tail[length++] = (byte) (call.ordinal() | (sharedCall >= 0 ? SHARED : 0) | (post != Long.MIN_VALUE ? POSTED : 0)
                    | (sized ? SIZED : 0) | (off > 0 ? OFF : 0));
        }
        if (newKey) {
            putSigned(communicator);
            putSigned(tag);
            lastCommunicator = communicator;
            lastTag = tag;
        }
        if (sharedCall >= 0) {
            putSigned(sharedCall - lastSharedCall);
            lastSharedCall = sharedCall;
        }
        if (post != Long.MIN_VALUE) {
            putSigned(enter - post);
        }
        if (sized) {
            putUnsigned(size);
            lastSize = size;
        }
        if (off > 0) {
            putUnsigned(off);
        }
        putTimes(time, enter, leave);
    }

    /** Appends one collective arrival. */
    void collective(RecordBlocks store, long time, long enter, long leave, CollectiveKind kind, int root) {
        collective(store, time, enter, leave, kind, root, false, 0, false);
    }

    /**
     * Appends one collective arrival, or ({@code outside}) the place of one a selection left out; {@code off}: the ticks
     * recording was off inside its call (0 costs nothing); {@code sentNothing}: the member sent 0 bytes in it (definitions
     * section 8), written as the root's field negated, {@code -(root + 2)}.
     */
    void collective(RecordBlocks store, long time, long enter, long leave, CollectiveKind kind, int root, boolean outside, long off,
                    boolean sentNothing) {
        if (instancesPerRange > 0 && records > 0 && (records & (instancesPerRange - 1)) == 0) {
            startRange(store);
        }
        ensure(store);
        tail[length++] = (byte) (kind.ordinal() | signs(time, enter, leave) | (outside ? OUTSIDE : 0) | (off > 0 ? COLLECTIVE_OFF : 0));
        putSigned(sentNothing ? -(root + 2L) : root + 1L);
        if (off > 0) {
            putUnsigned(off);
        }
        putTimes(time, enter, leave);
    }

    private int signs(long time, long enter, long leave) {
        return (time < lastTime ? SIGNED_DELTA : 0) | (enter > time ? SIGNED_ENTER : 0) | (leave < time ? SIGNED_LEAVE : 0);
    }

    private void putTimes(long time, long enter, long leave) {
        putDelta(time - lastTime);
        putDelta(time - enter);
        putDelta(leave - time);
        lastTime = time;
        records++;
    }

    /** A delta, unsigned when it is not negative (as the head's sign bits say), else zigzag-signed. */
    private void putDelta(long v) {
        putUnsigned(v >= 0 ? v : (v << 1) ^ (v >> 63));
    }

    /** Room for one more record: the common case is one comparison, the rest is out of line. */
    private void ensure(RecordBlocks store) {
        if (length + MAX_RECORD > tail.length) {
            newTail(store);
        }
    }

    /** The first block, a bigger one, or (at the largest size) the full block kept and a new one begun. */
    private void newTail(RecordBlocks store) {
        if (tail == NO_TAIL) {
            tail = new byte[FIRST_TAIL]; // not the store's: it recycles only full blocks, and asking takes its lock
        } else if (tail.length < MAX_TAIL) {
            tail = Arrays.copyOf(tail, tail.length * 2);
        } else {
            keep(store, tail, length);
            tail = store.newBlock(MAX_TAIL);
            length = 0;
        }
    }

    private void putSigned(long v) {
        putUnsigned((v << 1) ^ (v >> 63));
    }

    /**
     * A varint: one, two and three bytes without a loop (the deltas to the call's enter and leave
     * are mostly one or two bytes; the time since the previous record of a stream, microseconds to
     * a few milliseconds in ticks, mostly three).
     */
    private void putUnsigned(long z) {
        byte[] t = tail;
        int at = length;
        if ((z & ~0x1FFFFFL) == 0) {
            if ((z & ~0x7FL) == 0) {
                t[at] = (byte) z;
                length = at + 1;
            } else if ((z & ~0x3FFFL) == 0) {
                t[at] = (byte) (z | 0x80);
                t[at + 1] = (byte) (z >>> 7);
                length = at + 2;
            } else {
                t[at] = (byte) (z | 0x80);
                t[at + 1] = (byte) ((z >>> 7) | 0x80);
                t[at + 2] = (byte) (z >>> 14);
                length = at + 3;
            }
            return;
        }
        putLong(t, at, z);
    }

    private void putLong(byte[] t, int from, long value) {
        int at = from;
        long z = value;
        while ((z & ~0x7FL) != 0) {
            t[at++] = (byte) ((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        t[at++] = (byte) z;
        length = at;
    }

    private void keep(RecordBlocks store, byte[] block, int n) {
        int handle = store.put(block, n);
        if (blockCount == 0) {
            firstBlock = handle;
        } else if (blocks == null) {
            blocks = new int[] {firstBlock, 0, 0, 0};
        } else if (blockCount == blocks.length) {
            blocks = Arrays.copyOf(blocks, blockCount * 2);
        }
        if (blockCount > 0) {
            blocks[blockCount] = handle;
        }
        blockCount++;
    }

    /** Hands the last block to the store; no record may follow (but a new instance range). */
    void seal(RecordBlocks store) {
        if (length > 0) {
            keep(store, length < tail.length / 2 ? Arrays.copyOf(tail, length) : tail, length);
        }
        tail = NO_TAIL;
        length = 0;
    }

    /** The MPI call kind of ordinal {@code ordinal}, without allocating. */
    static MpiCall call(int ordinal) {
        return CALLS[ordinal];
    }

    /** The most bytes a block of any stream holds: the size of a reader's scratch array. */
    public static final int BLOCK_BYTES = MAX_TAIL;

    /**
     * A reader over this (sealed) stream's records, from the first; {@code scratch} (at least
     * {@link #BLOCK_BYTES} long, or null) receives blocks the store keeps elsewhere.
     */
    public Reader reader(RecordBlocks store, byte[] scratch) {
        return new Reader(store, scratch);
    }

    /** Decodes a stream's records one at a time; the fields hold the current record. */
    public final class Reader {
        private final RecordBlocks store;
        private int block = -1;
        private byte[] bytes = NO_TAIL; // a shared empty array: a reader per stream and pair, 1.17 M at 10^5 ranks
        private byte[] buffer;
        private int at;
        private int end;
        private long read;

        public long time;
        public long enter;
        public long leave;
        public int communicator = FIRST_COMMUNICATOR;
        public int tag = FIRST_TAG;
        public MpiCall call;
        public CollectiveKind kind;
        public int root;
        /** Whether this collective arrival's member sent 0 bytes in it (see {@link CollectiveInstance#waitedFor}). */
        public boolean sentNothing;
        /** Whether this end is the place of one a selection left out ({@link LocationRecorder#outsideMessage}). */
        public boolean outside;
        /** A receive's call number when that call completed several receives, else -1 ({@link #message}). */
        public long sharedCall = -1;
        /** A receive's post: the enter of its MPI_Irecv, else (not known, or a send) the enter of its call. */
        public long post;
        /** The message's size in bytes when it was recorded ({@link MatchRecords#withSizes}: written when it changes), else -1. */
        public long size = -1;
        /** Ticks recording was off inside the end's (or arrival's) call. */
        public long off;
        private long lastSharedCall;

        private Reader(RecordBlocks store, byte[] scratch) {
            this.store = store;
            this.buffer = scratch;
            if (records > 0) {
                // the first block now, not at the first record: a collective instance range is
                // one block, whose load was the branch the compiled join had not seen (its next task
                // took it, a deoptimisation)
                nextBlock();
            }
        }

        public RecordStream stream() {
            return RecordStream.this;
        }

        public boolean hasNext() {
            return read < records;
        }

        /** Records left, this one excluded. */
        public long remaining() {
            return records - read;
        }

        /** Moves to the next message end. */
        public void nextMessage() {
            advance();
            int head = bytes[at++];
            int extension = (head & 7) == EXTENDED ? bytes[at++] : 0;
            call = CALLS[extension == 0 ? head & 7 : extension & 7];
            outside = (head & OUTSIDE) != 0;
            if ((head & KEY_FOLLOWS) != 0) {
                communicator = (int) getSigned();
                tag = (int) getSigned();
            }
            sharedCall = -1;
            off = 0;
            long posted = 0;
            if (extension != 0) {
                if ((extension & SHARED) != 0) {
                    sharedCall = lastSharedCall += getSigned();
                }
                if ((extension & POSTED) != 0) {
                    posted = getSigned();
                }
                if ((extension & SIZED) != 0) {
                    size = getUnsigned();
                }
                if ((extension & OFF) != 0) {
                    off = getUnsigned();
                }
            }
            getTimes(head);
            post = enter - posted;
        }

        /**
         * Moves to the next collective arrival. Its integers are decoded by the loop of
         * {@link #getLong}, not by {@link #getUnsigned}: a method's branch profile is shared by
         * all its callers, and the collectives (joined first, their time deltas three bytes)
         * had the JIT compile the message ends' decoding without the two-byte branch, which the
         * messages join then took at its first record (a deoptimisation and a recompile of each
         * compiled method it was inlined in). Arrivals are few (one per member and instance).
         */
        public void nextCollective() {
            if (at >= end) {
                nextBlock();
            }
            int head = bytes[at++];
            kind = KINDS[head & 7];
            outside = (head & OUTSIDE) != 0;
            long z = getLong(bytes, at);
            long r = (z >>> 1) ^ -(z & 1);
            sentNothing = r < 0;
            root = (int) (r < 0 ? -r - 2 : r - 1);
            off = (head & COLLECTIVE_OFF) != 0 ? getLong(bytes, at) : 0;
            time += collectiveDelta(head & SIGNED_DELTA);
            enter = time - collectiveDelta(head & SIGNED_ENTER);
            leave = time + collectiveDelta(head & SIGNED_LEAVE);
            read++;
        }

        private long collectiveDelta(int signed) {
            long z = getLong(bytes, at);
            return signed == 0 ? z : (z >>> 1) ^ -(z & 1);
        }

        private void getTimes(int head) {
            time += getDelta(head & SIGNED_DELTA);
            enter = time - getDelta(head & SIGNED_ENTER);
            leave = time + getDelta(head & SIGNED_LEAVE);
            read++;
        }

        private long getDelta(int signed) {
            long z = getUnsigned();
            return signed == 0 ? z : (z >>> 1) ^ -(z & 1);
        }

        private void advance() {
            if (at >= end) {
                nextBlock();
            }
        }

        private void nextBlock() {
            block++;
            int handle = block(block);
            bytes = store.get(handle, buffer);
            at = 0;
            end = store.length(handle);
        }

        private long getSigned() {
            long z = getUnsigned();
            return (z >>> 1) ^ -(z & 1);
        }

        /** A varint: one, two and three bytes (nearly every time delta) without a loop. */
        private long getUnsigned() {
            byte[] b = bytes;
            int i = at;
            byte first = b[i];
            if (first >= 0) {
                at = i + 1;
                return first;
            }
            byte second = b[i + 1];
            if (second >= 0) {
                at = i + 2;
                return (first & 0x7F) | (long) second << 7;
            }
            byte third = b[i + 2];
            if (third >= 0) {
                at = i + 3;
                return (first & 0x7F) | (long) (second & 0x7F) << 7 | (long) third << 14;
            }
            return getLong(b, i);
        }

        private long getLong(byte[] b, int i) {
            long z = 0;
            int shift = 0;
            byte x;
            do {
                x = b[i++];
                z |= (long) (x & 0x7F) << shift;
                shift += 7;
            } while (x < 0);
            at = i;
            return z;
        }
    }
}
