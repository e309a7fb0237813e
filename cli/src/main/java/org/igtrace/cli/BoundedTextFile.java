package org.igtrace.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The lines of a small text file an option names ({@code --placement}, {@code --hosts}): read as
 * {@link Files#readAllLines} reads them (UTF-8, refused when not), but at most {@link #MAX_BYTES}. A file of zeros, a
 * device or a large sparse file had the whole of it read into memory, about 50 s and 3-4 GB, to end in the advice to give
 * igtrace more memory for the trace.
 */
final class BoundedTextFile {
    /** 64 MiB: a placement of a million ranks takes about 8 MB, a host file of as many nodes about 20 MB. */
    static final int MAX_BYTES = 64 << 20;

    private BoundedTextFile() {
    }

    /**
     * @param file the file
     * @param limit the most bytes read ({@link #MAX_BYTES} but in tests)
     * @return its lines, without their ends
     * @throws TooLarge when it holds more than {@code limit} bytes
     * @throws CharacterCodingException when its bytes are not UTF-8
     * @throws IOException when it cannot be read
     */
    static List<String> lines(Path file, int limit) throws IOException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(limit + 1);
        }
        if (bytes.length > limit) {
            throw new TooLarge();
        }
        String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            return r.lines().toList();
        }
    }

    /** A file larger than the bound: not the small text file the option takes. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;
    }

    /** The one line for a file over the bound. */
    static String tooLarge(String option, Path file, String holds) {
        return option + " " + file + ": more than " + (MAX_BYTES >> 20) + " MiB, not a file of " + holds;
    }
}
