package org.igtrace.reader.spill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.igtrace.core.diagnostic.Remedy;
import org.igtrace.core.util.RecordBlocks;

/**
 * Match records kept in memory up to a budget, and beyond it in a temporary file: each block
 * that does not fit is appended to the file and read back by position when the join needs it
 * (blocks of one stream follow each other, so a stream is a run the join walks once per pass).
 * The file is created in {@code dir} (null: the system's temporary directory) and unlinked at
 * once, so it disappears when it is closed or the process ends, however it ends; only the open
 * descriptor holds its blocks.
 *
 * <p>A block {@linkplain #release released} gives its room back: in memory to the budget, in the file its batch's place
 * once every block of that batch is released and the batch written, for a later batch to be written there. On this
 * project's VM, writing a new part of a file cost the kernel 2 to 20 times what writing the same bytes over a part
 * still cached did (1.3 GB: 0.3-3.0 s of system time against 0.14 s), and an external sort's runs, merged once, are
 * most of what {@code why} writes on a run with millions of waits.
 */
public final class TempFileRecordBlocks implements RecordBlocks {
    /** The default memory budget: {@code -Digtrace.records.memory=MB}, 16 MB unless set. */
    public static long defaultBudget() {
        return Long.getLong("igtrace.records.memory", 16) << 20;
    }

    /**
     * The memory the recorded activities may take before they go to a temporary file in --temp-dir:
     * {@code -Digtrace.activities.memory=MB}, 32 MB unless set.
     */
    public static long activityBudget() {
        return Long.getLong("igtrace.activities.memory", 32) << 20;
    }

    private final Path dir;
    private final long budget;
    private final String what;
    /**
     * Per block (its handle), where it is in the file (-1: in memory) and its length: all that is kept of a block written
     * to the file, 12 bytes, so that the index grows as little as it can with the blocks spilled (with the four arrays it
     * had beside these, 25 bytes a block: 40 MB and more of `diff`'s heap at 10^9 events). What only some blocks have for
     * a while is in maps: the blocks kept in memory (up to the budget), those being written, those in a batch.
     */
    // room for 4 M blocks before the first growth: a growth C2 had not seen taken threw away put's compiled code, and
    // why made it again (0.2 s of C2 on 3.5 M waits); 8 KB of references
    private long[][] offsets = new long[1024][];
    private int[][] lengths = new int[1024][];
    /**
     * The index is kept in chunks of {@value #CHUNK} blocks: no slack beyond the last chunk, and no copy of it all (the
     * old and the new array both live) each time it doubles.
     */
    private static final int CHUNK_BITS = 12, CHUNK = 1 << CHUNK_BITS, IN_CHUNK = CHUNK - 1;
    private final java.util.HashMap<Integer, byte[]> inMemory = new java.util.HashMap<>();
    private int count;
    private long memory;
    private long spilled;
    private FileChannel file;
    private Path where;
    /** Blocks whose write to the file is under way (outside the lock), by handle. */
    private final java.util.HashSet<Integer> writing = new java.util.HashSet<>();
    /** The bytes given to the file so far: where the next write goes ({@link #spilled} also counts the batches not yet written). */
    private long fileEnd;
    /** A released block's place in {@link #offsets}: reading it again is an error. */
    private static final long RELEASED = -2;
    /**
     * Per slot of the file (a place of {@link #batchBytes} where a batch is written: its offset / batchBytes), how many of
     * its blocks are not released, and whether its write ended; a slot with neither is free, in {@link #freeSlots}.
     */
    private int[] slotLive = new int[64];
    private boolean[] slotWritten = new boolean[64];
    /** The free slots, the one freed last on top (its pages are the likeliest to be cached still). */
    private int[] freeSlots = new int[16];
    private int freeCount;
    /** Batches written where an earlier batch had been (for tests and the benchmark). */
    private long slotsReused;
    /** Bytes of a batch ({@link #put}): a block of up to half of it is batched. */
    static final int BATCH_BYTES = 128 << 10;
    private final int batchBytes;
    /** The blocks in a batch not yet written, by handle: the batch (the block's place there is its {@link Batch#placeOf}). */
    private final java.util.HashMap<Integer, Batch> inBatch = new java.util.HashMap<>();
    /** The threads that fill batches and the batch each fills. */
    private Thread[] fillers = new Thread[4];
    private Batch[] batches = new Batch[4];
    private int filling;
    private final java.util.ArrayDeque<Batch> spareBatches = new java.util.ArrayDeque<>();
    private static final int SPARE_BATCHES = 4;
    /** Whether a write failed (its put threw; a get of any spilled block then throws too). */
    private boolean failed;
    private final BlockWriter writer;
    // Arrays already written out, for writers to fill again: no garbage while spilling.
    private final java.util.ArrayDeque<byte[]> spare = new java.util.ArrayDeque<>();
    private static final int SPARE_ARRAYS = 64;

