package org.igtrace.formats.timeline;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Protocol Buffers' wire format, the part a trace writer needs: varints, fixed64 and
 * length-delimited fields (strings, nested messages) into a growable buffer that holds one message
 * at a time. A nested message's length is written in front of it when it ends (a byte is reserved;
 * a longer length moves the message's bytes on). {@link #packetTo} writes the buffer as one
 * repeated field 1 of the enclosing message (a {@code Trace}'s {@code packet}) and empties it.
 */
final class ProtoBuffer {
    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH = 2;

    private byte[] bytes = new byte[256];
    private int size;
    private final int[] open = new int[16];
    private int depth;

    int size() {
        return size;
    }

    void tag(int field, int wireType) {
        varint((long) field << 3 | wireType);
    }

    void varint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    void uint(int field, long v) {
        tag(field, VARINT);
        varint(v);
    }

    void fixed64(int field, long v) {
        tag(field, FIXED64);
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
    }

    void string(int field, String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        tag(field, LENGTH);
        varint(utf8.length);
        ensure(utf8.length);
        System.arraycopy(utf8, 0, bytes, size, utf8.length);
        size += utf8.length;
    }

    /** Starts nested message {@code field}; {@link #end()} closes it. */
    void begin(int field) {
        tag(field, LENGTH);
        ensure(1);
        open[depth++] = size++;
    }

    void end() {
        int mark = open[--depth];
        int length = size - mark - 1;
        int extra = varintSize(length) - 1;
        if (extra > 0) {
            ensure(extra);
            System.arraycopy(bytes, mark + 1, bytes, mark + 1 + extra, length);
            size += extra;
        }
        int at = mark;
        long v = length;
        while ((v & ~0x7FL) != 0) {
            bytes[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[at] = (byte) v;
    }

    /** Writes what the buffer holds as field 1 (length-delimited) to {@code out}, and empties it. */
    void packetTo(OutputStream out) throws IOException {
        if (depth != 0) {
            throw new IllegalStateException("a nested message is still open");
        }
        int length = size;
        byte[] head = new byte[11];
        int h = 0;
        head[h++] = 0x0A;
        long v = length;
        while ((v & ~0x7FL) != 0) {
            head[h++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        head[h++] = (byte) v;
        out.write(head, 0, h);
        out.write(bytes, 0, length);
        size = 0;
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
