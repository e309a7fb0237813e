package org.igtrace.core.util;

import java.util.ArrayList;
import java.util.List;

/** {@link RecordBlocks} held in memory: the arrays handed in are kept as they are, until released. */
public final class MemoryRecordBlocks implements RecordBlocks {
    private final List<byte[]> blocks = new ArrayList<>();
    private final List<Integer> lengths = new ArrayList<>();
    private long bytes;

    @Override
    public synchronized int put(byte[] block, int length) {
        blocks.add(block);
        lengths.add(length);
        bytes += block.length;
        return blocks.size() - 1;
    }

    @Override
    public synchronized int length(int handle) {
        return lengths.get(handle);
    }

    @Override
    public synchronized byte[] get(int handle, byte[] buffer) {
        byte[] b = blocks.get(handle);
        if (b == null) {
            throw new IllegalStateException("block " + handle + " read after it was released");
        }
        return b;
    }

    @Override
    public synchronized void release(int handle) {
        byte[] b = blocks.set(handle, null);
        if (b == null) {
            throw new IllegalStateException("block " + handle + " released twice");
        }
        bytes -= b.length;
    }

    @Override
    public synchronized long memoryBytes() {
        return bytes;
    }

    @Override
    public long spilledBytes() {
        return 0;
    }

    @Override
    public synchronized void close() {
        blocks.clear();
        lengths.clear();
        bytes = 0;
    }
}
