package org.igtrace.core.why;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.util.RecordBlocks;

/**
 * Sorted records in groups, read by position: the merged records of a {@link SortedRecords} sorted by
 * group (field 0) are kept per group in blocks of {@link #BLOCK} fixed-width records in the {@link RecordBlocks}
 * store; a {@link Group} reads record k's fields, loading its block (one per group, at most
 * {@link #CACHED_BYTES} of blocks decoded at once, table-wide), and finds the first record whose field 1 is at least t through the first value of
 * each block (the only thing kept per block besides its handle). Memory: the decoded blocks and
 * 12 bytes a block; not the records.
 */
final class RecordTable {
    /** Records per block. */
    static final int BLOCK = 256;
    /** Bytes of blocks decoded at once, table-wide (at least 64 blocks). */
    static final int CACHED_BYTES = 8 << 20;

    private final RecordBlocks store;
    /** Fields kept per record (the group's is not). */
    private final int fields;
    private final Map<Long, Group> groups = new HashMap<>();
    private final ArrayDeque<Group> cached = new ArrayDeque<>();
    private final int cachedBlocks;
    private byte[] scratch;

    /** The table of the records of {@code merged} ({@code width} fields, sorted by field 0, then field 1). */
    RecordTable(RecordBlocks store, SortedRecords.Merged merged, int width) {
        this.store = store;
        this.fields = width - 1;
        this.cachedBlocks = Math.max(64, CACHED_BYTES / (BLOCK * fields * 8));
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
        private int loaded = -1;
        private long[] block;
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
            if (block == null) {
                if (cached.size() >= cachedBlocks) {
                    Group old = cached.pollFirst();
                    block = old.block;
                    old.block = null;
                    old.loaded = -1;
                } else {
                    block = new long[BLOCK * fields];
                }
                cached.addLast(this);
            }
            int h = handles[b];
            int length = store.length(h);
            if (scratch == null) {
                scratch = new byte[BLOCK * fields * 8];
            }
            byte[] bytes = store.get(h, scratch); // a block in memory is read where it is, a spilled one into scratch
            ByteBuffer.wrap(bytes, 0, length).asLongBuffer().get(block, 0, length / 8);
            loaded = b;
        }

        /** The first position whose field 1 is {@code t} or more ({@link #size()}: none). */
        int lowerBound(long t) {
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
