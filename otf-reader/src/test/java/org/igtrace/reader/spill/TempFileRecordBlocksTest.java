package org.igtrace.reader.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.igtrace.core.diagnostic.Remedy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TempFileRecordBlocksTest {
    static {
        Remedy.nameWith(r -> "--" + r.key()); // the remedies named as the command line names them
    }

    @TempDir
    Path dir;

    /** A positional write that, at the file's start, tells {@code writing} and waits for {@code letGo} (at most 30 s). */
    private static TempFileRecordBlocks.BlockWriter heldAtStart(CountDownLatch writing, CountDownLatch letGo) {
        return (f, b, at) -> {
            if (at == 0) {
                writing.countDown();
                try {
                    letGo.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
            }
            TempFileRecordBlocks.POSITIONAL.write(f, b, at);
        };
    }

    private long filesIn(Path d) throws Exception {
        try (Stream<Path> files = Files.list(d)) {
            return files.count();
        }
    }

    /**
     * A budget of 100 bytes keeps the first 64-byte block in memory and writes the next two to the
     * file; every block reads back as written. The file is unlinked as soon as it is made: the
     * directory stays empty while records are spilled, and after close.
     */
    @Test
    void blocksBeyondTheBudgetGoToAnUnlinkedFileAndComeBack() throws Exception {
        byte[][] blocks = new byte[3][64];
        for (int i = 0; i < 3; i++) {
            Arrays.fill(blocks[i], (byte) (i + 1));
        }
        int[] handles = new int[3];
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 100)) {
            for (int i = 0; i < 3; i++) {
                handles[i] = store.put(blocks[i].clone(), 60);
            }
            assertEquals(64, store.memoryBytes());
            assertEquals(120, store.spilledBytes(), "two blocks of 60 bytes written");
            assertEquals(0, filesIn(dir), "the spill file is unlinked while open");
            byte[] scratch = new byte[64];
            for (int i = 0; i < 3; i++) {
                byte[] got = store.get(handles[i], scratch);
                assertEquals(60, store.length(handles[i]));
                assertArrayEquals(Arrays.copyOf(blocks[i], 60), Arrays.copyOf(got, 60), "block " + i);
            }
        }
        assertEquals(0, filesIn(dir));
    }

    /** A directory that does not exist is named in a one-line error that points to --temp-dir. */
    @Test
    void anImpossibleDirectoryIsNamed() {
        Path missing = dir.resolve("no-such-dir");
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(missing, 0)) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> store.put(new byte[8], 8));
            assertTrue(e.getMessage().startsWith(missing + ": cannot write match records to a temporary file"), e.getMessage());
            assertTrue(e.getMessage().contains("--temp-dir"), e.getMessage());
        }
    }

    /**
     * Two reading threads spill at once: while one thread's block is still being written (a write
     * held up here until the test lets it go), the other thread's put, to memory or to the file,
     * returns, and so does a look at the budget; only a get of the block being written waits for
     * it. Every block then reads back as written. (Before, the write ran under the store's lock:
     * the second put waited for the first write.)
     */
    @Test
    void aThreadSpillsWhileAnotherThreadsWriteIsUnderWay() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        TempFileRecordBlocks.BlockWriter slowFirst = heldAtStart(writing, letGo); // the first spilled block waits
        byte[][] blocks = new byte[3][64];
        for (int i = 0; i < 3; i++) {
            Arrays.fill(blocks[i], (byte) (i + 1));
        }
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", slowFirst, 0)) { // no batches
            CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> store.put(blocks[0].clone(), 50));
            assertTrue(writing.await(30, TimeUnit.SECONDS), "the first write began");
            // the other thread's put and a look at the store, while the first write is held up
            int second = CompletableFuture.supplyAsync(() -> store.put(blocks[1].clone(), 60)).get(10, TimeUnit.SECONDS);
            assertEquals(110, store.spilledBytes());
            CompletableFuture<byte[]> early = CompletableFuture.supplyAsync(() -> store.get(0, null));
            Thread.sleep(50);
            assertTrue(!early.isDone(), "a get of the block being written waits for its write");
            letGo.countDown();
            int one = first.get(10, TimeUnit.SECONDS);
            assertEquals(0, one);
            assertEquals(1, second);
            assertArrayEquals(Arrays.copyOf(blocks[0], 50), Arrays.copyOf(early.get(10, TimeUnit.SECONDS), 50));
            assertArrayEquals(Arrays.copyOf(blocks[1], 60), Arrays.copyOf(store.get(second, new byte[64]), 60));
            int third = store.put(blocks[2].clone(), 64);
            assertArrayEquals(blocks[2], Arrays.copyOf(store.get(third, null), 64));
        } finally {
            letGo.countDown();
        }
    }

    /**
     * Small blocks go to their thread's batch, written in one write once the next block does not fit: with batches of
     * 256 bytes, two threads put 200 blocks of 20 to 100 bytes each, and blocks of 200 bytes (more than half a batch)
     * are written on their own. Every block reads back as put, while its batch fills, while the batch is written
     * (a write held up here: a get of its blocks does not wait, it reads the batch) and after; the writes are the
     * batches (far fewer than the blocks, each at most 256 bytes) and the large blocks, every byte counted as spilled.
     */
    @Test
    void smallBlocksAreWrittenInBatchesAndReadFromThemUntilWritten() throws Exception {
        java.util.List<Integer> writes = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean holdNext = new java.util.concurrent.atomic.AtomicBoolean(false);
        TempFileRecordBlocks.BlockWriter counting = (f, b, at) -> {
            writes.add(b.remaining());
            if (holdNext.compareAndSet(true, false)) {
                held.countDown();
                try {
                    letGo.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
            }
            TempFileRecordBlocks.POSITIONAL.write(f, b, at);
        };
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", counting, 256)) {
            java.util.Map<Integer, byte[]> put = new java.util.concurrent.ConcurrentHashMap<>();
            // both threads put their first block before either goes on: each has a batch of its own (a thread whose
            // first block came after the other had ended took over its batch, and the batches' bounds moved)
            java.util.concurrent.CyclicBarrier started = new java.util.concurrent.CyclicBarrier(2);
            Runnable filler = () -> {
                java.util.Random random = new java.util.Random(Thread.currentThread().getName().hashCode());
                for (int k = 0; k < 200; k++) {
                    int length = k % 25 == 24 ? 200 : 20 + random.nextInt(81);
                    byte[] block = new byte[length + 3]; // a block's array may be longer than its bytes
                    random.nextBytes(block);
                    int handle = store.put(block.clone(), length);
                    put.put(handle, Arrays.copyOf(block, length));
                    byte[] again = store.get(handle, null); // at once: from its batch (or the file)
                    assertArrayEquals(Arrays.copyOf(block, length), Arrays.copyOf(again, length));
                    if (k == 0) {
                        try {
                            started.await(30, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            };
            Thread a = new Thread(filler, "a"), b = new Thread(filler, "b");
            a.start();
            b.start();
            a.join();
            b.join();
            assertEquals(400, put.size());
            long bytes = put.values().stream().mapToLong(x -> x.length).sum();
            assertEquals(bytes, store.spilledBytes(), "every byte put is counted as spilled");
            int large = (int) writes.stream().filter(w -> w == 200).count();
            assertEquals(16, large, "the 200-byte blocks are written on their own");
            assertTrue(writes.size() < 200, "batches: " + writes.size() + " writes for 400 blocks");
            assertTrue(writes.stream().allMatch(w -> w <= 256), "no write beyond a batch: " + writes);
            for (java.util.Map.Entry<Integer, byte[]> e : put.entrySet()) {
                byte[] got = store.get(e.getKey(), new byte[8]);
                assertArrayEquals(e.getValue(), Arrays.copyOf(got, e.getValue().length), "block " + e.getKey());
            }
        }
        // a batch whose write is held up: its blocks are read from it meanwhile, and from the file after (a store of its
        // own: a thread of the pool would take over the batch of a filler that ended, and its first put would be held)
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", counting, 256)) {
            holdNext.set(true);
            int[] handles = new int[10];
            CompletableFuture<Void> filling = CompletableFuture.runAsync(() -> {
                for (int k = 0; k < handles.length; k++) {
                    byte[] block = new byte[60];
                    Arrays.fill(block, (byte) (k + 1));
                    handles[k] = store.put(block, 60);
                }
            });
            assertTrue(held.await(30, TimeUnit.SECONDS), "a batch's write began");
            byte[] during = CompletableFuture.supplyAsync(() -> store.get(handles[0], null)).get(10, TimeUnit.SECONDS);
            assertEquals(1, during[0], "read from the batch being written, without waiting for its write");
            letGo.countDown();
            filling.get(10, TimeUnit.SECONDS);
            for (int k = 0; k < handles.length; k++) {
                byte[] got = store.get(handles[k], null);
                byte[] expected = new byte[60];
                Arrays.fill(expected, (byte) (k + 1));
                assertArrayEquals(expected, Arrays.copyOf(got, 60), "block " + k);
            }
        } finally {
            letGo.countDown();
        }
        assertEquals(0, filesIn(dir));
    }

    /**
     * Threads that put a few blocks each and end, one after another (as why's sorted runs are written, each on a thread
     * of its own): each takes over the batch of the one before, so one batch is held, not one per thread (a batch a
     * thread, never let go, was 166 MB on a 980 M-event trace), and every block reads back as it was put.
     */
    @Test
    void aThreadThatEndedLeavesItsBatchToTheNext() throws Exception {
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", TempFileRecordBlocks.POSITIONAL, 256)) {
            java.util.Map<Integer, byte[]> put = new java.util.concurrent.ConcurrentHashMap<>();
            for (int t = 0; t < 100; t++) {
                int seed = t;
                Thread thread = new Thread(() -> {
                    for (int k = 0; k < 3; k++) {
                        byte[] block = new byte[20];
                        Arrays.fill(block, (byte) (3 * seed + k));
                        put.put(store.put(block.clone(), 20), block);
                    }
                });
                thread.start();
                thread.join();
            }
            assertEquals(1, store.batchesHeld(), "one batch for 100 threads, each ended before the next began");
            assertEquals(300, put.size());
            for (java.util.Map.Entry<Integer, byte[]> e : put.entrySet()) {
                assertArrayEquals(e.getValue(), Arrays.copyOf(store.get(e.getKey(), null), 20), "block " + e.getKey());
            }
        }
        assertEquals(0, filesIn(dir));
    }

    /**
     * 10,000 blocks, more than two of the index's chunks of 4,096: the first ones in memory (a budget of 200 bytes), the
     * others in batches of 256 bytes or alone (every 7th of 200 bytes); each reads back as it was put, and its length.
     */
    @Test
    void blocksAcrossTheIndexsChunksReadBack() throws Exception {
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 200, "match records", TempFileRecordBlocks.POSITIONAL, 256)) {
            int n = 10_000;
            int[] handles = new int[n];
            for (int k = 0; k < n; k++) {
                byte[] block = new byte[k % 7 == 6 ? 200 : 10 + k % 50];
                Arrays.fill(block, (byte) k);
                block[0] = (byte) (k >>> 8);
                handles[k] = store.put(block, block.length);
            }
            for (int k = 0; k < n; k++) {
                int length = k % 7 == 6 ? 200 : 10 + k % 50;
                byte[] expected = new byte[length];
                Arrays.fill(expected, (byte) k);
                expected[0] = (byte) (k >>> 8);
                assertEquals(length, store.length(handles[k]), "length of block " + k);
                assertArrayEquals(expected, Arrays.copyOf(store.get(handles[k], null), length), "block " + k);
            }
            assertTrue(store.memoryBytes() <= 200 && store.spilledBytes() > 0, store.memoryBytes() + " in memory");
        }
        assertEquals(0, filesIn(dir));
    }

    private static byte[] filled(int value, int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) value);
        return b;
    }

    /**
     * A released block gives its room back. In memory: a budget of 100 bytes holds a second block of 64 once the first is
     * released. In the file (batches of 256 bytes, blocks of 60: four a batch): once the four blocks of the first batch
     * written are released, the next batch is written in its place (the file stays 512 bytes), and every block not
     * released reads back as put, those written there too; a batch with one block not released keeps its place (the next
     * goes to the end). Reading or releasing a released block again is an error, not old or new bytes.
     */
    @Test
    void releasedBlocksGiveTheirRoomBack() throws Exception {
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 100)) {
            int first = store.put(filled(1, 64), 64);
            store.release(first);
            assertEquals(0, store.memoryBytes());
            int second = store.put(filled(2, 64), 64);
            assertEquals(64, store.memoryBytes());
            assertEquals(0, store.spilledBytes(), "the released block's room in the budget taken");
            assertArrayEquals(filled(2, 64), store.get(second, null));
            assertThrows(IllegalStateException.class, () -> store.get(first, null));
        }
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", TempFileRecordBlocks.POSITIONAL, 256)) {
            int[] h = new int[17];
            for (int i = 0; i < 12; i++) {
                h[i] = store.put(filled(i + 1, 60), 60);
            }
            assertEquals(512, store.fileBytes(), "blocks 0-3 and 4-7 written, 8-11 in the batch");
            for (int i = 0; i < 4; i++) {
                store.release(h[i]);
            }
            h[12] = store.put(filled(13, 60), 60); // the batch of 8-11 is written, where 0-3 were
            assertEquals(512, store.fileBytes());
            assertEquals(1, store.slotsReused());
            for (int i = 4; i < 13; i++) {
                assertArrayEquals(filled(i + 1, 60), Arrays.copyOf(store.get(h[i], new byte[64]), 60), "block " + i);
            }
            assertThrows(IllegalStateException.class, () -> store.get(h[0], null), "read after release");
            assertThrows(IllegalStateException.class, () -> store.release(h[0]), "released twice");
            for (int i = 4; i < 7; i++) { // block 7 still wanted: its batch keeps its place
                store.release(h[i]);
            }
            for (int i = 13; i < 17; i++) {
                h[i] = store.put(filled(i + 1, 60), 60);
            }
            assertEquals(768, store.fileBytes(), "the batch of 12-15 at the end");
            assertEquals(1, store.slotsReused());
            for (int i : new int[] {7, 8, 11, 12, 15, 16}) {
                assertArrayEquals(filled(i + 1, 60), Arrays.copyOf(store.get(h[i], null), 60), "block " + i);
            }
        }
    }

    /**
     * A batch's place is taken again only once its write ended: the four blocks of a batch whose write is held up are
     * read (from the batch) and released meanwhile, and the next batch another thread writes goes to the end; once the
     * held write ends, the batch after that is written in its place, and reads back as put.
     */
    @Test
    void aBatchsPlaceIsTakenAgainOnlyOnceItsWriteEnded() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        TempFileRecordBlocks.BlockWriter slowFirst = heldAtStart(writing, letGo);
        try (TempFileRecordBlocks store = new TempFileRecordBlocks(dir, 0, "match records", slowFirst, 256)) {
            // the other thread fills its batch and ends (joined: a thread of the common pool may live on, or its
            // end come after its future's, and the fifth block's thread takes over only an ended thread's batch)
            int[] other = new int[4];
            Thread filler = new Thread(() -> {
                for (int i = 0; i < 4; i++) {
                    other[i] = store.put(filled(100 + i, 60), 60);
                }
            });
            filler.start();
            filler.join(10_000);
            assertTrue(!filler.isAlive(), "the other thread's four blocks put");
            CompletableFuture<Integer> fifth = new CompletableFuture<>();
            new Thread(() -> fifth.complete(store.put(filled(104, 60), 60))).start();
            assertTrue(writing.await(30, TimeUnit.SECONDS), "the other thread's batch is being written");
            for (int i = 0; i < 4; i++) {
                assertArrayEquals(filled(100 + i, 60), Arrays.copyOf(store.get(other[i], null), 60));
                store.release(other[i]);
            }
            int[] mine = new int[9];
            for (int i = 0; i < 5; i++) {
                mine[i] = store.put(filled(i + 1, 60), 60);
            }
            assertEquals(512, store.fileBytes(), "not in the place still being written");
            assertEquals(0, store.slotsReused());
            letGo.countDown();
            fifth.get(10, TimeUnit.SECONDS);
            for (int i = 5; i < 9; i++) {
                mine[i] = store.put(filled(i + 1, 60), 60);
            }
            assertEquals(512, store.fileBytes());
            assertEquals(1, store.slotsReused());
            for (int i = 0; i < 9; i++) {
                assertArrayEquals(filled(i + 1, 60), Arrays.copyOf(store.get(mine[i], null), 60), "block " + i);
            }
        } finally {
            letGo.countDown();
        }
    }
}
