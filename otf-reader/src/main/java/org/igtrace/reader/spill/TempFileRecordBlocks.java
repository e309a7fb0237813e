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
    private byte[][] blocks = new byte[64][];
    private long[] offsets = new long[64];
    private int[] lengths = new int[64];
    private int count;
    private long memory;
    private long spilled;
    private FileChannel file;
    private Path where;
    /** Blocks whose write to the file is under way (outside the lock), by handle. */
    private boolean[] writing = new boolean[64];
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
        this.dir = dir;
        this.budget = budget;
        this.what = what;
        this.writer = writer;
    }

    /** Where the records spill (the directory), for messages. */
    public Path directory() {
        return dir != null ? dir : TempFolders.root(); // TMPDIR under java -jar too
    }

    /**
     * {@inheritDoc} A block beyond the budget is written to the file after the store's lock is let
     * go (its place there is taken under the lock): the reading threads do not wait for each
     * other's writes, only a {@link #get} of that very block waits for its own.
     */
    @Override
    public int put(byte[] block, int length) {
        int handle;
        long at;
        FileChannel f;
        synchronized (this) {
            if (count == blocks.length) {
                blocks = Arrays.copyOf(blocks, count * 2);
                offsets = Arrays.copyOf(offsets, count * 2);
                lengths = Arrays.copyOf(lengths, count * 2);
                writing = Arrays.copyOf(writing, count * 2);
            }
            lengths[count] = length;
            if (memory + block.length <= budget) {
                blocks[count] = block;
                offsets[count] = -1;
                memory += block.length;
                return count++;
            }
            f = file();
            at = spilled;
            offsets[count] = at;
            spilled += length;
            writing[count] = true;
            handle = count++;
        }
        boolean written = false;
        try {
            writer.write(f, ByteBuffer.wrap(block, 0, length), at);
            written = true;
        } catch (IOException e) {
            throw cannotWrite(e);
        } finally {
            synchronized (this) {
                writing[handle] = false;
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
        return lengths[handle];
    }

    @Override
    public byte[] get(int handle, byte[] buffer) {
        long at;
        int length;
        FileChannel f;
        synchronized (this) {
            if (offsets[handle] < 0) {
                return blocks[handle];
            }
            while (writing[handle]) { // written by another thread just now: wait for its write
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
            at = offsets[handle];
            length = lengths[handle];
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
        blocks = new byte[0][];
        spare.clear();
        count = 0;
        memory = 0;
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
