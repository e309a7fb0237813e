package org.igtrace.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.igtrace.core.util.RecordBlocks;
import org.igtrace.reader.spill.TempFileRecordBlocks;

/**
 * A command's store of recorded blocks (replay activities, region slices, a trace-event export's calls): in memory up
 * to {@code -Digtrace.activities.memory}, beyond it in a temporary file in --temp-dir ({@link TempFileRecordBlocks}).
 * A temporary file that cannot be written or read back is a {@link Failure} here, where it arises (while the trace is
 * read, or after it, when an analysis reads the blocks back): one line naming the directory, exit 1.
 */
final class TemporaryStore implements RecordBlocks {
    private final TempFileRecordBlocks blocks;

    /**
     * @param dir  --temp-dir (null: the system's temporary directory)
     * @param what what the blocks hold, for messages ("replay activities")
     */
    TemporaryStore(Path dir, String what) {
        this(dir, what, TempFileRecordBlocks.activityBudget());
    }

    /** As above, with {@code budget} bytes kept in memory. */
    TemporaryStore(Path dir, String what, long budget) {
        blocks = new TempFileRecordBlocks(dir, budget, what);
    }

    @Override
    public int put(byte[] block, int length) {
        try {
            return blocks.put(block, length);
        } catch (UncheckedIOException e) {
            throw Failure.of(e);
        }
    }

    @Override
    public byte[] newBlock(int size) {
        return blocks.newBlock(size);
    }

    @Override
    public void release(int handle) {
        blocks.release(handle);
    }

    @Override
    public int length(int handle) {
        return blocks.length(handle);
    }

    @Override
    public byte[] get(int handle, byte[] buffer) {
        try {
            return blocks.get(handle, buffer);
        } catch (UncheckedIOException e) {
            throw Failure.of(e);
        }
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
