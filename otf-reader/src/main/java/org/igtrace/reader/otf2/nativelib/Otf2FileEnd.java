package org.igtrace.reader.otf2.nativelib;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Whether an OTF2 file (definitions or events) holds its end-of-file record where libotf2 looks
 * for it. libotf2 writes a file as chunks of the archive's chunk size (the last one cut to what it
 * holds), each opening with an 18-byte header (type 3, the byte order 0x42 or 0x23, two 8-byte
 * event numbers) and holding records: in event files a timestamp (type 5 and 8 bytes; definition
 * files have none, their type 5 is a record like the others), the end of the chunk (0:
 * go on at the next chunk), the end of the file (2), an event holding one compressed integer (its
 * type, the integer's size byte and that many bytes), or any other record as its type, a length
 * byte (0xff: an 8-byte length follows) and that many bytes. libotf2 reads the records of the last
 * chunk up to its end-of-file record and never looks past it, so bytes after it (a trailing newline
 * added by a tool that copied the archive) do not matter; a file cut anywhere before it does: the
 * walk runs out of bytes, or meets the end of a chunk with no chunk after it. libotf2 writes the
 * end-of-buffer mark (1) right after the end-of-file record; a file that lost only that last byte
 * is read, as libotf2 reads it: nothing it reads is lost (issue 34 item 1).
 */
final class Otf2FileEnd {
    private static final int END_OF_CHUNK = 0;
    private static final int END_OF_BUFFER = 1;
    private static final int END_OF_FILE = 2;
    private static final int CHUNK_HEADER = 3;
    private static final int TIMESTAMP = 5;
    private static final int HEADER_SIZE = 18;
    /**
     * The event records that hold a single compressed integer and no length byte (libotf2's
     * "singleton" events): Enter 12, Leave 13, MpiIsendComplete 16, MpiIrecvRequest 17,
     * MpiRequestTest 20, MpiRequestCancelled 21, OmpFork 24, OmpTaskCreate 28, OmpTaskSwitch 29,
     * OmpTaskComplete 30, RmaWinCreate 35, RmaWinDestroy 36, ThreadTeamBegin 55, ThreadTeamEnd 56,
     * CallingContextLeave 67, IoDestroyHandle 70, ProgramEnd 84. Their size byte reads as a length
     * too, except 0xff (an undefined value, no byte follows).
     */
    private static final boolean[] SINGLETON = new boolean[85];

    static {
        for (int type : new int[] {12, 13, 16, 17, 20, 21, 24, 28, 29, 30, 35, 36, 55, 56, 67, 70, 84}) {
            SINGLETON[type] = true;
        }
    }

    private Otf2FileEnd() {
    }

    /**
     * Whether the last chunk of the file (the last one from the end that opens with a chunk header:
     * bytes after the end-of-file record may reach past a chunk boundary) ends its records with the
     * end-of-file record and the end-of-buffer mark within the file.
     */
    static boolean endOfFileRecordFound(FileChannel channel, long chunkSize, boolean events) throws IOException {
        long size = channel.size();
        if (chunkSize <= 0 || chunkSize > Integer.MAX_VALUE - 8) {
            return endsAsWritten(channel, size);
        }
        ByteBuffer header = ByteBuffer.allocate(2);
        for (long start = (size - 1) / chunkSize * chunkSize; start >= 0; start -= chunkSize) {
            header.clear();
            if (size - start >= HEADER_SIZE && readFully(channel, header, start) && header.get(0) == CHUNK_HEADER
                    && order(header.get(1)) != null) {
                ByteBuffer chunk = lastChunk((int) Math.min(size - start, chunkSize));
                return readFully(channel, chunk, start) && endOfFileInChunk(chunk.array(), chunk.limit(), order(header.get(1)), events);
            }
        }
        return endsAsWritten(channel, size);
    }

    /**
     * The number of the last event the file's last chunk header gives (libotf2 numbers a file's events from 1 across its
     * chunks, so this is how many events it wrote), or -1 when the file has no chunk header to read it from.
     *
     * @param channel the event file
     * @param chunkSize the archive's event chunk size
     * @return the last event's number, or -1
     * @throws IOException when the file cannot be read
     */
    static long lastEventNumber(FileChannel channel, long chunkSize) throws IOException {
        long size = channel.size();
        if (chunkSize <= 0) {
            return -1;
        }
        ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE);
        for (long start = (size - 1) / chunkSize * chunkSize; start >= 0; start -= chunkSize) {
            header.clear();
            if (size - start >= HEADER_SIZE && readFully(channel, header, start) && header.get(0) == CHUNK_HEADER
                    && order(header.get(1)) != null) {
                return header.order(order(header.get(1))).getLong(10);
            }
        }
        return -1;
    }

    /**
     * A file whose first chunk header is damaged is not walked: libotf2 stops at that header and
     * says so ("This is no chunk header!"), which names the damage better, unless the file does not
     * even end as libotf2 ends every file (the end-of-file record and the end-of-buffer mark).
     */
    static boolean endsAsWritten(FileChannel channel, long size) throws IOException {
        ByteBuffer end = ByteBuffer.allocate(2);
        return size >= 2 && readFully(channel, end, size - 2) && end.get(0) == END_OF_FILE && end.get(1) == END_OF_BUFFER;
    }

    /**
     * What is wrong with the numbering of an event file's chunks, or null when nothing is: each chunk header holds the
     * numbers of its first and last events, the first chunk's first is 1 and each chunk goes on where the one before it
     * ended, as libotf2 writes them. libotf2 reads chunks in their order without looking at the numbers, so a file that
     * lost its first chunk, or whose chunks were swapped, reads as a shorter or reordered good one (otf2-print printed
     * 85 of a location's 12,000 enters without a word). A chunk whose header is not one is left to libotf2, which
     * refuses it ("This is no chunk header!").
     *
     * @param channel the event file
     * @param size its size in bytes
     * @param chunkSize the archive's event chunk size
     * @return the problem in words, or null
     * @throws IOException when the file cannot be read
     */
    static String chunkNumbering(FileChannel channel, long size, long chunkSize) throws IOException {
        if (chunkSize <= 0) {
            return null;
        }
        ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE);
        long expected = 1;
        for (long start = 0, chunk = 1; start + HEADER_SIZE <= size; start += chunkSize, chunk++) {
            header.clear();
            if (!readFully(channel, header, start)) {
                return null;
            }
            String problem = chunkNumbering(header.array(), expected, chunk, start);
            if (problem != null) {
                return problem;
            }
            ByteOrder order = order(header.get(1));
            if (header.get(0) != CHUNK_HEADER || order == null) {
                return null;
            }
            expected = header.order(order).getLong(10) + 1;
        }
        return null;
    }

    /**
     * {@link #chunkNumbering} of one chunk's 18-byte header: null when it is not a chunk header or starts at event
     * {@code expected}.
     *
     * @param header the chunk's first 18 bytes
     * @param expected the number its first event should have
     * @param chunk the chunk's place in the file, from 1
     * @param start its offset in the file
     * @return the problem in words, or null
     */
    static String chunkNumbering(byte[] header, long expected, long chunk, long start) {
        ByteOrder order = header.length < HEADER_SIZE || header[0] != CHUNK_HEADER ? null : order(header[1]);
        if (order == null) {
            return null;
        }
        long first = ByteBuffer.wrap(header).order(order).getLong(2), last = ByteBuffer.wrap(header).order(order).getLong(10);
        if (first == expected && last >= first - 1) {
            return null;
        }
        // no order of chunks gives such a chunk: its header is what is wrong (its first event after its last, or the first
        // the one expected and a last no file holds: 2^63 events or more)
        boolean firstAfterLast = first != 0 && Long.compareUnsigned(first - 1, last) > 0;
        if (firstAfterLast || first == expected) {
            return "chunk " + chunk + "'s header (at byte " + start + ") is damaged: it numbers its events " + Long.toUnsignedString(first)
                    + " to " + Long.toUnsignedString(last) + (firstAfterLast ? ", a first after the last" : ", more than a file holds");
        }
        return "its chunks are not in order: chunk " + chunk + " (at byte " + start + ") holds events " + Long.toUnsignedString(first)
                + " to " + Long.toUnsignedString(last) + ", where event " + expected + " comes next" + (chunk == 1 ? " (a chunk before it lost?)" : "");
    }

    /**
     * Why an event file whose chunk headers number {@code numbered} events gave {@code held}: a damaged part read as the
     * file's end, records put in by damage, or, when the numbered events need more than the file's {@code bytes} (an
     * event takes 2 bytes at least, its type and length), a damaged chunk header (its events may be whole).
     *
     * @param held the events libotf2 read
     * @param numbered the events the chunk headers number
     * @param bytes the file's size
     * @return the reason in words
     */
    static String miscount(long held, long numbered, long bytes) {
        if (held < numbered && numbered / 2 > bytes) {
            return "more than its " + bytes + " bytes can hold: a chunk header's numbers are damaged, which libotf2 reads without a word";
        }
        return held < numbered ? "libotf2 reads a damaged part as the end of the file, without a word"
                : "libotf2 reads records repeated or put in by damage without a word";
    }

    private static boolean readFully(FileChannel channel, ByteBuffer buffer, long at) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, at + buffer.position()) < 0) {
                return false;
            }
        }
        return true;
    }

    private static ByteOrder order(byte mark) {
        return mark == 0x42 ? ByteOrder.LITTLE_ENDIAN : mark == 0x23 ? ByteOrder.BIG_ENDIAN : null;
    }

    /**
     * A buffer of {@code bytes} for a last chunk, this thread's from the file before when it is as large: a fresh
     * chunk-sized array for each of a trace's event files (1 MB each, most of them new pages of the heap) was about two
     * thirds of the walks' time before the first event on a 64-location trace of 9.4 M events.
     */
    private static ByteBuffer lastChunk(int bytes) {
        SoftReference<ByteBuffer> ref = LAST_CHUNK.get();
        ByteBuffer kept = ref == null ? null : ref.get();
        if (kept == null || kept.capacity() < bytes) {
            kept = ByteBuffer.allocate(bytes);
            if (bytes <= KEPT_CHUNK_BYTES) {
                LAST_CHUNK.set(new SoftReference<>(kept));
            }
        }
        return kept.clear().limit(bytes);
    }

    /** The largest last-chunk buffer a thread keeps (libotf2's default event chunk is 1 MB, its definitions' 4 MB). */
    private static final int KEPT_CHUNK_BYTES = 4 << 20;

    /** Per thread, its buffer; softly, so that a long-lived thread (a Spark driver's) gives it up when memory runs short. */
    private static final ThreadLocal<SoftReference<ByteBuffer>> LAST_CHUNK = new ThreadLocal<>();

    /** Whether {@code chunk}'s first {@code end} bytes, a file's last chunk, hold its end-of-file record. */
    private static boolean endOfFileInChunk(byte[] chunk, int end, ByteOrder order, boolean events) {
        int at = HEADER_SIZE;
        while (at < end) {
            int type = chunk[at++] & 0xff;
            if (type == END_OF_FILE) {
                return true; // what follows it, libotf2's end-of-buffer mark included, is never read
            } else if (type == TIMESTAMP && events) {
                at += 8;
            } else if (events && type < SINGLETON.length && SINGLETON[type]) {
                if (at >= end) {
                    return false;
                }
                int size = chunk[at++] & 0xff; // a compressed integer: its size byte, that many bytes (none for 0xff)
                if (size > 9 && size != 0xff || size != 0xff && size >= end - at) {
                    return false;
                }
                at += size == 0xff ? 0 : size;
            } else if (type == END_OF_CHUNK || type == CHUNK_HEADER || type == END_OF_BUFFER) {
                return false; // the end of this chunk, with no chunk after it; or no record at all
            } else {
                if (at >= end) {
                    return false;
                }
                long length = chunk[at++] & 0xff;
                if (length == 0xff) {
                    if (end - at < 8) {
                        return false;
                    }
                    length = ByteBuffer.wrap(chunk, at, 8).order(order).getLong();
                    at += 8;
                }
                if (length < 0 || length >= end - at) {
                    return false; // the record reaches past the file: cut short
                }
                at += (int) length;
            }
        }
        return false;
    }
}