    public TempFileRecordBlocks(Path dir, long budget) {
        this(dir, budget, "match records");
    }

    /** @param what what the blocks hold, for messages ("match records", "replay activities") */
    public TempFileRecordBlocks(Path dir, long budget, String what) {
        this(dir, budget, what, POSITIONAL);
    }

    TempFileRecordBlocks(Path dir, long budget, String what, BlockWriter writer) {
        this(dir, budget, what, writer, BATCH_BYTES);
    }

    /** @param batchBytes the bytes of a batch ({@link #put}; 0: every block written on its own) */
    TempFileRecordBlocks(Path dir, long budget, String what, BlockWriter writer, int batchBytes) {
        this.dir = dir;
        this.budget = budget;
        this.what = what;
        this.writer = writer;
        this.batchBytes = batchBytes;
    }

    /** Where the records spill (the directory), for messages. */
    public Path directory() {
        return dir != null ? dir : TempFolders.root(); // TMPDIR under java -jar too
    }

    /**
     * {@inheritDoc} A block beyond the budget is written to the file after the store's lock is let
     * go (its place there is taken under the lock): the reading threads do not wait for each
     * other's writes, only a {@link #get} of that very block waits for its own. A block of up to half
     * a batch ({@link #BATCH_BYTES}) is copied into its thread's batch instead, and the batch is written
     * in one write once full: the wait records' blocks of about 2 kB, one write each, cost the kernel
     * five times the CPU of the same bytes in 128 kB writes. A block in a batch not yet written (or
     * being written) is read from the batch.
     */
    @Override
    public int put(byte[] block, int length) {
        int handle;
        long at;
        FileChannel f;
        Batch full = null;
        synchronized (this) {
            int chunk = count >>> CHUNK_BITS;
            if (chunk == offsets.length) {
                offsets = Arrays.copyOf(offsets, chunk * 2);
                lengths = Arrays.copyOf(lengths, chunk * 2);
            }
            if (offsets[chunk] == null) {
                offsets[chunk] = new long[CHUNK];
                lengths[chunk] = new int[CHUNK];
            }
            lengths[chunk][count & IN_CHUNK] = length;
            if (memory + block.length <= budget) {
                inMemory.put(count, block);
                offsets[chunk][count & IN_CHUNK] = -1;
                memory += block.length;
                return count++;
            }
            f = file();
            spilled += length;
            if (2 * length <= batchBytes) {
                Batch b = batchOf(Thread.currentThread());
                if (b.used + length > batchBytes) {
                    full = b;
                    b = detach(full);
                }
                handle = count++;
                System.arraycopy(block, 0, b.bytes, b.used, length);
                inBatch.put(handle, b);
                b.add(handle, length);
                if (spare.size() < SPARE_ARRAYS) {
                    spare.push(block); // copied: the writer may fill it again
                }
                if (full == null) {
                    return handle;
                }
                at = full.at;
            } else {
                at = fileEnd;
                fileEnd += length;
                offsets[chunk][count & IN_CHUNK] = at;
                writing.add(count);
                handle = count++;
            }
        }
        if (full != null) {
            writeBatch(f, full);
            return handle;
        }
        boolean written = false;
        try {
            writer.write(f, ByteBuffer.wrap(block, 0, length), at);
            written = true;
        } catch (IOException e) {
            throw cannotWrite(e);
        } finally {
            synchronized (this) {
                writing.remove(handle);
                if (!written) {
                    failed = true;
                }
                notifyAll(); // before the push, which may run out of memory: a reader waiting for this block is woken
                if (written && spare.size() < SPARE_ARRAYS) {
                    spare.push(block);
                }
            }
        }
        return handle;
    }

    /** Blocks copied together to be written in one write, and the handles of those in it. */
    private static final class Batch {
        final byte[] bytes;
        int used;
        // 256 blocks before the first growth (blocks of 512 bytes on average), as put's offsets
        int[] handles = new int[256];
        /** Where each block of {@link #handles} starts in {@link #bytes}. */
        int[] places = new int[256];
        int count;
        /** Where in the file it goes, once full ({@link #detach}), and its slot there (-1: none yet). */
        long at;
        int slot = -1;
        /** Its blocks released before it had a place ({@link #release}). */
        int released;

        Batch(int size) {
            bytes = new byte[size];
        }

        void add(int handle, int length) {
            if (count == handles.length) {
                handles = Arrays.copyOf(handles, count * 2);
                places = Arrays.copyOf(places, count * 2);
            }
            places[count] = used;
            handles[count++] = handle;
            used += length;
        }

