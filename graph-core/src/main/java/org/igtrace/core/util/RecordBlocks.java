package org.igtrace.core.util;

/**
 * Where the encoded match records go: immutable blocks of bytes, kept in memory or elsewhere (the
 * command line's implementation spills them to a temporary file beyond a memory budget). Blocks
 * are written while the locations are read, on several threads at once, and read back by the
 * join. The core holds no I/O: {@link MemoryRecordBlocks} is the in-memory implementation.
 */
public interface RecordBlocks extends AutoCloseable {
    /**
     * Keeps the first {@code length} bytes of {@code block}, which the store owns from now on, and
     * returns the block's handle. Safe to call from several threads.
     */
    int put(byte[] block, int length);

    /**
     * An array of at least {@code size} bytes to fill and {@link #put} later: new, or one the store
     * no longer needs (a spilling store recycles the arrays it wrote out). Safe to call from
     * several threads.
     */
    default byte[] newBlock(int size) {
        return new byte[size];
    }

    /**
     * Block {@code handle} will not be read again: the store may drop it and use its room (memory, or its place in a
     * temporary file) for later blocks. A block is released at most once, by the one reader that reads it last; reading it
     * after that is an error the store may report ({@link IllegalStateException}). The default keeps it.
     */
    default void release(int handle) {
    }

    /** The length of block {@code handle}. */
    int length(int handle);

    /**
     * The bytes of block {@code handle}, from index 0: the kept array itself, or {@code buffer} (the
     * caller's own scratch array, or null) filled with them, or a new array when {@code buffer} is
     * too small. Safe to call from several threads.
     */
    byte[] get(int handle, byte[] buffer);

    /** Bytes held in memory now (what a memory budget is checked against). */
    long memoryBytes();

    /** Bytes written elsewhere (0 for a store that only keeps memory). */
    long spilledBytes();

    /** Forgets every block (and deletes whatever held them). */
    @Override
    void close();
}
