package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * Reads by position across many groups give the records written, while the table's decoded blocks are taken from one
 * group by another (3,000 groups of up to 700 records: more groups than the 2,048 blocks of 256 2-field records the
 * table decodes at once), reads that go back and forth across block edges, and the first position at or after a time;
 * a table that fits in the room read again from the start of its groups decodes each block once.
 */
class RecordTableTest {
    @Test
    void readsGiveTheRecordsWhileBlocksMoveBetweenGroups() {
        readsGiveTheRecords(false);
    }

    /** The same with every block a group read kept while the room lasts: blocks leave groups that hold several. */
    @Test
    void readsGiveTheRecordsWhileKeptBlocksMoveBetweenGroups() {
        readsGiveTheRecords(true);
    }

    private static void readsGiveTheRecords(boolean keepBlocks) {
        Random random = new Random(3);
        int groups = 3_000;
        long[][] time = new long[groups][], value = new long[groups][];
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            SortedRecords records = new SortedRecords(store, 3, 2);
            long[] r = new long[3];
            for (int g = 0; g < groups; g++) {
                int n = random.nextInt(700);
                time[g] = new long[n];
                value[g] = new long[n];
                long t = random.nextInt(100);
                for (int k = 0; k < n; k++) {
                    t += 1 + random.nextInt(5);
                    time[g][k] = t;
                    value[g][k] = random.nextLong();
                    r[0] = g;
                    r[1] = t;
                    r[2] = value[g][k];
                    records.add(r);
                }
            }
            RecordTable table = new RecordTable(store, SortedRecords.merge(List.of(records)), 3, keepBlocks);
            RecordTable.Group[] of = new RecordTable.Group[groups];
            for (int g = 0; g < groups; g++) {
                of[g] = table.group(g);
                assertEquals(time[g].length, of[g].size());
            }
            for (int i = 0; i < 100_000; i++) {
                int g = random.nextInt(groups);
                int n = time[g].length;
                if (n == 0) {
                    continue;
                }
                int k = i % 3 == 0 ? random.nextInt(n) : Math.min(n - 1, Math.max(0, (random.nextInt(2) + 1) * 256 - 2 + random.nextInt(4)));
                assertEquals(value[g][k], of[g].get(k, 2), "group " + g + " record " + k);
                assertEquals(time[g][k], of[g].get(k, 1));
                long t = time[g][k] - random.nextInt(3);
                int expected = k;
                while (expected > 0 && time[g][expected - 1] >= t) {
                    expected--;
                }
                assertEquals(expected, of[g].lowerBound(t));
            }
        }
    }

    /**
     * 64 groups of 1,000 records (4 blocks each, 256 blocks in all: within the 2,048 the table holds) read from their
     * start 20 times over, as the delay costs read a cause's synchronisations once per process that waited for it:
     * 256 blocks decoded, not one per block and pass (5,120 when a group held one block).
     */
    @Test
    void groupsReadAgainFromTheirStartDecodeEachBlockOnce() {
        int groups = 64, n = 1_000;
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            SortedRecords records = new SortedRecords(store, 3, 2);
            long[] r = new long[3];
            for (int g = 0; g < groups; g++) {
                for (int k = 0; k < n; k++) {
                    r[0] = g;
                    r[1] = 10L * k;
                    r[2] = g * 1_000_000L + k;
                    records.add(r);
                }
            }
            RecordTable table = new RecordTable(store, SortedRecords.merge(List.of(records)), 3, true);
            for (int pass = 0; pass < 20; pass++) {
                for (int g = 0; g < groups; g++) {
                    RecordTable.Group group = table.group((g * 7 + pass) % groups);
                    long base = ((g * 7 + pass) % groups) * 1_000_000L;
                    for (int k = 0; k < n; k += 3) {
                        int at = group.lowerBound(10L * k - 5);
                        assertEquals(k, at);
                        assertEquals(base + k, group.get(at, 2));
                    }
                }
            }
            assertEquals(groups * 4, table.loads());
        }
    }

    /**
     * The look-up that starts next to the one found last gives the first position at or after a time also among runs of
     * equal times longer than it looks (20 records a time, where it looks at 8), and past the last record: asked forward,
     * then backward, then at random, against a scan of the times.
     */
    @Test
    void lookUpsNextToTheLastAmongEqualTimesAndPastTheEnd() {
        int n = 2_000;
        long[] time = new long[n];
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            SortedRecords records = new SortedRecords(store, 3, 2);
            long[] r = new long[3];
            for (int k = 0; k < n; k++) {
                time[k] = 10L * (k / 20); // 20 records a time
                r[0] = 7;
                r[1] = time[k];
                r[2] = k;
                records.add(r);
            }
            RecordTable.Group group = new RecordTable(store, SortedRecords.merge(List.of(records)), 3, false).group(7);
            java.util.List<Long> asked = new java.util.ArrayList<>();
            for (long t = -5; t <= 10L * (n / 20) + 15; t += 5) {
                asked.add(t); // forward, past the end too
            }
            for (int i = asked.size() - 1; i >= 0; i--) {
                asked.add(asked.get(i)); // then backward
            }
            Random random = new Random(5);
            for (int i = 0; i < 2_000; i++) {
                asked.add((long) random.nextInt(10 * (n / 20) + 30) - 10);
            }
            for (long t : asked) {
                int expected = 0;
                while (expected < n && time[expected] < t) {
                    expected++;
                }
                assertEquals(expected, group.lowerBound(t), "t " + t);
            }
        }
    }

    /**
     * A block's records come back from their encoding whatever the values: each field's difference from the record
     * before it wraps as longs do (Long.MIN_VALUE after Long.MAX_VALUE, 0 after Long.MIN_VALUE), and values close to the
     * record before take one byte (3 fields, 256 records of times 0-9 apart and small numbers: 768 bytes, where the
     * longs took 6,144). A block cut short, with a byte more, or with a value past 64 bits is refused.
     */
    @Test
    void blocksComeBackFromTheirEncodingWhateverTheValues() {
        Random random = new Random(5);
        int fields = 3, records = RecordTable.BLOCK;
        long[] values = new long[fields * records];
        long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE, 0};
        for (int i = 0; i < values.length; i++) {
            values[i] = i < extremes.length ? extremes[i] : random.nextLong() >> random.nextInt(64);
        }
        byte[] out = new byte[values.length * RecordTable.MAX_VALUE_BYTES];
        int length = RecordTable.encodeBlock(values, values.length, fields, out);
        long[] back = new long[values.length];
        RecordTable.decodeBlock(out, length, values.length, fields, back);
        assertArrayEquals(values, back);

        long[] close = new long[fields * records];
        for (int k = 0; k < records; k++) {
            close[k * fields] = 1_000_000_000L + 5L * k + random.nextInt(5); // a time, rising by 0-9
            close[k * fields + 1] = random.nextInt(30); // a process
            close[k * fields + 2] = 1_000_000_000L + 5L * k + 20; // a time beside the first
        }
        // the first record's three values take 5, 1 and 5 bytes (2e9 zigzagged needs 31 bits), every other value one
        // (differences of -29..29 zigzag to at most 58: one 7-bit group)
        assertEquals(5 + 1 + 5 + 3 * (records - 1), RecordTable.encodeBlock(close, close.length, fields, out));

        assertEquals(length, RecordTable.encodeBlock(values, values.length, fields, out)); // the extreme values again
        assertThrows(IllegalStateException.class, () -> RecordTable.decodeBlock(out, length - 1, values.length, fields, back));
        assertThrows(IllegalStateException.class, () -> RecordTable.decodeBlock(out, length + 1, values.length - 1, fields, back));
        // the first value, Long.MIN_VALUE, zigzags to all ones: nine bytes of 0xFF and a tenth of 1; a tenth with more bits
        // (a value past 64 bits) is refused, not read as another
        assertEquals((byte) 0x01, out[9]);
        out[9] = 0x7F;
        assertThrows(IllegalStateException.class, () -> RecordTable.decodeBlock(out, length, values.length, fields, back));
    }
}