        /** Where block {@code handle}, which is in this batch, starts in {@link #bytes}. */
        int placeOf(int handle) {
            for (int i = count - 1; i >= 0; i--) { // the blocks read soon after their put are the last ones
                if (handles[i] == handle) {
                    return places[i];
                }
            }
            throw new IllegalStateException("block " + handle + " is not in its batch");
        }
    }

    /**
     * The batch {@code thread} fills; under the lock. A thread that ended leaves its batch to the next new thread, which
     * goes on filling it: without that, every thread that ever put a block kept a batch of its own, and {@code why}'s
     * sorted runs, each written by a thread of its own, kept 1,269 batches (166 MB) on a 980 M-event trace.
     */
    private Batch batchOf(Thread thread) {
        for (int i = 0; i < filling; i++) {
            if (fillers[i] == thread) {
                return batches[i];
            }
        }
        // a thread's first block: whether another thread's ended is asked only here, not at every block (the JIT
        // compiled put with that answer always "alive" while the readers ran, and threw the code away when one ended)
        for (int i = 0; i < filling; i++) {
            if (!fillers[i].isAlive()) {
                fillers[i] = thread;
                return batches[i];
            }
        }
        if (filling == fillers.length) {
            fillers = Arrays.copyOf(fillers, filling * 2);
            batches = Arrays.copyOf(batches, filling * 2);
        }
        fillers[filling] = thread;
        return batches[filling++] = newBatch();
    }

    /** The batches held for threads to fill (for tests). */
    synchronized int batchesHeld() {
        return filling;
    }

    private Batch newBatch() {
        return spareBatches.isEmpty() ? new Batch(batchBytes) : spareBatches.pop();
    }

