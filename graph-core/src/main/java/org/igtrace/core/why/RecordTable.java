package org.igtrace.core.why;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.util.RecordBlocks;

/**
 * Sorted records in groups, read by position: the merged records of a {@link SortedRecords} sorted by
 * group (field 0) are kept per group in blocks of {@link #BLOCK} records of as many fields in the {@link RecordBlocks}
 * store; a {@link Group} reads record k's fields, loading its block, and finds the first record whose field 1 is at
 * least t through the first value of each block (the only thing kept per block besides its handle). A group holds
 * the block it read last, or with {@code keepBlocks} every block it read, until {@link #CACHED_BYTES} of blocks are
 * held table-wide; then the one decoded first makes room. A group read again from its start (the delay costs read a
 * cause's synchronisations once per process that waited for it) so finds its blocks decoded while the table's fit in
 * that room. Memory: at most {@link #CACHED_BYTES} of decoded blocks and 20 bytes a block; not the records.
 *
 * <p>In the store a block's records are written field by field as each field's difference from the same field of the
 * record before it in the block (the first's from 0), zigzag-encoded in 7-bit groups: a group's records are sorted by
 * time and their other times and numbers close, so a wait of 8 fields takes about a third of the 64 bytes it took as
 * longs (the store's bytes are a temporary file's new pages, dear on a machine whose memory is returned to its host).
 */
final class RecordTable {
    /** Records per block. */
    static final int BLOCK = 256;
    /** Bytes of blocks decoded at once, table-wide (at least 64 blocks). */
    static final int CACHED_BYTES = 8 << 20;
    /** Blocks loaded from the store (each a decode, a spilled one a read of the file): for tests. */
    private long loads;

    private final RecordBlocks store;
    /** Fields kept per record (the group's is not). */
    private final int fields;
    private final Map<Long, Group> groups = new HashMap<>();
    /** The decoded blocks in the order they were decoded: a ring of their groups and block numbers. */
    private final Group[] cachedGroup;
    private final int[] cachedBlock;
    private int oldest, cachedCount;
    private final int cachedBlocks;
    /** Whether a group holds every block it read (else the last), within the room table-wide. */
    private final boolean keepBlocks;
    private byte[] scratch;
    /** A block's records being encoded (the longest a value takes: 10 bytes). */
    private byte[] encoding;

    /**
     * The table of the records of {@code merged} ({@code width} fields, sorted by field 0, then field 1), each group
     * holding the block it read last.
     */
    RecordTable(RecordBlocks store, SortedRecords.Merged merged, int width) {
        this(store, merged, width, false);
    }

    /**
     * As above; with {@code keepBlocks} a group holds every block it read while the table's room lasts: for groups read
     * again from their start.
     */
    RecordTable(RecordBlocks store, SortedRecords.Merged merged, int width, boolean keepBlocks) {
        this.store = store;
        this.keepBlocks = keepBlocks;
        this.fields = width - 1;
        this.cachedBlocks = Math.max(64, CACHED_BYTES / (BLOCK * fields * 8));
        this.cachedGroup = new Group[cachedBlocks];
        this.cachedBlock = new int[cachedBlocks];
        long[] r = new long[width];
        Group g = null;
        while (merged.next(r)) {
            if (g == null || g.key != r[0]) {
                if (g != null) {
                    g.end();
                }
                g = new Group(r[0]);
                groups.put(r[0], g);
            }
            g.append(r);
        }
        if (g != null) {
            g.end();
        }
    }

    /** Blocks decoded so far ({@link Group#get} of a block not held): each a read of the store. */
    long loads() {
        return loads;
    }

    /** The group {@code key} (empty if it has no records). */
    Group group(long key) {
        Group g = groups.get(key);
        return g != null ? g : new Group(key);
    }

