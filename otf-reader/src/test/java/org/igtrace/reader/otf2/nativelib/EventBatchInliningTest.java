package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 38 (the default command on one core): {@link EventBatch#decode}'s loop is compiled twice by C2 (on the
 * stack, then as a method), with whatever it inlines. The records other than the blocking calls, Enter and
 * Leave are decoded by {@code EventBatch.other}, which must stay too large for C2 to inline into that loop:
 * a hot callee is inlined up to {@code -XX:FreqInlineSize} bytes of bytecode, 325 by default on x86-64 and
 * AArch64. Over that, a collective's end (with its profile and recorder code) is compiled once, on its own.
 * The method's bytecode length is read from the class file.
 */
class EventBatchInliningTest {
    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void theRareKindsStayOutOfTheDecodeLoop() throws IOException {
        Map<String, Integer> lengths = codeLengths(EventBatch.class);
        Integer other = lengths.get("other");
        assertNotNull(other, "EventBatch.other: " + lengths.keySet());
        assertTrue(other > FREQ_INLINE_SIZE, "EventBatch.other has " + other + " bytes of bytecode, C2 would inline it");
    }

    /** Each method's bytecode length by name (the last of a name's overloads), from the class file (JVMS 4). */
    static Map<String, Integer> codeLengths(Class<?> type) throws IOException {
        try (InputStream raw = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            assertNotNull(raw, type + "'s class file");
            DataInputStream in = new DataInputStream(raw);
            in.readInt(); // magic
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 3, 4 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++; // a long or double takes two entries
                    }
                    case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException("constant pool tag " + tag);
                }
            }
            in.readUnsignedShort(); // access
            in.readUnsignedShort(); // this
            in.readUnsignedShort(); // super
            in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
            int fields = in.readUnsignedShort();
            for (int f = 0; f < fields; f++) {
                in.skipNBytes(6);
                skipAttributes(in);
            }
            Map<String, Integer> lengths = new HashMap<>();
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.readUnsignedShort(); // access
                String name = utf8[in.readUnsignedShort()];
                in.readUnsignedShort(); // descriptor
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (attribute.equals("Code")) {
                        in.readUnsignedShort(); // max stack
                        in.readUnsignedShort(); // max locals
                        int code = in.readInt();
                        lengths.put(name, code);
                        in.skipNBytes(length - 8L);
                    } else {
                        in.skipNBytes(length);
                    }
                }
            }
            return lengths;
        }
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.readUnsignedShort();
            in.skipNBytes(in.readInt());
        }
    }
}
