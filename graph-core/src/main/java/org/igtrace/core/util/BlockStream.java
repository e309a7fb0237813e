package org.igtrace.core.util;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * One stream of bytes written into {@link RecordBlocks} in blocks of a fixed size (the last one
 * shorter), with variable-length integers (7 bits a byte) and fixed-width fields that can be
 * patched while they are still held: the writer puts a full block into the store only when no
 * byte in it is held ({@link #hold}), so a field written before its value is known (a request
 * completed later) can be filled in. {@link BlockStreamReader} reads a sealed stream back.
 * One writer per stream, on one thread.
 */
public final class BlockStream {
    /** The default block size: what one reader keeps in memory per stream. */
    public static final int BLOCK = 32 * 1024;

    private final RecordBlocks store;
    private final int blockSize;
    private int[] handles = new int[4];
    private int blockCount;
    /** Full blocks not yet in the store (they hold held bytes), oldest first. */
    private final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
    /** Stream offset of the first byte of the oldest waiting block (or of {@link #current} if none). */
    private long waitingStart;
    /**
     * Stream offset of the first byte of {@link #current}: {@code waitingStart} and the waiting blocks' bytes, kept so that
     * {@link #position} (asked at every recorded call, for the hold) reads two fields and not the queue.
     */
    private long currentStart;
    private byte[] current;
    private int length;
    /** The earliest offset still held (Long.MAX_VALUE: none). */
    private long held = Long.MAX_VALUE;
    private boolean sealed;
    /** Whether a {@link #consumingReader} was made: its blocks are released as it reads them, so no reader may follow. */
    private boolean consumed;
    /** Whether a reader was made: a consuming reader may not follow it (the other could still be reading). */
    private boolean read;

    public BlockStream(RecordBlocks store) {
        this(store, BLOCK);
    }

    public BlockStream(RecordBlocks store, int blockSize) {
        this.store = store;
        this.blockSize = blockSize;
    }

    /** The offset the next byte will have. */
    public long position() {
        return currentStart + length;
    }

    /**
     * Keeps every byte from {@code offset} on out of the store until the hold moves on (Long.MAX_VALUE:
     * no hold), so that {@link #patch} can still change them.
     */
    public void hold(long offset) {
        held = offset;
        flush();
    }

    /** Bytes now kept back by the hold. */
    public long heldBytes() {
        return held == Long.MAX_VALUE ? 0 : position() - held;
    }

    public void putByte(int b) {
        if (current == null || length == blockSize) {
            next();
        }
        current[length++] = (byte) b;
    }

    /** A non-negative long in 7-bit groups, low first. */
    public void putUnsigned(long v) {
        byte[] c = current;
        int at = length;
        if (c != null && at <= blockSize - 10) { // room for the longest value: no check per byte
            while ((v & ~0x7FL) != 0) {
                c[at++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            c[at++] = (byte) v;
            length = at;
            return;
        }
        while ((v & ~0x7FL) != 0) {
            putByte((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        putByte((int) v);
    }

    /** Any long, zigzag-encoded so small negative values stay short. */
    public void putSigned(long v) {
        putUnsigned((v << 1) ^ (v >> 63));
    }

    /** {@code bytes} low bytes of {@code v}, little-endian; returns the field's offset for {@link #patch}. */
    public long putFixed(long v, int bytes) {
        long at = position();
        byte[] c = current;
        int end = length;
        if (c != null && end <= blockSize - bytes) { // room for the field: no check per byte
            for (int i = 0; i < bytes; i++) {
                c[end++] = (byte) (v >>> (8 * i));
            }
            length = end;
            return at;
        }
        for (int i = 0; i < bytes; i++) {
            putByte((int) (v >>> (8 * i)));
        }
        return at;
    }

    /** Overwrites the fixed field of {@code bytes} at {@code offset}, which must still be held. */
    public void patch(long offset, long v, int bytes) {
        if (offset < waitingStart || offset + bytes > position()) {
            throw new IllegalStateException("patching bytes no longer held: " + offset);
        }
        if (offset >= currentStart) { // in the block being written (a request completed soon after its post): no division per byte
            byte[] c = current;
            for (int i = 0, at = (int) (offset - currentStart); i < bytes; i++, at++) {
                c[at] = (byte) (v >>> (8 * i));
            }
            return;
        }
        for (int i = 0; i < bytes; i++) {
            long at = offset + i - waitingStart;
            int chunk = (int) (at / blockSize);
            byte[] b = chunk < waiting.size() ? nth(chunk) : current;
            b[(int) (at % blockSize)] = (byte) (v >>> (8 * i));
        }
    }

    private byte[] nth(int i) {
        var it = waiting.iterator();
        for (int k = 0; k < i; k++) {
            it.next();
        }
        return it.next();
    }

    /** The current block is full (or there is none yet): it waits for the store, a new one starts. */
    private void next() {
        if (sealed) {
            throw new IllegalStateException("the stream is sealed");
        }
        if (current != null) {
            waiting.addLast(current);
            currentStart += blockSize;
            flush();
        }
        current = store.newBlock(blockSize);
        length = 0;
    }

    /** Puts every waiting block that holds no held byte. */
    private void flush() {
        while (waitingStart < currentStart && held >= waitingStart + blockSize) { // a block waits, and no held byte is in it
            add(store.put(waiting.pollFirst(), blockSize));
            waitingStart += blockSize;
        }
    }

    private void add(int handle) {
        if (blockCount == handles.length) {
            handles = Arrays.copyOf(handles, blockCount * 2);
        }
        handles[blockCount++] = handle;
    }

    /** Ends the stream: the rest goes to the store (the last block trimmed), nothing is held any more. */
    public void seal() {
        if (sealed) {
            return;
        }
        held = Long.MAX_VALUE;
        flush();
        if (current != null && length > 0) {
            add(store.put(length == current.length ? current : Arrays.copyOf(current, length), length));
        }
        current = null;
        sealed = true;
    }

    public boolean isSealed() {
        return sealed;
    }

    /** A reader from the start of the sealed stream, with its own block buffer. */
    public BlockStreamReader reader() {
        return reader(false);
    }

    /**
     * The stream's last reader: each block is released to the store ({@link RecordBlocks#release}) once this reader has
     * its bytes, so that the store can use its room for later blocks (a run of an external sort, merged once). No reader
     * can be made after it, and it cannot follow another.
     */
    public BlockStreamReader consumingReader() {
        return reader(true);
    }

    private BlockStreamReader reader(boolean consuming) {
        if (!sealed) {
            throw new IllegalStateException("the stream is not sealed");
        }
        if (consumed) {
            throw new IllegalStateException("the stream was read by its last reader already");
        }
        if (consuming && read) {
            throw new IllegalStateException("a consuming reader after another reader of the stream");
        }
        consumed = consuming;
        read = true;
        return new BlockStreamReader(store, Arrays.copyOf(handles, blockCount), blockSize, consuming);
    }
}
