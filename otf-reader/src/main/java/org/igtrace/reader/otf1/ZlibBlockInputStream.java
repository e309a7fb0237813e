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
 */
final class ZlibBlockInputStream extends InputStream {
    private final InputStream in;
    private final Inflater inflater = new Inflater();
    private final byte[] input = new byte[64 * 1024];
    private int lastInputLength;
    private boolean inputEnded;

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
                if (remaining > 0) {
                    inflater.setInput(input, consumedUpTo, remaining);
                }
                continue;
            }
            if (inflater.needsDictionary()) {
                throw new IOException("corrupt zlib data (a preset dictionary is required)");
            }
            if (inflater.needsInput()) {
                if (inputEnded) {
                    return -1;
                }
                int r = in.read(input);
                if (r < 0) {
                    inputEnded = true;
                    return -1;
                }
                lastInputLength = r;
                inflater.setInput(input, 0, r);
            }
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