    /** One group's records, by position. */
    final class Group {
        final long key;
        private int size;
        private int[] handles = new int[0];
        private long[] firsts = new long[0];
        private long[] writing;
        /** Per block, its records decoded (null: not held). */
        private long[][] decoded = new long[0][];
        /** The block last read and its records (-1, null: none). */
        private int loaded = -1;
        private long[] block;
        /** Where in the ring of decoded blocks the block last read is (one group, one block: without keepBlocks). */
        private int ringAt;
        private int blocks;
        private int pending;

        private Group(long key) {
            this.key = key;
        }

        int size() {
            return size;
        }

        private void append(long[] r) {
            if (writing == null) {
                writing = new long[BLOCK * fields];
            }
            System.arraycopy(r, 1, writing, pending * fields, fields);
            size++;
            if (++pending == BLOCK) {
                flush();
            }
        }

        private void end() {
            flush();
            writing = null;
            decoded = new long[blocks][];
        }

        /** Writes the block being filled. */
        private void flush() {
            int n = pending;
            if (n == 0) {
                return;
            }
            pending = 0;
            if (encoding == null) {
                encoding = new byte[BLOCK * fields * MAX_VALUE_BYTES];
            }
            int length = encodeBlock(writing, n * fields, fields, encoding);
            byte[] b = store.newBlock(length);
            System.arraycopy(encoding, 0, b, 0, length);
            if (blocks == handles.length) {
                handles = Arrays.copyOf(handles, Math.max(4, blocks * 2));
                firsts = Arrays.copyOf(firsts, handles.length);
            }
            handles[blocks] = store.put(b, length);
            firsts[blocks++] = writing[0];
        }

        /** Field {@code f} (1: the first after the group) of record {@code k}. */
        long get(int k, int f) {
            int b = k / BLOCK;
            if (b != loaded) {
                load(b);
            }
            return block[(k % BLOCK) * fields + f - 1];
        }

        private void load(int b) {
            long[] d = decoded[b];
            if (d == null) {
                d = decode(b);
            }
            block = d;
            loaded = b;
        }

        /** Decodes block b, making room table-wide if {@link #CACHED_BYTES} are held: the block decoded first goes. */
        private long[] decode(int b) {
            long[] d;
            int at;
            if (!keepBlocks && block != null) { // the group's one block gives its place
                d = block;
                decoded[loaded] = null;
                at = ringAt;
            } else if (cachedCount < cachedBlocks) {
                d = new long[BLOCK * fields];
                at = (oldest + cachedCount++) % cachedBlocks;
            } else {
                at = oldest;
                oldest = (oldest + 1) % cachedBlocks;
                Group old = cachedGroup[at];
                int ob = cachedBlock[at];
                d = old.decoded[ob];
                old.decoded[ob] = null;
                if (old.loaded == ob) {
                    old.loaded = -1;
                    old.block = null;
                }
            }
            cachedGroup[at] = this;
            cachedBlock[at] = b;
            ringAt = at;
            int h = handles[b];
            int length = store.length(h);
            if (scratch == null) {
                scratch = new byte[BLOCK * fields * MAX_VALUE_BYTES];
            }
            byte[] bytes = store.get(h, scratch); // a block in memory is read where it is, a spilled one into scratch
            decodeBlock(bytes, length, Math.min(BLOCK, size - b * BLOCK) * fields, fields, d);
            decoded[b] = d;
            loads++;
            return d;
        }

        /** The position the last {@link #lowerBound} gave. */
        private int hint;

        /**
         * The first position whose field 1 is {@code t} or more ({@link #size()}: none). Looked for first within
         * {@value #NEAR} positions after or before the one found last, in blocks held decoded (the delay costs ask of a
         * group in time order, the waits' splits in reverse), then by halving.
         */
        int lowerBound(long t) {
            int h = Math.min(hint, size);
            if (h > 0 && held(h - 1) && get(h - 1, 1) < t) { // at h or after
                for (int k = h, end = Math.min(size, h + NEAR); k <= end && (k == size || held(k)); k++) {
                    if (k == size || get(k, 1) >= t) {
                        return hint = k;
                    }
                }
            } else if (h < size && held(h) && get(h, 1) >= t) { // at h or before
                for (int k = h, end = Math.max(0, h - NEAR); k >= end && (k == 0 || held(k - 1)); k--) {
                    if (k == 0 || get(k - 1, 1) < t) {
                        return hint = k;
                    }
                }
            }
            return hint = search(t);
        }

