package org.igtrace.reader.otf2.nativelib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether a local definitions file ({@code NAME/<location>.def}) is the one libotf2 writes for a
 * location with no definitions: 20 bytes, a chunk header (type 3, the byte order 0x42 or 0x23, the
 * 8-byte numbers of the chunk's first and last record, 1 and 0, in that order) followed at once by
 * the end-of-file record (2) and the end-of-buffer mark (1). libotf2 reads no definition from such
 * a file, and so applies no mapping table and no clock offset; but opening it costs a reader whose
 * chunk buffer, the archive's definition chunk size (256 KiB or 4 MiB from Score-P, 16 MiB from
 * EZTrace, 4 MiB from the bench's generator),
 * libotf2 allocates and fills before reading 20 bytes into it: two such fills per location
 * (the check for damage, then the read), most of a 10^5-location read (issue 41 item 6). Only these
 * exact bytes are recognised; any other file, a trailing byte more, is read by libotf2 as before.
 */
final class EmptyLocalDefinitions {
    static final int SIZE = 20;
    private static final byte[] LITTLE_ENDIAN = bytes(0x42, true);
    private static final byte[] BIG_ENDIAN = bytes(0x23, false);

    private EmptyLocalDefinitions() {
    }

    /** Whether {@code file} holds exactly libotf2's empty local definitions (false when it cannot be read). */
    static boolean holdsNone(Path file) throws Otf2Files.NotRegularFile {
        try (FileChannel channel = Otf2Files.open(file)) {
            return holdsNone(channel, channel.size());
        } catch (Otf2Files.NotRegularFile e) {
            throw e; // libotf2 would wait for a writer for ever
        } catch (IOException | RuntimeException e) {
            return false; // libotf2 says what is wrong with it
        }
    }

    /**
     * {@link #holdsNone(Path)} for a file open as {@code channel}, its size not known: one read of a byte more than
     * the empty file's, which a regular file fills unless it ends there (a read of a regular file returns fewer bytes
     * than asked only at its end), so that neither its size (an fstat) nor a second read is needed.
     */
    static boolean holdsNone(FileChannel channel) throws IOException {
        ByteBuffer content = ByteBuffer.allocate(SIZE + 1);
        if (channel.read(content, 0) != SIZE) {
            return false;
        }
        byte[] read = Arrays.copyOf(content.array(), SIZE);
        return Arrays.equals(read, LITTLE_ENDIAN) || Arrays.equals(read, BIG_ENDIAN);
    }

    /** {@link #holdsNone(Path)} for a file open as {@code channel}, {@code size} bytes long. */
    static boolean holdsNone(FileChannel channel, long size) throws IOException {
        if (size != SIZE) {
            return false;
        }
        ByteBuffer content = ByteBuffer.allocate(SIZE);
        while (content.hasRemaining()) {
            if (channel.read(content, content.position()) < 0) {
                return false;
            }
        }
        byte[] read = content.array();
        return Arrays.equals(read, LITTLE_ENDIAN) || Arrays.equals(read, BIG_ENDIAN);
    }

    /** Whether the first {@link #SIZE} bytes of {@code read} are libotf2's empty local definitions (the file's length known to be that). */
    static boolean holdsNone(byte[] read) {
        return Arrays.equals(read, 0, SIZE, LITTLE_ENDIAN, 0, SIZE) || Arrays.equals(read, 0, SIZE, BIG_ENDIAN, 0, SIZE);
    }

    /** The 20 bytes in one byte order: header (3, mark, first record 1, last record 0), end of file 2, end of buffer 1. */
    private static byte[] bytes(int mark, boolean littleEndian) {
        byte[] b = new byte[SIZE];
        b[0] = 3;
        b[1] = (byte) mark;
        b[littleEndian ? 2 : 9] = 1; // the first record's number, 1, as an 8-byte integer
        b[18] = 2;
        b[19] = 1;
        return b;
    }
}
