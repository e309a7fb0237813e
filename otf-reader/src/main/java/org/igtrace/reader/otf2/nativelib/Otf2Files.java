package org.igtrace.reader.otf2.nativelib;

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

    private String name() {
        String name = anchor.getFileName().toString();
        return name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name;
    }
}