    /**
     * Gives batch {@code b} its place in the file (a free slot, else a new one at the end), and its thread a new batch to
     * fill, returned; under the lock.
     */
    private Batch detach(Batch b) {
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[--freeCount];
            slotsReused++;
        } else {
            long start = (fileEnd + batchBytes - 1) / batchBytes * batchBytes; // after a block written alone: the next slot
            slot = (int) (start / batchBytes);
            fileEnd = start + batchBytes;
            if (slot >= slotLive.length) {
                slotLive = Arrays.copyOf(slotLive, Math.max(slot + 1, slotLive.length * 2));
                slotWritten = Arrays.copyOf(slotWritten, slotLive.length);
            }
        }
        b.slot = slot;
        b.at = (long) slot * batchBytes;
        slotLive[slot] = b.count - b.released;
        slotWritten[slot] = false;
        for (int i = 0; i < b.count; i++) {
            int h = b.handles[i];
            long[] o = offsets[h >>> CHUNK_BITS];
            if (o[h & IN_CHUNK] != RELEASED) {
                o[h & IN_CHUNK] = b.at + b.places[i];
            }
        }
        Batch next = newBatch();
        for (int i = 0; i < filling; i++) {
            if (batches[i] == b) {
                batches[i] = next;
            }
        }
        return next;
    }

    /** Writes a detached batch (outside the lock); its blocks are then read from the file. */
    private void writeBatch(FileChannel f, Batch b) {
        boolean written = false;
        try {
            writer.write(f, ByteBuffer.wrap(b.bytes, 0, b.used), b.at);
            written = true;
        } catch (IOException e) {
            throw cannotWrite(e);
        } finally {
            synchronized (this) {
                if (!written) {
                    failed = true;
                } else {
                    slotWritten[b.slot] = true;
                    if (slotLive[b.slot] == 0) { // every block released while it was written
                        free(b.slot);
                    }
                }
                for (int i = 0; i < b.count; i++) {
                    inBatch.remove(b.handles[i]);
                }
                b.used = 0;
                b.count = 0;
                b.released = 0;
                b.slot = -1;
                if (written && spareBatches.size() < SPARE_BATCHES) {
                    spareBatches.push(b);
                }
            }
        }
    }

    /**
     * {@inheritDoc} A block in memory leaves it (its bytes return to the budget); one in the file frees its batch's slot
     * once the batch is written and every block in it released; a block written alone (larger than half a batch) keeps
     * its place. Reading a released block throws {@link IllegalStateException}.
     */
    @Override
    public synchronized void release(int handle) {
        long[] offsetsHere = offsets[handle >>> CHUNK_BITS];
        int in = handle & IN_CHUNK;
        long at = offsetsHere[in];
        if (at == RELEASED) {
            throw new IllegalStateException("block " + handle + " of " + what + " released twice");
        }
        offsetsHere[in] = RELEASED;
        if (at == -1) {
            byte[] b = inMemory.remove(handle);
            memory -= b.length;
            return;
        }
        int length = lengths[handle >>> CHUNK_BITS][in];
        if (2 * length > batchBytes) {
            return; // written alone, at the end: its place is not used again
        }
        Batch b = inBatch.get(handle);
        if (b != null && b.slot < 0) { // in a batch without a place yet: it goes there one block fewer
            b.released++;
            return;
        }
        int slot = (int) (at / batchBytes);
        if (--slotLive[slot] == 0 && slotWritten[slot]) {
            free(slot);
        }
    }

    private void free(int slot) {
        slotWritten[slot] = false;
        if (freeCount == freeSlots.length) {
            freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
        }
        freeSlots[freeCount++] = slot;
    }

    /** The size of the temporary file: the places its blocks took, a released batch's place taken again by a later one. */
    public synchronized long fileBytes() {
        return fileEnd;
    }

    /** Batches written in the place of earlier ones, all of whose blocks were released. */
    public synchronized long slotsReused() {
        return slotsReused;
    }

    @Override
    public synchronized byte[] newBlock(int size) {
        byte[] b = spare.peek();
        if (b != null && b.length == size) {
            return spare.pop();
        }
        return new byte[size];
    }

    /** The spill file, made (and unlinked) at the first block that goes there; under the lock. */
    private FileChannel file() {
        if (file == null) {
            try {
                Path d = directory();
                where = Files.createTempFile(d, "igtrace-records-", ".tmp");
                file = FileChannel.open(where, StandardOpenOption.READ, StandardOpenOption.WRITE);
                Files.delete(where); // the open descriptor keeps it until closed or the process ends
            } catch (IOException e) {
                throw cannotWrite(e);
            }
        }
        return file;
    }

    private UncheckedIOException cannotWrite(IOException e) {
        boolean full = String.valueOf(e.getMessage()).contains("No space left");
        return new UncheckedIOException(directory() + ": cannot write " + what + " to a temporary file ("
                + (e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.getMessage()) + "); "
                + (full ? "free some space or name" : "name") + " another directory with " + Remedy.TEMP_DIR.named(), e);
    }

    /** Writes a block's bytes at a place in the spill file (a seam for tests: a write that takes its time). */
    @FunctionalInterface
    interface BlockWriter {
        void write(FileChannel file, ByteBuffer bytes, long at) throws IOException;
    }

    /** A positional write: several threads write their blocks at once, each at its own place. */
    static final BlockWriter POSITIONAL = (f, b, at) -> {
        long to = at;
        while (b.hasRemaining()) {
            to += f.write(b, to);
        }
    };

    @Override
    public synchronized int length(int handle) {
        return lengths[handle >>> CHUNK_BITS][handle & IN_CHUNK];
    }

    @Override
    public byte[] get(int handle, byte[] buffer) {
        long at;
        int length;
        FileChannel f;
        synchronized (this) {
            long[] offsetsHere = offsets[handle >>> CHUNK_BITS];
            int[] lengthsHere = lengths[handle >>> CHUNK_BITS];
            int in = handle & IN_CHUNK;
            if (offsetsHere[in] == -1) {
                return inMemory.get(handle);
            }
            if (offsetsHere[in] == RELEASED) {
                throw new IllegalStateException("block " + handle + " of " + what + " read after it was released");
            }
            Batch b = inBatch.get(handle);
            if (b != null && !failed) { // in a batch not yet written, or being written: from there
                int n = lengthsHere[in];
                byte[] into = buffer != null && buffer.length >= n ? buffer : new byte[n];
                System.arraycopy(b.bytes, b.placeOf(handle), into, 0, n);
                return into;
            }
            while (writing.contains(handle)) { // written by another thread just now: wait for its write
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while a spilled block was written", e);
                }
            }
            if (failed) {
                throw new UncheckedIOException(new IOException(directory() + ": a block of " + what + " could not be written"));
            }
            at = offsetsHere[in];
            length = lengthsHere[in];
            f = file;
        }
        byte[] into = buffer != null && buffer.length >= length ? buffer : new byte[length];
        ByteBuffer b = ByteBuffer.wrap(into, 0, length);
        try {
            while (b.hasRemaining()) {
                int n = f.read(b, at + b.position());
                if (n < 0) {
                    throw new IOException("the file ended early");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(directory() + ": cannot read " + what + " back from the temporary file ("
                    + e.getMessage() + ")", e);
        }
        return into;
    }

    @Override
    public synchronized long memoryBytes() {
        return memory;
    }

    @Override
    public synchronized long spilledBytes() {
        return spilled;
    }

    @Override
    public synchronized void close() {
        inMemory.clear();
        inBatch.clear();
        writing.clear();
        offsets = new long[0][];
        lengths = new int[0][];
        batches = new Batch[0];
        fillers = new Thread[0];
        filling = 0;
        spareBatches.clear();
        spare.clear();
        count = 0;
        memory = 0;
        freeCount = 0;
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // unlinked already: the space is freed with the descriptor
            }
            file = null;
        }
    }
}
