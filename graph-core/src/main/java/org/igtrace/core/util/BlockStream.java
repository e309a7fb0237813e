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
    /** The bytes of the {@link #waiting} blocks (their number times the block size): the position without the deque's size. */
    private long waitingBytes;
    /** Stream offset of the first byte of the oldest waiting block (or of {@link #current} if none). */
    private long waitingStart;
    private byte[] current;
    private int length;
    /** The earliest offset still held (Long.MAX_VALUE: none). */
    private long held = Long.MAX_VALUE;
    private boolean sealed;

    public BlockStream(RecordBlocks store) {
        this(store, BLOCK);
    }

    public BlockStream(RecordBlocks store, int blockSize) {
        this.store = store;
        this.blockSize = blockSize;
    }

    /** The offset the next byte will have. */
    public long position() {
        return waitingStart + waitingBytes + length;
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
        putUnsigned(zigzag(v));
    }

    /** {@code v} as {@link #putSigned} writes it unsigned: small negative values small. */
    public static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    /**
     * A byte and a non-negative long: what {@link #putByte} and {@link #putUnsigned} write, with one check for room (a
     * record written at once keeps the code the JIT inlines at each writer small; the path across a block is a method of
     * its own).
     */
    public void putRecord(int head, long a) {
        byte[] c = current;
        int at = length;
        if (c != null && at <= blockSize - 11) {
            c[at] = (byte) head;
            length = varint(c, at + 1, a);
            return;
        }
        putAcross(head, a);
    }

    /** A byte and two non-negative longs, as {@link #putRecord(int, long)}. */
    public void putRecord(int head, long a, long b) {
        byte[] c = current;
        int at = length;
        if (c != null && at <= blockSize - 21) {
            c[at] = (byte) head;
            length = varint(c, varint(c, at + 1, a), b);
            return;
        }
        putAcross(head, a, b);
    }

    /** A byte and three non-negative longs, as {@link #putRecord(int, long)}. */
    public void putRecord(int head, long a, long b, long d) {
        byte[] c = current;
        int at = length;
        if (c != null && at <= blockSize - 31) {
            c[at] = (byte) head;
            length = varint(c, varint(c, varint(c, at + 1, a), b), d);
            return;
        }
        putAcross(head, a, b, d);
    }

    /** A byte and {@code zeros} zero bytes (at most 16): a fixed field to {@link #patch} later, as {@link #putFixed} writes it. */
    public void putZeros(int head, int zeros) {
        byte[] c = current;
        int at = length;
        if (c != null && at <= blockSize - 1 - zeros) {
            c[at] = (byte) head;
            for (int i = 1; i <= zeros; i++) {
                c[at + i] = 0;
            }
            length = at + 1 + zeros;
            return;
        }
        putByte(head);
        putFixed(0, zeros);
    }

    /** {@code v} in 7-bit groups at {@code at} of {@code c} (room checked); returns the offset after it. */
    private static int varint(byte[] c, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            c[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        c[at] = (byte) v;
        return at + 1;
    }

    private void putAcross(int head, long a) {
        putByte(head);
        putUnsigned(a);
    }

    private void putAcross(int head, long a, long b) {
        putByte(head);
        putUnsigned(a);
        putUnsigned(b);
    }

    private void putAcross(int head, long a, long b, long d) {
        putByte(head);
        putUnsigned(a);
        putUnsigned(b);
        putUnsigned(d);
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
        long currentStart = waitingStart + waitingBytes;
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
            waitingBytes += blockSize;
            flush();
        }
        current = store.newBlock(blockSize);
        length = 0;
    }

    /** Puts every waiting block that holds no held byte. */
    private void flush() {
        while (!waiting.isEmpty() && held >= waitingStart + blockSize) {
            add(store.put(waiting.pollFirst(), blockSize));
            waitingStart += blockSize;
            waitingBytes -= blockSize;
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
        if (!sealed) {
            throw new IllegalStateException("the stream is not sealed");
        }
        return new BlockStreamReader(store, Arrays.copyOf(handles, blockCount), blockSize);
    }
}
