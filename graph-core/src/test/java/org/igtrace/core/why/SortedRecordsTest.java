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
}
