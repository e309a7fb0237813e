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
    /** A store in memory that remembers the length of every block it was given. */
    private static final class Recording implements RecordBlocks {
        final List<Integer> lengths = new ArrayList<>();
        private final MemoryRecordBlocks blocks = new MemoryRecordBlocks();

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
            return 0;
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

    /**
     * A record written at once ({@code putRecord} with one, two or three values, {@code putZeros}) is the same bytes as
     * its head byte and values written one by one, at every offset in blocks of 7, 16 and 40 bytes (so that a record
     * starts in every place of a block, straddles a boundary, or fits): the two streams' blocks are equal.
     */
    @Test
    void recordsWrittenAtOnceAreTheBytesOfTheirValuesOneByOne() {
        long[] values = {0, 1, 127, 128, 16383, 16384, 1L << 35, Long.MAX_VALUE, BlockStream.zigzag(-1), BlockStream.zigzag(Long.MIN_VALUE)};
        for (int blockSize : new int[] {7, 16, 40}) {
            Recording oneByOne = new Recording();
            Recording atOnce = new Recording();
            BlockStream a = new BlockStream(oneByOne, blockSize);
            BlockStream b = new BlockStream(atOnce, blockSize);
            for (int i = 0; i < 200; i++) {
                long x = values[i % values.length], y = values[(i * 7 + 3) % values.length], z = values[(i * 3 + 1) % values.length];
                int head = i & 0xFF;
                switch (i % 4) {
                    case 0 -> {
                        a.putByte(head);
                        a.putUnsigned(x);
                        b.putRecord(head, x);
                    }
                    case 1 -> {
                        a.putByte(head);
                        a.putUnsigned(x);
                        a.putUnsigned(y);
                        b.putRecord(head, x, y);
                    }
                    case 2 -> {
                        a.putByte(head);
                        a.putUnsigned(x);
                        a.putUnsigned(y);
                        a.putUnsigned(z);
                        b.putRecord(head, x, y, z);
                    }
                    default -> {
                        a.putByte(head);
                        a.putFixed(0, 9);
                        b.putZeros(head, 9);
                    }
                }
                assertEquals(a.position(), b.position());
            }
            a.seal();
            b.seal();
            assertEquals(oneByOne.lengths, atOnce.lengths);
            BlockStreamReader ra = a.reader(), rb = b.reader();
            while (ra.hasMore()) {
                assertTrue(rb.hasMore());
                assertEquals(ra.readByte(), rb.readByte());
            }
            assertFalse(rb.hasMore());
        }
    }

    /** The zeros {@code putZeros} writes are written, not assumed: a store that hands out used arrays gets them cleared. */
    @Test
    void zerosOverwriteARecycledBlock() {
        MemoryRecordBlocks kept = new MemoryRecordBlocks();
        RecordBlocks used = new RecordBlocks() {
            @Override
            public byte[] newBlock(int size) {
                byte[] b = new byte[size];
                java.util.Arrays.fill(b, (byte) 0x5A);
                return b;
            }

            @Override
            public int put(byte[] block, int length) {
                return kept.put(block, length);
            }

            @Override
            public int length(int handle) {
                return kept.length(handle);
            }

            @Override
            public byte[] get(int handle, byte[] buffer) {
                return kept.get(handle, buffer);
            }

            @Override
            public long memoryBytes() {
                return kept.memoryBytes();
            }

            @Override
            public long spilledBytes() {
                return 0;
            }

            @Override
            public void close() {
                kept.close();
            }
        };
        BlockStream s = new BlockStream(used, 16);
        for (int i = 0; i < 5; i++) {
            s.putZeros(0x03, 9);
        }
        s.seal();
        BlockStreamReader in = s.reader();
        for (int i = 0; i < 5; i++) {
            assertEquals(0x03, in.readByte());
            assertEquals(0, in.readFixed(4));
            assertEquals(0, in.readFixed(5));
        }
        assertFalse(in.hasMore());
    }
}
