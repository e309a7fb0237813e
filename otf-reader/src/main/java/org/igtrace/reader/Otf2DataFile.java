package org.igtrace.reader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file of an OTF2 archive given where its anchor was expected: the global definitions
 * {@code NAME.def}, or {@code NAME/<location>.evt} or {@code .def}. Every file libotf2 writes starts
 * with the same chunk header; only the anchor carries the string {@code OTF2} after it.
 */
final class Otf2DataFile {
    private Otf2DataFile() {
    }

    /** Throws an error suggesting the archive's anchor when {@code file} is an OTF2 data file. */
    static void refuse(Path file) throws TraceReadException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(2);
        } catch (IOException e) {
            return;
        }
        if (TraceFormat.isOtf2Buffer(head)) {
            String name = file.getFileName().toString();
            String stem = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
            Path beside = file.resolveSibling(stem + ".otf2");
            Path parent = file.toAbsolutePath().getParent();
            Path above = parent.resolveSibling(parent.getFileName() + ".otf2");
            throw new TraceReadException(file + ": an OTF2 definitions or events file, not the archive's anchor file"
                    + anchorHint(Files.isRegularFile(beside) ? beside : above));
        }
    }

    /** "; give the anchor file X" when {@code anchor} is an OTF2 anchor file, else nothing. */
    static String anchorHint(Path anchor) {
        try {
            TraceFormat.Located located = Files.isRegularFile(anchor) ? TraceFormat.detect(anchor) : null;
            if (located != null && located.format() == TraceFormat.OTF2) {
                return "; give the anchor file " + anchor;
            }
        } catch (TraceReadException e) {
            // not an anchor: no hint
        }
        return "";
    }
}
