package org.igtrace.core.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads a sealed {@link BlockStream} from its start, one block at a time: a block kept in memory
 * is read where it is, a spilled one into this reader's own buffer (so a reader holds at most one
 * block, and, read record by record, one more array of a block and {@value #RECORD} bytes, where
 * the end of a block is joined to the next).
 *
 * <p>Two ways to read: value by value ({@link #hasMore}, {@link #readUnsigned} ...), each value
 * checked against the block's end; or record by record ({@link #record}, then
 * {@link #unsignedInRecord} ...), the block's end checked once per record of at most
 * {@value #RECORD} bytes. The second keeps the path across blocks out of each value's read, so
 * that the JIT compiles a reader's loop with one copy of it rather than one per value (issue 38).
 */
public final class BlockStreamReader {
    /** The longest record {@link #record} promises in one piece (bytes). */
    public static final int RECORD = 64;

    private final RecordBlocks store;
    private final int[] handles;
    private final int blockSize;
    private int next;
    private byte[] block;
    private byte[] buffer;
    private int at;
    private int limit;
    /** The rest of a block joined to the blocks after it ({@link #join}), made at the first join. */
    private byte[] joined;
    /** Whether each block is released to the store once read ({@link BlockStream#consumingReader}). */
    private final boolean consuming;
    /** The block {@link #block} is (consuming: not released yet), or -1: none, or the bytes of a join. */
    private int current = -1;

    BlockStreamReader(RecordBlocks store, int[] handles, int blockSize, boolean consuming) {
        this.store = store;
        this.handles = handles;
        this.blockSize = blockSize;
        this.consuming = consuming;
    }

    /** Whether bytes are left. */
    public boolean hasMore() {
        while (at == limit) {
            if (next == handles.length) {
                done();
                return false;
            }
            load();
        }
        return true;
    }

    /** The current block is read to its end (or its bytes copied): a consuming reader releases it. */
    private void done() {
        if (consuming && current >= 0) {
            store.release(current);
        }
        current = -1;
    }

    private void load() {
        done();
        int h = handles[next++];
        if (buffer == null && store.spilledBytes() > 0) {
            buffer = new byte[blockSize]; // spilled blocks are read into it; blocks in memory are read where they are
        }
        block = store.get(h, buffer);
        at = 0;
        limit = store.length(h);
        current = h;
    }

    /**
     * Whether bytes are left; if so, the next {@value #RECORD} bytes (or all that are left) are in
     * one piece, so that a record of at most {@value #RECORD} bytes can be read with the
     * {@code ...InRecord} methods, which do not look for the block's end.
     */
    public boolean record() {
        if (limit - at < RECORD && next < handles.length) {
            join();
        }
        if (at < limit) {
            return true;
        }
        done();
        return false;
    }

    /** Copies the rest of this block and the blocks after it, until {@value #RECORD} bytes or the end, into one array. */
    private void join() {
        byte[] j = joined;
        if (j == null) {
            j = joined = new byte[RECORD + blockSize]; // the rest is below RECORD, a block is added only while below it
        }
        int n = limit - at;
        if (n > 0) {
            System.arraycopy(block, at, j, 0, n);
        }
        done();
        while (n < RECORD && next < handles.length) {
            int h = handles[next++];
            if (buffer == null && store.spilledBytes() > 0) {
                buffer = new byte[blockSize];
            }
            byte[] b = store.get(h, buffer);
            int length = store.length(h);
            System.arraycopy(b, 0, j, n, length);
            n += length;
            if (consuming) {
                store.release(h);
            }
        }
        block = j;
        at = 0;
        limit = n;
    }

    /** A byte of the record {@link #record} found. */
    public int byteInRecord() {
        return block[at++] & 0xFF;
    }

    /** An unsigned value of the record {@link #record} found. */
    public long unsignedInRecord() {
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

    /** A signed (zigzag) value of the record {@link #record} found. */
    public long signedInRecord() {
        long v = unsignedInRecord();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A fixed field of {@code bytes} of the record {@link #record} found. */
    public long fixedInRecord(int bytes) {
        byte[] b = block;
        int i = at;
        long v = 0;
        for (int s = 0; s < bytes; s++) {
            v |= (long) (b[i + s] & 0xFF) << (8 * s);
        }
        at = i + bytes;
        return v;
    }

    public int readByte() {
        if (at == limit && !hasMore()) {
            throw new IllegalStateException("the stream ended inside a record");
        }
        return block[at++] & 0xFF;
    }

    public long readUnsigned() {
        if (limit - at >= 10) { // the whole value is in this block: no bounds checks per byte
            return unsignedInRecord();
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

    /**
     * Reads up to {@code into.length} fixed values of 8 bytes, each as {@link #readFixed readFixed(8)} reads it, into
     * {@code into} from its start: those inside one block in one loop, without a check per byte.
     *
     * @param into where the values go
     * @return how many were read: fewer than {@code into.length} only at the stream's end (0 there)
     */
    public int readLongs(long[] into) {
        int n = 0;
        while (n < into.length && hasMore()) {
            int whole = Math.min((limit - at) >>> 3, into.length - n);
            if (whole == 0) { // a value across the end of a block
                into[n++] = readFixed(8);
                continue;
            }
            byte[] b = block;
            int i = at;
            for (int end = n + whole; n < end; n++, i += 8) {
                into[n] = (long) LITTLE_ENDIAN_LONG.get(b, i);
            }
            at = i;
        }
        return n;
    }

    private static final VarHandle LITTLE_ENDIAN_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    public long readFixed(int bytes) {
        if (limit - at >= bytes) { // all in this block: no check per byte
            return fixedInRecord(bytes);
        }
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v |= (long) readByte() << (8 * i);
        }
        return v;
    }
}
