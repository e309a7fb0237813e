package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into {@code \n}-terminated lines without copying them: each line is handed
 * to the consumer as a range of a reusable buffer. libotf writes whole records, each ending in
 * {@code \n}; a file whose last line lacks it was cut in the middle of a record, and reading it fails
 * with an {@link IOException} saying "truncated" (libotf itself would silently drop that line).
 */
final class LineSource {
    /** Receives one line: {@code buf[start, end)}, without the newline. Returns false to stop reading. */
    interface LineConsumer {
        boolean line(byte[] buf, int start, int end) throws IOException;

        /** Called once after the last line when the file ended (not when the consumer said stop). */
        default void end() throws IOException {
        }
    }

    /**
     * The longest line read: 64 MiB. The longest OTF record is a process group listing its members
     * (about 6 bytes each: 10^7 members in 64 MiB); a longer line is damage (a file of zeros, a
     * binary file), and reading it whole took memory in proportion to it: a 1 GB line 1.6 GB, a
     * 2 GB one a NegativeArraySizeException (issue 41 item 7).
     */
    static final int MAX_LINE = 64 << 20;

    private LineSource() {
    }

    /** Reads every line; a final line without its newline is an {@link IOException} ("truncated"). */
    static void forEachLine(InputStream in, LineConsumer consumer) throws IOException {
        forEachLine(in, consumer, MAX_LINE);
    }

    /** As above with lines of at most {@code maxLine} bytes (tests give a small bound). */
    static void forEachLine(InputStream in, LineConsumer consumer, int maxLine) throws IOException {
        byte[] buf = new byte[Math.min(256 * 1024, maxLine)];
        int start = 0, filled = 0;
        long lineNumber = 0;
        while (true) {
            if (filled == buf.length) {
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, filled - start);
                    filled -= start;
                    start = 0;
                } else if (buf.length >= maxLine) {
                    throw new IOException("line " + (lineNumber + 1) + " is longer than " + (maxLine >> 20)
                            + " MB, which no OTF record is: the file is damaged, or not an OTF file");
                } else {
                    buf = java.util.Arrays.copyOf(buf, Math.min(buf.length * 2, maxLine)); // one line longer than the buffer
                }
            }
            int scanFrom = filled;
            int r = in.read(buf, filled, buf.length - filled);
            if (r < 0) {
                endOfFile(filled - start, consumer);
                return;
            }
            filled += r;
            for (int i = scanFrom; i < filled; i++) {
                if (buf[i] == '\n') {
                    lineNumber++;
                    try {
                        if (!consumer.line(buf, start, i)) {
                            return;
                        }
                    } catch (Otf1Line.Unreadable e) {
                        throw new IOException("line " + lineNumber + ": " + e.getMessage());
                    }
                    start = i + 1;
                }
            }
            if (start == filled) {
                start = filled = 0;
            }
        }
    }

    private static void endOfFile(int partialLine, LineConsumer consumer) throws IOException {
        if (partialLine > 0) {
            throw new IOException("truncated: the file ends in the middle of a record (" + partialLine
                    + (partialLine == 1 ? " byte" : " bytes") + " after the last complete line)");
        }
        consumer.end();
    }
}
