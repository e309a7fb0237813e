package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into {@code \n}-terminated lines without copying them: each line is handed
 * to the consumer as a range of a reusable buffer. A final line without its {@code \n} is left out,
 * as libotf does (OTF1-FORMAT section 2: a cut-off file cannot be told from a whole one).
 */
final class LineSource {
    /** Receives one line: {@code buf[start, end)}, without the newline. Returns false to stop reading. */
    interface LineConsumer {
        boolean line(byte[] buf, int start, int end) throws IOException;
    }

    private LineSource() {
    }

    /** Reads every complete line; returns the number of bytes in a final incomplete line (0 if none). */
    static int forEachLine(InputStream in, LineConsumer consumer) throws IOException {
        byte[] buf = new byte[256 * 1024];
        int start = 0, filled = 0;
        while (true) {
            if (filled == buf.length) {
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, filled - start);
                    filled -= start;
                    start = 0;
                } else {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2); // one line longer than the buffer
                }
            }
            int scanFrom = filled;
            int r = in.read(buf, filled, buf.length - filled);
            if (r < 0) {
                return filled - start;
            }
            filled += r;
            for (int i = scanFrom; i < filled; i++) {
                if (buf[i] == '\n') {
                    if (!consumer.line(buf, start, i)) {
                        return 0;
                    }
                    start = i + 1;
                }
            }
            if (start == filled) {
                start = filled = 0;
            }
        }
    }
}
