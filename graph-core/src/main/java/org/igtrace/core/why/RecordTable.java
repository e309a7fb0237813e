package org.igtrace.core.why;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.util.RecordBlocks;

/**
 * Sorted records in groups, read by position: the merged records of a {@link SortedRecords} sorted by
 * group (field 0) are kept per group in blocks of {@link #BLOCK} fixed-width records in the {@link RecordBlocks}
 * store; a {@link Group} reads record k's fields, loading its block, and finds the first record whose field 1 is at
 * least t through the first value of each block (the only thing kept per block besides its handle). A group holds
 * the block it read last, or with {@code keepBlocks} every block it read, until {@link #CACHED_BYTES} of blocks are
 * held table-wide; then the one decoded first makes room. A group read again from its start (the delay costs read a
 * cause's synchronisations once per process that waited for it) so finds its blocks decoded while the table's fit in
 * that room. Memory: at most {@link #CACHED_BYTES} of decoded blocks and 20 bytes a block; not the records.
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
            ByteBuffer b = ByteBuffer.wrap(store.newBlock(n * fields * 8));
            b.asLongBuffer().put(writing, 0, n * fields);
            if (blocks == handles.length) {
                handles = Arrays.copyOf(handles, Math.max(4, blocks * 2));
                firsts = Arrays.copyOf(firsts, handles.length);
            }
            handles[blocks] = store.put(b.array(), n * fields * 8);
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
                scratch = new byte[BLOCK * fields * 8];
            }
            byte[] bytes = store.get(h, scratch); // a block in memory is read where it is, a spilled one into scratch
            ByteBuffer.wrap(bytes, 0, length).asLongBuffer().get(d, 0, length / 8);
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
}
