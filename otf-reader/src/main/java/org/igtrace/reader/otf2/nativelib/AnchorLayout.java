package org.igtrace.reader.otf2.nativelib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What an anchor file announces that libotf2 trusts before it reads on: its properties' count. libotf2's
 * OTF2_AnchorFile.c reads, in the byte order the second byte marks ({@code B} little-endian, {@code #} big-endian), the
 * magic string, the anchor format (1 byte), the trace format and version (4), two chunk sizes (uint64), substrate and
 * compression (1 each), the numbers of locations and global definitions (uint64), the machine, creator and description
 * (NUL-terminated strings), and from anchor format 2 the properties' count (uint32) and their name and value strings.
 * It makes storage for that many properties first: one byte of the description damaged (its NUL made a letter) shifts
 * the count onto text, 1.4 billion properties, and libotf2 grew to 9 GB in 40 s without a word (otf2-print the same).
 */
final class AnchorLayout {
    private AnchorLayout() {
    }

    /**
     * The properties' count the anchor announces when it cannot hold them (each is two strings of at least their NUL), or
     * -1: a count that fits, an anchor of format 1, or one cut before the count (libotf2 refuses those itself).
     *
     * @param anchor the anchor file, at most a few MB (checked before)
     * @return the impossible count, or -1
     * @throws IOException when the file cannot be read
     */
    static long impossibleProperties(Path anchor) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(anchor));
        if (b.remaining() < 2 || b.get() != 0x03) {
            return -1;
        }
        byte mark = b.get();
        b.order(mark == '#' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        if (!skipString(b) || b.remaining() < 1) {
            return -1;
        }
        int format = b.get();
        int fixed = 4 + 8 + 8 + 2 + 8 + 8;
        if (format < 2 || b.remaining() < fixed) {
            return -1;
        }
        b.position(b.position() + fixed);
        for (int i = 0; i < 3; i++) { // machine, creator, description
            if (!skipString(b)) {
                return -1;
            }
        }
        if (b.remaining() < 4) {
            return -1;
        }
        long count = Integer.toUnsignedLong(b.getInt());
        return count * 2 > b.remaining() ? count : -1;
    }

    /** Steps over a NUL-terminated string; false when the file ends first. */
    private static boolean skipString(ByteBuffer b) {
        while (b.hasRemaining()) {
            if (b.get() == 0) {
                return true;
            }
        }
        return false;
    }
}
