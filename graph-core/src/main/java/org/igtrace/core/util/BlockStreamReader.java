package org.igtrace.core.util;


/**
 * Reads a sealed {@link BlockStream} from its start, one block at a time: a block kept in memory
 * is read where it is, a spilled one into this reader's own buffer (so a reader holds at most one
 * block).
 */
public final class BlockStreamReader {
    private final RecordBlocks store;
    private final int[] handles;
    private final int blockSize;
    private int next;
    private byte[] block;
    private byte[] buffer;
    private int at;
    private int limit;

    BlockStreamReader(RecordBlocks store, int[] handles, int blockSize) {
        this.store = store;
        this.handles = handles;
        this.blockSize = blockSize;
    }

    /** Whether bytes are left. */
    public boolean hasMore() {
        while (at == limit) {
            if (next == handles.length) {
                return false;
            }
            load();
        }
        return true;
    }

    private void load() {
        int h = handles[next++];
        if (buffer == null && store.spilledBytes() > 0) {
            buffer = new byte[blockSize]; // spilled blocks are read into it; blocks in memory are read where they are
        }
        block = store.get(h, buffer);
        at = 0;
        limit = store.length(h);
    }

    public int readByte() {
        if (at == limit && !hasMore()) {
            throw new IllegalStateException("the stream ended inside a record");
        }
        return block[at++] & 0xFF;
    }

    public long readUnsigned() {
        if (limit - at >= 10) { // the whole value is in this block: no bounds checks per byte
            byte[] b = block;
            int i = at;
            long v = b[i++];
            if (v >= 0) {
                at = i;
                return v;
            }
            v &= 0x7F;
            for (int shift = 7; ; shift += 7) {
                int x = b[i++];
                v |= (long) (x & 0x7F) << shift;
                if (x >= 0) {
                    at = i;
                    return v;
                }
            }
        }
        long v = 0;
        int shift = 0;
        while (true) {
            int b = readByte();
            v |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                return v;
            }
            shift += 7;
        }
    }

    /** An unsigned value known to fit an int. */
    public int readInt() {
        return (int) readUnsigned();
    }

    public long readSigned() {
        long v = readUnsigned();
        return (v >>> 1) ^ -(v & 1);
    }

    public long readFixed(int bytes) {
        if (limit - at >= bytes) { // all in this block: no check per byte
            byte[] b = block;
            int i = at;
            long v = 0;
            for (int s = 0; s < bytes; s++) {
                v |= (long) (b[i + s] & 0xFF) << (8 * s);
            }
            at = i + bytes;
            return v;
        }
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v |= (long) readByte() << (8 * i);
        }
        return v;
    }
}
