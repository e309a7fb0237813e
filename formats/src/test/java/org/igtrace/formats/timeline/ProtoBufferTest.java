package org.igtrace.formats.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The wire format by hand: varints, fixed64, and nested lengths that need a second byte. */
class ProtoBufferTest {
    @Test
    void varintsAndFixed64AreProtobufsWireFormat() throws Exception {
        ProtoBuffer b = new ProtoBuffer();
        b.uint(8, 300);          // tag 8 << 3 | 0 = 0x40; 300 = 0b10_0101100 -> 0xAC 0x02
        b.fixed64(47, 1);        // tag 47 << 3 | 1 = 377 -> 0xF9 0x02; then 8 bytes little-endian
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        b.packetTo(out);         // field 1, length 3 + 10 = 13
        assertArrayEquals(new byte[] {0x0A, 13, 0x40, (byte) 0xAC, 0x02, (byte) 0xF9, 0x02, 1, 0, 0, 0, 0, 0, 0, 0},
                out.toByteArray());
        assertEquals(0, b.size());
    }

    @Test
    void aNestedMessageOver127BytesMovesItsContentForItsLength() throws Exception {
        ProtoBuffer b = new ProtoBuffer();
        b.begin(60);             // tag 60 << 3 | 2 = 482 -> 0xE2 0x03
        b.begin(3);              // tag 0x1A
        b.string(6, "x".repeat(300)); // tag 0x32, length 300 -> 0xAC 0x02, 300 bytes
        b.end();                 // 1 + 2 + 300 = 303 -> 0xAF 0x02
        b.uint(12, 5);           // tag 0x60, 5
        b.end();                 // 1 + 2 + 303 + 2 = 308 -> 0xB4 0x02
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        b.packetTo(out);         // field 1, length 2 + 2 + 308 = 312 -> 0xB8 0x02
        byte[] bytes = out.toByteArray();
        assertArrayEquals(new byte[] {0x0A, (byte) 0xB8, 0x02, (byte) 0xE2, 0x03, (byte) 0xB4, 0x02, 0x1A, (byte) 0xAF, 0x02, 0x32,
                (byte) 0xAC, 0x02, 'x'}, Arrays.copyOf(bytes, 14));
        assertArrayEquals(new byte[] {'x', 0x60, 5}, Arrays.copyOfRange(bytes, bytes.length - 3, bytes.length));
        assertEquals(3 + 312, bytes.length);
    }
}
