package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.igtrace.core.util.RecordBlocks;
import org.junit.jupiter.api.Test;

/** The record encoding read back as written, at every varint length boundary. */
class RecordStreamTest {
    /**
     * Time deltas of 0, 127, 128 (one and two bytes), 16383, 16384 (two and three), 2^21 - 1,
     * 2^21 (three and four), 2^35 and 2^45 + 5 (the byte loop); enter and leave deltas the same
     * values in reverse, some negative (zigzag), and communicator/tag keys that change.
     */
    @Test
    void everyVarintLengthReadsBackAsWritten() {
        long[] steps = {0, 127, 128, 16383, 16384, (1L << 21) - 1, 1L << 21, 1L << 35, (1L << 45) + 5};
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RecordStream stream = new RecordStream(3, 0, 7);
            long[][] written = new long[2000][];
            long time = 0;
            for (int i = 0; i < written.length; i++) {
                time += steps[i % steps.length];
                long enter = time - steps[(steps.length - 1 - i % steps.length)] * (i % 3 == 0 ? -1 : 1);
                long leave = time + steps[(i / 3) % steps.length] * (i % 5 == 0 ? -1 : 1);
                int communicator = i % 4 == 0 ? i : 1;
                int tag = -i;
                written[i] = new long[] {time, enter, leave, communicator, tag};
                stream.message(store, time, enter, leave, communicator, tag, MpiCall.BLOCKING_SEND);
            }
            stream.seal(store);
            RecordStream.Reader r = stream.reader(store, null);
            for (long[] w : written) {
                r.nextMessage();
                assertEquals(w[0], r.time);
                assertEquals(w[1], r.enter);
                assertEquals(w[2], r.leave);
                assertEquals(w[3], r.communicator);
                assertEquals(w[4], r.tag);
                assertEquals(MpiCall.BLOCKING_SEND, r.call);
            }
            assertEquals(false, r.hasNext());
        }
    }

    /**
     * The same boundaries for ends on one key (communicator 0 and tag 0 throughout: no key written), every combination of
     * the three deltas: read back as written, and the blocks as long as the varints' lengths say (1 byte to 127, 2 to
     * 16383, 3 to 2^21 - 1, then 7 bits a byte), a head byte a record.
     */
    @Test
    void endsOnOneKeyTakeTheirVarintsLengths() {
        long[] steps = {0, 127, 128, 16383, 16384, (1L << 21) - 1, 1L << 21, 1L << 35, (1L << 45) + 5};
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RecordStream stream = new RecordStream(3, 0, 7);
            long[][] written = new long[steps.length * steps.length * steps.length][];
            long time = 0;
            long bytes = 0;
            int i = 0;
            for (long dt : steps) {
                for (long de : steps) {
                    for (long dl : steps) {
                        time += dt;
                        written[i++] = new long[] {time, time - de, time + dl};
                        stream.message(store, time, time - de, time + dl, 0, 0, MpiCall.BLOCKING_RECEIVE);
                        bytes += 1 + varintLength(dt) + varintLength(de) + varintLength(dl);
                    }
                }
            }
            stream.seal(store);
            long stored = 0;
            for (int b = 0; b < stream.blockCount(); b++) {
                stored += store.length(stream.block(b));
            }
            assertEquals(bytes, stored);
            readBack(stream.reader(store, null), written);
            // blocks handed back as long as they are (a spilled block read without scratch, another engine's copy): the
            // reader's varints near a block's end, with no spare bytes past it, read as well
            RecordBlocks exact = new RecordBlocks() {
                @Override
                public int put(byte[] block, int length) {
                    return store.put(block, length);
                }

                @Override
                public int length(int handle) {
                    return store.length(handle);
                }

                @Override
                public byte[] get(int handle, byte[] buffer) {
                    return java.util.Arrays.copyOf(store.get(handle, null), store.length(handle));
                }

                @Override
                public long memoryBytes() {
                    return store.memoryBytes();
                }

                @Override
                public long spilledBytes() {
                    return 0;
                }

                @Override
                public void close() {
                }
            };
            readBack(stream.reader(exact, null), written);
            for (long dl : steps) { // a block that ends in a varint of each length
                RecordStream one = new RecordStream(3, 0, 8);
                one.message(store, 5, 4, 5 + dl, 0, 0, MpiCall.BLOCKING_RECEIVE);
                one.seal(store);
                readBack(one.reader(exact, null), new long[][] {{5, 4, 5 + dl}});
            }
        }
    }

    private static void readBack(RecordStream.Reader r, long[][] written) {
        for (long[] w : written) {
            r.nextMessage();
            assertEquals(w[0], r.time);
            assertEquals(w[1], r.enter);
            assertEquals(w[2], r.leave);
            assertEquals(MpiCall.BLOCKING_RECEIVE, r.call);
        }
        assertEquals(false, r.hasNext());
    }

    private static int varintLength(long v) {
        int n = 1;
        for (long rest = v >>> 7; rest != 0; rest >>>= 7) {
            n++;
        }
        return n;
    }

    /**
     * A stream's first end is written against communicator 0 and tag 0, the reader starting from
     * the same: an end on that key writes no key. One end at time 5, entered at 4, left at 7:
     * head (1 byte) + the deltas 5 - 0, 5 - 4, 7 - 5 (1 byte each) = 4 bytes; before, the key
     * followed the head (+2 bytes, 0 and 0 zigzag-encoded). Keys other than that still follow,
     * and a later change back to (0, 0) too.
     */
    @Test
    void firstEndOnCommunicatorZeroAndTagZeroWritesNoKey() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RecordStream stream = new RecordStream(1, 0, 2);
            stream.message(store, 5, 4, 7, 0, 0, MpiCall.BLOCKING_SEND);
            stream.seal(store);
            assertEquals(1, stream.blockCount());
            assertEquals(4, store.length(stream.block(0)));

            RecordStream other = new RecordStream(1, 0, 3);
            int[][] keys = {{2, 5}, {0, 0}, {0, 0}, {-1, 9}};
            for (int i = 0; i < keys.length; i++) {
                other.message(store, 10 + i, 10 + i, 11 + i, keys[i][0], keys[i][1], MpiCall.BLOCKING_RECEIVE);
            }
            other.seal(store);
            RecordStream.Reader r = other.reader(store, null);
            for (int i = 0; i < keys.length; i++) {
                r.nextMessage();
                assertEquals(keys[i][0], r.communicator);
                assertEquals(keys[i][1], r.tag);
                assertEquals(10 + i, r.time);
                assertEquals(11 + i, r.leave);
            }
            assertEquals(false, r.hasNext());
        }
    }

    /** Collective arrivals (decoded apart from the message ends) at every varint length, with roots. */
    @Test
    void collectiveArrivalsReadBackAtEveryVarintLength() {
        long[] steps = {0, 127, 128, 16383, 16384, (1L << 21) - 1, 1L << 21, 1L << 35, (1L << 45) + 5};
        int[] roots = {-1, 0, 63, 64, 8191, 8192, 1 << 20};
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            RecordStream stream = RecordStream.collectives(2, 0, 0, 0);
            long[][] written = new long[500][];
            long time = 0;
            for (int i = 0; i < written.length; i++) {
                time += steps[i % steps.length];
                long enter = time - steps[(i / 2) % steps.length] * (i % 3 == 0 ? -1 : 1);
                long leave = time + steps[(i / 3) % steps.length] * (i % 4 == 0 ? -1 : 1);
                int root = roots[i % roots.length];
                written[i] = new long[] {time, enter, leave, root};
                stream.collective(store, time, enter, leave, CollectiveKind.ALL_TO_ONE, root);
            }
            stream.seal(store);
            RecordStream.Reader r = stream.reader(store, null);
            for (long[] w : written) {
                r.nextCollective();
                assertEquals(w[0], r.time);
                assertEquals(w[1], r.enter);
                assertEquals(w[2], r.leave);
                assertEquals(w[3], r.root);
                assertEquals(CollectiveKind.ALL_TO_ONE, r.kind);
            }
            assertEquals(false, r.hasNext());
        }
    }
}
