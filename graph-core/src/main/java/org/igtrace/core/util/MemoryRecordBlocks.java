package org.igtrace.core.util;

import java.util.ArrayList;
import java.util.List;

/** {@link RecordBlocks} held in memory: the arrays handed in are kept as they are. */
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
        return blocks.get(handle);
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
