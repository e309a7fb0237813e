package org.igtrace.reader.otf2.nativelib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The files of an OTF2 archive written with the POSIX substrate: the anchor {@code NAME.otf2}, the
 * global definitions {@code NAME.def} beside it, and per location {@code NAME/<location>.evt} and
 * the local definitions {@code NAME/<location>.def} (mapping tables, clock offsets).
 */
public record Otf2Files(Path anchor) {
    /** The directory {@code NAME/} holding the per-location files. */
    public Path directory() {
        return anchor.resolveSibling(name());
    }

    public Path globalDefinitions() {
        return anchor.resolveSibling(name() + ".def");
    }

    public Path events(long location) {
        return directory().resolve(location + ".evt");
    }

    public Path localDefinitions(long location) {
        return directory().resolve(location + ".def");
    }

    /**
     * Whether a definitions or events file ends as libotf2 ends every file it writes: an
     * end-of-file record (2) and an end-of-buffer mark (1). A file cut short does not (unless cut
     * right after those two bytes inside a record, which is rare). libotf2 itself parses on past
     * the end of a short last chunk, and loops for ever on some files cut in their second or later
     * chunk, so this is checked before libotf2 reads the file.
     */
    public static boolean endsComplete(Path file) {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            ByteBuffer end = ByteBuffer.allocate(2);
            if (size < 2 || channel.read(end, size - 2) != 2) {
                return false;
            }
            return end.get(0) == 2 && end.get(1) == 1;
        } catch (IOException e) {
            return false;
        }
    }

    private String name() {
        String name = anchor.getFileName().toString();
        return name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name;
    }
}
