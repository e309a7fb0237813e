package org.igtrace.core.why;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
     * A merge that may read only 2, 3, 8 or 11 runs at once merges the 12 runs two writers made of 10.3 chunks in passes
     * (each pass the neighbours with the fewest bytes, as many as it reads at once or as leave that many: 12 -> 11 -> ...
     * -> 2 with 2; 12 -> 10 -> 8 -> 6 -> 4 -> 3 with 3; 12 -> 8 and 12 -> 11 in one pass of 5 and of 2 neighbours) and gives the records in the order of a stable sort of them all, with
     * equal records of the first writer first, as one pass over the 12 does; every block of every run is released once
     * read (the store holds nothing after the last record).
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
        for (int fanIn : new int[] {2, 3, 8, 11, SortedRecords.FAN_IN}) {
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                SortedRecords first = new SortedRecords(store, 3, 2, true), second = new SortedRecords(store, 3, 2, false);
                List<long[]> added = new ArrayList<>(all);
                added.sort(Comparator.comparingLong(r -> r[2])); // in the order added
                for (long[] r : added) {
                    (r[2] % 2 == 0 ? first : second).add(r); // two writers, as one per join thread
                }
                SortedRecords.Merged m = SortedRecords.merge(List.of(first, second), fanIn);
                // 6 + 6 runs written (5 full chunks and a part each): as many read at once as the fan-in allows
                assertEquals(Math.min(12, fanIn), m.runs(), "runs read at once, fan-in " + fanIn);
                // equal keys: the first writer's records before the second's, each in the order added
                List<long[]> expected = new ArrayList<>(all);
                expected.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1]).thenComparingLong(r -> r[2] % 2));
                long[] x = new long[3];
                for (long[] e : expected) {
                    m.next(x);
                    assertArrayEquals(e, x, "fan-in " + fanIn);
                }
                assertFalse(m.next(x), "fan-in " + fanIn);
                assertEquals(0, store.memoryBytes(), "blocks left unreleased, fan-in " + fanIn);
            }
        }
    }

    /**
     * Any number of runs, of any lengths (a part with no record writes no run), merges into the order of the keys, equal
     * keys in the order of their parts: 0 to 9 parts, each up to 40 records of keys from few values, whose runs end
     * at different times.
     */
    @Test
    void anyNumberOfRunsMergesInTheStableOrder() {
        Random random = new Random(7);
        for (int parts = 0; parts <= 9; parts++) {
            for (int round = 0; round < 20; round++) {
                try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                    List<SortedRecords> written = new ArrayList<>();
                    List<long[]> all = new ArrayList<>();
                    for (int p = 0; p < parts; p++) {
                        SortedRecords s = new SortedRecords(store, 4, 3);
                        int n = random.nextInt(41);
                        for (int i = 0; i < n; i++) {
                            long[] r = {random.nextInt(4) - 2, random.nextInt(3), random.nextInt(2), p * 1000L + i};
                            s.add(r);
                            all.add(r);
                        }
                        written.add(s);
                    }
                    // by the three keys; equal keys: the earlier part first, then the order added (the fourth field)
                    all.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1]).thenComparingLong(r -> r[2])
                            .thenComparingLong(r -> r[3]));
                    SortedRecords.Merged m = SortedRecords.merge(written);
                    long[] x = new long[4];
                    for (long[] e : all) {
                        assertTrue(m.next(x), parts + " parts, round " + round);
                        assertArrayEquals(e, x, parts + " parts, round " + round);
                    }
                    assertFalse(m.next(x), parts + " parts, round " + round);
                    assertFalse(m.next(x), "asked again after the end");
                }
            }
        }
    }

    /** The neighbouring runs a last pass merges are the g with the fewest bytes, the first such where several tie. */
    @Test
    void theLastPassMergesTheSmallestNeighbours() {
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            List<org.igtrace.core.util.BlockStream> runs = new ArrayList<>();
            for (int bytes : new int[] {9, 5, 7, 1, 2, 8, 1, 2}) {
                org.igtrace.core.util.BlockStream s = new org.igtrace.core.util.BlockStream(store);
                for (int i = 0; i < bytes; i++) {
                    s.putByte(i);
                }
                s.seal();
                runs.add(s);
            }
            assertEquals(3, SortedRecords.smallestWindow(runs, 2), "1 + 2 at 3, not the same sum at 6");
            assertEquals(3, SortedRecords.smallestWindow(runs, 1), "the first of the two runs of 1 byte");
            assertEquals(2, SortedRecords.smallestWindow(runs, 3), "7 + 1 + 2");
            assertEquals(0, SortedRecords.smallestWindow(runs, 8), "all of them");
        }
    }

    /**
     * Runs keep each field as its difference from the record before it: records whose fields are the extremes of a long
     * (Long.MIN_VALUE next to Long.MAX_VALUE, where the difference wraps) and random longs come back as they were added,
     * through runs merged once and through runs merged in passes (each pass writes its runs the same way).
     */
    @Test
    void extremeFieldsComeBackAsAdded() {
        int count = SortedRecords.CHUNK * 4 + 17;
        Random random = new Random(49);
        long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1};
        List<long[]> all = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            long a = random.nextBoolean() ? extremes[random.nextInt(extremes.length)] : random.nextLong();
            long b = random.nextBoolean() ? extremes[random.nextInt(extremes.length)] : random.nextLong();
            all.add(new long[] {a, b, k});
        }
        List<long[]> expected = new ArrayList<>(all);
        expected.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1])); // stable
        for (int fanIn : new int[] {2, SortedRecords.FAN_IN}) {
            try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
                SortedRecords sorted = new SortedRecords(store, 3, 2, fanIn == 2);
                all.forEach(sorted::add);
                SortedRecords.Merged m = SortedRecords.merge(List.of(sorted), fanIn);
                long[] x = new long[3];
                for (long[] e : expected) {
                    m.next(x);
                    assertArrayEquals(e, x, "fan-in " + fanIn);
                }
                assertFalse(m.next(x), "fan-in " + fanIn);
            }
        }
    }

    /**
     * A chunk's order, its leading keys packed with the record's number into longs sorted as primitives, is the order of a
     * stable sort by every key: keys that all fit in 63 bits, keys whose first two fit and whose third breaks ties (times a
     * second apart), keys too far apart to pack (extremes), keys all equal, negative values, and 0 and 1 records.
     */
    @Test
    void aChunksPackedOrderIsTheStableOrderOfEveryKey() {
        Random random = new Random(38);
        long[][] ranges = {{64, 1 << 20, 8}, {64, 1_000_000_000L, 1_000_000_000L}, {Long.MAX_VALUE, 3, 3}, {1, 1, 1}, {5, 4, 1L << 40}};
        for (long[] range : ranges) {
            for (int k : new int[] {0, 1, 2, 15, 16, 17, 1000, SortedRecords.CHUNK}) {
                for (int keys = 1; keys <= 3; keys++) {
                    int width = 4;
                    long[] c = new long[k * width];
                    for (int i = 0; i < k; i++) {
                        for (int f = 0; f < 3; f++) {
                            long v = range[f] == Long.MAX_VALUE ? random.nextLong() : Math.floorMod(random.nextLong(), range[f]) - range[f] / 2;
                            c[i * width + f] = v;
                        }
                        c[i * width + 3] = i; // the order added
                    }
                    List<Integer> expected = new ArrayList<>();
                    for (int i = 0; i < k; i++) {
                        expected.add(i * width);
                    }
                    int n = keys;
                    expected.sort((a, b) -> SortedRecords.compare(c, a, c, b, n)); // List.sort is stable
                    int[] got = SortedRecords.order(c, k, width, keys);
                    assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), got,
                            "ranges " + java.util.Arrays.toString(range) + ", " + k + " records, " + keys + " keys");
                }
            }
        }
    }

    /**
     * The chunks written beside are written by one thread while they come, not a thread each: sorting 6 full chunks
     * starts one "igtrace-sort" thread, which ends once the records are merged.
     */
    @Test
    void oneThreadSortsTheChunksBesideAndEndsAfterTheMerge() {
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), this::oneThreadSorts);
    }

    private void oneThreadSorts() throws InterruptedException {
        awaitNoSorter(5_000); // another test's idle sorter ends within a second
        try (MemoryRecordBlocks store = new MemoryRecordBlocks()) {
            SortedRecords sorted = new SortedRecords(store, 2, 1, true);
            java.util.Set<Long> sorters = new java.util.HashSet<>();
            long[] r = new long[2];
            for (int k = 0; k < SortedRecords.CHUNK * 6 + 5; k++) {
                r[0] = (k * 7919L) % 1000;
                r[1] = k;
                sorted.add(r);
                if (k % 1000 == 0) {
                    for (Thread t : Thread.getAllStackTraces().keySet()) {
                        if (t.getName().equals("igtrace-sort") && t.isAlive()) {
                            sorters.add(t.getId());
                        }
                    }
                }
            }
            SortedRecords.Merged m = SortedRecords.merge(List.of(sorted));
            long[] x = new long[2];
            long previous = Long.MIN_VALUE, n = 0;
            while (m.next(x)) {
                assertFalse(x[0] < previous, "in order");
                previous = x[0];
                n++;
            }
            assertEquals(SortedRecords.CHUNK * 6L + 5, n);
            assertEquals(1, sorters.size(), "the sorting threads seen while the chunks were written");
            awaitNoSorter(500); // the merge stops it: well before the second an idle one waits
            assertFalse(sorterAlive(), "the sorting thread has ended after the merge");
        }
    }

    private static void awaitNoSorter(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (sorterAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static boolean sorterAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("igtrace-sort") && t.isAlive());
    }
}