        /** Whether record {@code k}'s block is held decoded (reading it costs no load). */
        private boolean held(int k) {
            int b = k / BLOCK;
            return b == loaded || decoded[b] != null;
        }

        /** Positions looked at next to the last one found before halving. */
        static final int NEAR = 8;

        private int search(long t) {
            int lo = 0, hi = blocks; // the last block whose first value is below t
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (firsts[mid] < t) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if (lo == 0) {
                return 0;
            }
            int b = lo - 1, from = b * BLOCK, to = Math.min(size, from + BLOCK);
            while (from < to) {
                int mid = (from + to) >>> 1;
                if (get(mid, 1) < t) {
                    from = mid + 1;
                } else {
                    to = mid;
                }
            }
            return from;
        }
    }

    /** The most bytes a value takes encoded (64 bits in 7-bit groups). */
    static final int MAX_VALUE_BYTES = 10;

    /**
     * Encodes the first {@code count} values of {@code values}, records of {@code fields} values each, as each value's
     * difference from the value {@code fields} before it (the first record's from 0), zigzag-encoded in 7-bit groups,
     * low first, into {@code out}; returns the bytes written (differences wrap as longs do: every value comes back).
     */
    static int encodeBlock(long[] values, int count, int fields, byte[] out) {
        int at = 0;
        for (int i = 0; i < count; i++) {
            long d = values[i] - (i < fields ? 0 : values[i - fields]);
            long v = (d << 1) ^ (d >> 63);
            while ((v & ~0x7FL) != 0) {
                out[at++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out[at++] = (byte) v;
        }
        return at;
    }

    /**
     * Decodes {@code count} values that {@link #encodeBlock} wrote into {@code in}'s first {@code length} bytes into
     * {@code values}; a block whose bytes end early, hold more, or hold a value of more than 64 bits is an
     * {@link IllegalStateException}.
     */
    static void decodeBlock(byte[] in, int length, int count, int fields, long[] values) {
        int at = 0;
        for (int i = 0; i < count; i++) {
            long v;
            int x;
            long b0, b1, b2;
            // one to three bytes, most values, read without a check per byte where the longest value fits
            if (length - at >= MAX_VALUE_BYTES && (b0 = in[at]) >= 0) {
                v = b0;
                at++;
            } else if (length - at >= MAX_VALUE_BYTES && (b1 = in[at + 1]) >= 0) {
                v = in[at] & 0x7F | b1 << 7;
                at += 2;
            } else if (length - at >= MAX_VALUE_BYTES && (b2 = in[at + 2]) >= 0) {
                v = in[at] & 0x7F | (in[at + 1] & 0x7FL) << 7 | b2 << 14;
                at += 3;
            } else {
                v = 0;
                for (int shift = 0; ; shift += 7) {
                    if (at == length || shift == 7 * MAX_VALUE_BYTES) {
                        throw new IllegalStateException("a table block ends inside its record " + i / fields);
                    }
                    x = in[at++];
                    if (shift == 63 && (x & 0xFE) != 0) { // a tenth group holds the value's last bit alone
                        throw new IllegalStateException("a table block holds a value of more than 64 bits in its record " + i / fields);
                    }
                    v |= (long) (x & 0x7F) << shift;
                    if (x >= 0) {
                        break;
                    }
                }
            }
            long d = (v >>> 1) ^ -(v & 1);
            values[i] = (i < fields ? 0 : values[i - fields]) + d;
        }
        if (at != length) {
            throw new IllegalStateException("a table block holds " + (length - at) + " bytes after its " + count / fields + " records");
        }
    }
}
