package org.igtrace.reader.otf1;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates an OTF {@code .z} file (OTF1-FORMAT section 2): one zlib stream of deflate blocks, each
 * flush ending in {@code 00 00 ff ff}, with no final block and no Adler-32 trailer. The end of the
 * file is the end of the data; {@link java.util.zip.InflaterInputStream} would instead throw
 * {@code EOFException} there. A stream that does finish and is followed by more bytes continues as
 * a further zlib stream.
 *
 * <p>libotf writes every buffer with a full flush, so a whole file ends on the flush marker
 * {@code 00 00 ff ff} (checked on every {@code .z} file of the bundled and the 48 real traces). A
 * file that ends anywhere else, or is empty, was cut: reading it fails with an {@link IOException}
 * saying "truncated" once the data before the cut has been handed out; but {@code \r\n} after the marker (as an editor
 * or a copy may add) is taken as the end, as otfprint takes it: it would start a final block, which libotf never writes.
 * A lone {@code \n} is refused: it is also how a file cut one byte into a (fixed-Huffman) block ends.
 */
final class ZlibBlockInputStream extends InputStream {
    private static final int FULL_FLUSH_MARKER = 0x0000ffff;

    private final InputStream in;
    private final Inflater inflater = new Inflater();
    private final byte[] input = new byte[64 * 1024];
    private int lastInputLength;
    private boolean inputEnded;
    private long bytesRead;
    private long bytesSinceStreamEnd; // compressed bytes fed since the last finished zlib stream
    private int lastFourBytes;
    /** The two bytes before the last four (a line break after the marker: {@link #checkEnd}). */
    private int twoBefore;

    ZlibBlockInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new IOException("corrupt zlib data (" + e.getMessage() + ")");
            }
            if (n > 0) {
                return n;
            }
            if (inflater.finished()) {
                int remaining = inflater.getRemaining();
                if (remaining == 0 && inputEnded) {
                    return -1;
                }
                int consumedUpTo = lastInputLength - remaining;
                inflater.reset();
                bytesSinceStreamEnd = remaining;
                if (remaining > 0) {
                    inflater.setInput(input, consumedUpTo, remaining);
                }
                continue;
            }
            if (inflater.needsDictionary()) {
                throw new IOException("corrupt zlib data (a preset dictionary is required)");
            }
            if (inflater.needsInput()) {
                if (inputEnded || !fill()) {
                    return -1;
                }
            }
        }
    }

    /** Feeds the inflater the next bytes of the file; false at its end, after checking how it ends. */
    private boolean fill() throws IOException {
        int r = in.read(input);
        if (r < 0) {
            inputEnded = true;
            checkEnd();
            return false;
        }
        for (int i = Math.max(0, r - 6); i < r; i++) {
            twoBefore = (twoBefore << 8 | lastFourBytes >>> 24) & 0xffff;
            lastFourBytes = lastFourBytes << 8 | input[i] & 0xff;
        }
        bytesRead += r;
        bytesSinceStreamEnd += r;
        lastInputLength = r;
        inflater.setInput(input, 0, r);
        return true;
    }

    private void checkEnd() throws IOException {
        if (bytesRead == 0) {
            throw new IOException("empty: truncated (a .z file holds at least a zlib header and one flushed block)");
        }
        // "\r\n" after the marker (a file an editor or a copy ended with one; otfprint reads it) is no block libotf writes:
        // its first bit would start a final block, and libotf never finishes a stream; the inflater, which read it as the start
        // of a block, hands out nothing of it. A lone "\n" (0x0a) would start a fixed-Huffman block that is not final: a file
        // cut one byte into a block ends the same way, so it is refused, saying what to do if it is a line break
        boolean lineBreakAfter = lastFourBytes == (0xffff << 16 | '\r' << 8 | '\n') && twoBefore == 0;
        boolean newlineAfter = (lastFourBytes & 0xffffff) == (0xffff << 8 | '\n') && ((twoBefore & 0xff) << 8 | lastFourBytes >>> 24) == 0;
        if (bytesSinceStreamEnd > 0 && newlineAfter) {
            throw new IOException("truncated, or a line break added: the compressed data ends one byte (0x0a) after the"
                    + " full-flush marker 00 00 ff ff, as a file cut one byte into a block does; if an editor or a copy added a"
                    + " line break, remove the last byte");
        }
        if (bytesSinceStreamEnd > 0 && lastFourBytes != FULL_FLUSH_MARKER && !lineBreakAfter) {
            throw new IOException("truncated: the compressed data ends in the middle of a block, not on the full-flush"
                    + " marker 00 00 ff ff that ends every .z file libotf writes");
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
