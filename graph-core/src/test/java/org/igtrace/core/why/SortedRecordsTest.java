package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * The external sort with its full chunks sorted and written beside the writer gives the records in the order of the
 * sort without (and of a stable sort of all the records): 3.3 chunks of random records with many equal keys (the
 * second field's 20 values), the third field the order added, so a tie broken otherwise than by the order added shows.
 */
class SortedRecordsTest {
    @Test
    void chunksWrittenBesideGiveTheSameOrder() {
        int count = SortedRecords.CHUNK * 3 + SortedRecords.CHUNK / 3;
        Random random = new Random(47);
        List<long[]> all = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            all.add(new long[] {random.nextInt(3), random.nextInt(20), k});
        }
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            SortedRecords beside = new SortedRecords(store, 3, 2, true), alone = new SortedRecords(store, 3, 2, false);
            for (long[] r : all) {
                beside.add(r);
                alone.add(r);
            }
            assertEquals(count, beside.size());
            all.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1])); // stable
            SortedRecords.Merged a = SortedRecords.merge(List.of(beside)), b = SortedRecords.merge(List.of(alone));
            long[] x = new long[3], y = new long[3];
            for (long[] expected : all) {
                a.next(x);
                b.next(y);
                assertArrayEquals(expected, x);
                assertArrayEquals(expected, y);
            }
            assertFalse(a.next(x));
            assertFalse(b.next(y));
        }
    }

    /**
     * A merge that may read only 2 or 3 runs at once merges the 12 runs two writers made of 10.3 chunks in passes (12 -> 4
     * -> 2 runs with 3; 12 -> 6 -> 3 -> 2 with 2) and gives the records in the order of a stable sort of them all, with
     * equal records of the first writer first, as one pass over the 12 does.
     */
    @Test
    void aMergeOfMoreRunsThanItReadsAtOnceKeepsTheStableOrder() {
        int count = SortedRecords.CHUNK * 10 + SortedRecords.CHUNK / 3;
        Random random = new Random(48);
        List<long[]> all = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            all.add(new long[] {random.nextInt(3), random.nextInt(20), k});
        }
        all.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1])); // stable
        for (int fanIn : new int[] {2, 3, SortedRecords.FAN_IN}) {
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                SortedRecords first = new SortedRecords(store, 3, 2, true), second = new SortedRecords(store, 3, 2, false);
                List<long[]> added = new ArrayList<>(all);
                added.sort(Comparator.comparingLong(r -> r[2])); // in the order added
                for (long[] r : added) {
                    (r[2] % 2 == 0 ? first : second).add(r); // two writers, as one per join thread
                }
                SortedRecords.Merged m = SortedRecords.merge(List.of(first, second), fanIn);
                int left = 12; // 6 + 6 runs written (5 full chunks and a part each)
                while (left > fanIn) {
                    left = (left + fanIn - 1) / fanIn;
                }
                assertEquals(left, m.runs(), "runs read at once, fan-in " + fanIn);
                // equal keys: the first writer's records before the second's, each in the order added
                List<long[]> expected = new ArrayList<>(all);
                expected.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1]).thenComparingLong(r -> r[2] % 2));
                long[] x = new long[3];
                for (long[] e : expected) {
                    m.next(x);
                    assertArrayEquals(e, x, "fan-in " + fanIn);
                }
                assertFalse(m.next(x), "fan-in " + fanIn);
            }
        }
    }
}
