package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The byte streams the replay's recorded activities and the Perfetto export's calls are kept in. */
class BlockStreamTest {
    /** A store (in memory unless told) that remembers the length of every block it was given. */
    private static final class Recording implements RecordBlocks {
        final List<Integer> lengths = new ArrayList<>();
        private final RecordBlocks blocks;

        Recording() {
            this(new MemoryRecordBlocks());
        }

        Recording(RecordBlocks blocks) {
            this.blocks = blocks;
        }

        @Override
        public int put(byte[] block, int length) {
            lengths.add(length);
            return blocks.put(block, length);
        }

        @Override
        public int length(int handle) {
            return blocks.length(handle);
        }

        @Override
        public byte[] get(int handle, byte[] buffer) {
            return blocks.get(handle, buffer);
        }

        @Override
        public long memoryBytes() {
            return blocks.memoryBytes();
        }

        @Override
        public long spilledBytes() {
            return blocks.spilledBytes();
        }

        @Override
        public void close() {
            blocks.close();
        }
    }

    /**
     * Values of every width (1 to 10 bytes as variable-length integers, zigzag for negatives, fixed
     * fields) written into blocks of 7 bytes, so that most values straddle a block boundary, read
     * back equal; the store got full blocks of 7 and one shorter last block.
     */
    @Test
    void valuesCrossBlockBoundariesAndReadBackEqual() {
        Recording store = new Recording();
        BlockStream s = new BlockStream(store, 7);
        long[] values = {0, 1, 127, 128, 16383, 16384, 1L << 35, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        for (long v : values) {
            if (v >= 0) {
                s.putUnsigned(v);
            }
            s.putSigned(v);
            s.putFixed(v, 5);
        }
        long written = s.position();
        s.seal();
        BlockStreamReader in = s.reader();
        for (long v : values) {
            if (v >= 0) {
                assertEquals(v, in.readUnsigned());
            }
            assertEquals(v, in.readSigned());
            assertEquals(v & 0xFF_FFFF_FFFFL, in.readFixed(5));
        }
        assertFalse(in.hasMore());
        long full = written / 7;
        assertEquals(full + (written % 7 == 0 ? 0 : 1), store.lengths.size());
        for (int i = 0; i < full; i++) {
            assertEquals(7, store.lengths.get(i));
        }
    }

    /**
     * A field held from before it is written can be patched however many blocks were written after
     * it: no block holding it reaches the store before the hold moves on; then the blocks go, and
     * patching fails.
     */
    @Test
    void heldBytesStayOutOfTheStoreUntilReleased() {
        Recording store = new Recording();
        BlockStream s = new BlockStream(store, 4);
        s.putUnsigned(300); // 2 bytes
        s.hold(s.position());
        long field = s.putFixed(0, 4); // bytes 2-5
        for (int i = 0; i < 20; i++) {
            s.putByte(i);
        }
        assertTrue(store.lengths.isEmpty(), "the first block holds a held byte, and blocks go in order");
        assertEquals(24, s.heldBytes());
        s.patch(field, 0xA1B2C3D4L, 4);
        s.hold(Long.MAX_VALUE);
        assertEquals(6, store.lengths.size(), "24 of 26 bytes in full blocks of 4");
        assertThrows(IllegalStateException.class, () -> s.patch(field, 0, 4));
        s.seal();
        BlockStreamReader in = s.reader();
        assertEquals(300, in.readUnsigned());
        assertEquals(0xA1B2C3D4L, in.readFixed(4));
        for (int i = 0; i < 20; i++) {
            assertEquals(i, in.readByte());
        }
        assertFalse(in.hasMore());
    }

    /**
     * Fields patched where they lie: in the block being written, across the boundary between a waiting block and
     * the one being written, and in an older waiting block (blocks of 8: each read back as patched).
     */
    @Test
    void fieldsArePatchedInTheCurrentBlockAndAcrossABoundary() {
        Recording store = new Recording();
        BlockStream s = new BlockStream(store, 8);
        s.hold(0);
        long older = s.putFixed(0, 5); // bytes 0-4, first block
        long across = s.putFixed(0, 5); // bytes 5-9: first and second blocks
        long current = s.putFixed(0, 4); // bytes 10-13, second block, still being written
        s.patch(current, 0x01020304L, 4);
        s.patch(across, 0x05060708090AL, 5);
        s.patch(older, 0x0B0C0D0E0FL, 5);
        s.hold(Long.MAX_VALUE);
        s.seal();
        BlockStreamReader in = s.reader();
        assertEquals(0x0B0C0D0E0FL, in.readFixed(5));
        assertEquals(0x060708090AL, in.readFixed(5));
        assertEquals(0x01020304L, in.readFixed(4));
        assertFalse(in.hasMore());
    }

    /** A store whose blocks are all read back into the reader's buffer, as spilled blocks are. */
    private static final class Spilled implements RecordBlocks {
        private final MemoryRecordBlocks blocks = new MemoryRecordBlocks();

        @Override
        public int put(byte[] block, int length) {
            return blocks.put(block, length);
        }

        @Override
        public int length(int handle) {
            return blocks.length(handle);
        }

        @Override
        public byte[] get(int handle, byte[] buffer) {
            System.arraycopy(blocks.get(handle, null), 0, buffer, 0, blocks.length(handle));
            return buffer;
        }

        @Override
        public long memoryBytes() {
            return 0;
        }

        @Override
        public long spilledBytes() {
            return 1;
        }

        @Override
        public void close() {
            blocks.close();
        }
    }

    /**
     * Records of 1 to 64 bytes (a head byte giving how many values follow, then unsigned, signed and fixed values
     * of every width) read record by record, each after one {@link BlockStreamReader#record}, in blocks of 7, 64
     * and 100 bytes, kept in memory or read back into the reader's buffer: a record spans up to ten blocks of 7,
     * and every one reads back equal; values read one by one between records see the same stream.
     */
    @Test
    void recordsReadWholeAcrossBlocksOfAnySize() {
        long[] values = {0, 1, 127, 128, 16383, 16384, 1L << 35, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        for (int blockSize : new int[] {7, 64, 100}) {
            for (boolean spilled : new boolean[] {false, true}) {
                Recording store = new Recording(spilled ? new Spilled() : new MemoryRecordBlocks());
                BlockStream s = new BlockStream(store, blockSize);
                int records = 200;
                for (int r = 0; r < records; r++) {
                    int n = r % 7; // values after the head: at most 1 + 10 + 10 + 10 + 5 + 10 + 10 + 5 = 61 bytes
                    s.putByte(n);
                    for (int i = 0; i < n; i++) {
                        long v = values[(r + i) % values.length];
                        switch (i % 3) {
                            case 0 -> s.putUnsigned(v & Long.MAX_VALUE);
                            case 1 -> s.putSigned(v);
                            default -> s.putFixed(v, 5);
                        }
                    }
                    if (r % 10 == 9) {
                        s.putUnsigned(r); // a value between records, read value by value
                    }
                }
                s.seal();
                BlockStreamReader in = s.reader();
                for (int r = 0; r < records; r++) {
                    String where = "block " + blockSize + (spilled ? " spilled" : "") + ", record " + r;
                    assertTrue(in.record(), where);
                    int n = in.byteInRecord();
                    assertEquals(r % 7, n, where);
                    for (int i = 0; i < n; i++) {
                        long v = values[(r + i) % values.length];
                        switch (i % 3) {
                            case 0 -> assertEquals(v & Long.MAX_VALUE, in.unsignedInRecord(), where);
                            case 1 -> assertEquals(v, in.signedInRecord(), where);
                            default -> assertEquals(v & 0xFF_FFFF_FFFFL, in.fixedInRecord(5), where);
                        }
                    }
                    if (r % 10 == 9) {
                        assertEquals(r, in.readUnsigned(), where);
                    }
                }
                assertFalse(in.record());
                assertFalse(in.hasMore());
            }
        }
    }

    /**
     * A stream's last reader releases each block once it has its bytes: read value by value or record by record (records
     * that cross blocks joined), every value comes back and no block is left in the store at the end, none before the
     * reader reached it; no reader can follow it.
     */
    @Test
    void theLastReaderReleasesEveryBlockItRead() {
        for (boolean byRecord : new boolean[] {false, true}) {
            MemoryRecordBlocks store = new MemoryRecordBlocks();
            BlockStream s = new BlockStream(store, 16);
            for (long v = 0; v < 200; v++) {
                s.putUnsigned(v * 1000);
            }
            s.seal();
            long all = store.memoryBytes();
            assertTrue(all > 16 * 10, "several blocks");
            BlockStreamReader r = s.consumingReader();
            assertThrows(IllegalStateException.class, s::reader, "no reader after the last");
            for (long v = 0; v < 200; v++) {
                if (byRecord) {
                    assertTrue(r.record());
                    assertEquals(v * 1000, r.unsignedInRecord());
                } else {
                    assertEquals(v * 1000, r.readUnsigned());
                }
                if (v == 50) {
                    assertTrue(store.memoryBytes() > 0 && store.memoryBytes() < all, "released as read, not all at once");
                }
            }
            assertFalse(byRecord ? r.record() : r.hasMore());
            assertEquals(0, store.memoryBytes(), byRecord ? "by record" : "by value");
        }
        BlockStream read = new BlockStream(new MemoryRecordBlocks(), 16);
        read.putUnsigned(1);
        read.seal();
        read.reader();
        assertThrows(IllegalStateException.class, read::consumingReader, "a last reader after another one");
    }

    @Test
    void fixedLongsReadInBulkAsOneByOneAlsoAcrossBlocks() {
        // blocks of 100 bytes: 8-byte values end where a block ends, or cross into the next
        for (int blockSize : new int[] {100, 64, 4096}) {
            BlockStream s = new BlockStream(new MemoryRecordBlocks(), blockSize);
            int n = 1000;
            for (int i = 0; i < n; i++) {
                s.putFixed(i * 0x0102030405060708L ^ (i % 3 == 0 ? Long.MIN_VALUE : 0), 8);
            }
            s.seal();
            BlockStreamReader one = s.reader();
            BlockStreamReader bulk = s.reader();
            long[] into = new long[7]; // a count that divides neither the values in a block nor the total
            int read = 0;
            for (int m = bulk.readLongs(into); m > 0; m = bulk.readLongs(into)) {
                for (int k = 0; k < m; k++) {
                    assertTrue(one.hasMore());
                    assertEquals(one.readFixed(8), into[k], "value " + (read + k) + ", blocks of " + blockSize);
                }
                read += m;
                assertTrue(m == into.length || read == n, "a short read before the end");
            }
            assertEquals(n, read);
            assertFalse(one.hasMore());
        }
    }
}
