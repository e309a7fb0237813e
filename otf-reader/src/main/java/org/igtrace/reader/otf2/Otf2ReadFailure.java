package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.reader.TraceReadException;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;
import org.igtrace.reader.otf2.nativelib.Otf2Files;

/**
 * A libotf2 failure as the user reads it: the file libotf2 was reading (anchor, global
 * definitions, an event or local definition file), whether it is missing, empty or damaged, and
 * libotf2's own words in parentheses. Failures not about a file are named after the anchor.
 */
final class Otf2ReadFailure {
    private Otf2ReadFailure() {
    }

    static TraceReadException of(Path anchor, Otf2Exception e) {
        return of(anchor, e, location -> null);
    }

    /**
     * As {@link #of(Path, Otf2Exception)}, an events file's location named with its name too ({@code events of location
     * 1, "Master thread"}), as the checks before the read name it.
     *
     * @param names a location's name by its id, null when not known
     */
    static TraceReadException of(Path anchor, Otf2Exception e, java.util.function.LongFunction<String> names) {
        Path file = e.file();
        if (file == null) {
            return new TraceReadException(anchor + ": " + e.getMessage());
        }
        String state = state(file);
        String role = role(anchor, file, names);
        if (e.libotf2Words() == null) { // igtrace's own finding: libotf2 read the file without a word
            return new TraceReadException(file + ": " + e.getMessage() + " (" + (role == null ? "" : role + "; ") + e.why() + ")");
        }
        if (state.equals("missing")) {
            return new TraceReadException(file + ": missing" + (role == null ? "" : " (" + role + ")"));
        }
        return new TraceReadException(file + ": " + state + " (" + (role == null ? "" : role + "; ") + "libotf2: " + e.libotf2Words() + ")");
    }

    /** What the file holds: "global definitions", "events of location 3", ...; null when not known. */
    static String role(Path anchor, Path file) {
        return role(anchor, file, location -> null);
    }

    /** As {@link #role(Path, Path)}, a location named with its name too when {@code names} knows it. */
    static String role(Path anchor, Path file, java.util.function.LongFunction<String> names) {
        Otf2Files files = new Otf2Files(anchor);
        String name = file.getFileName().toString();
        String stem = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
        if (file.equals(anchor)) {
            return "anchor file";
        } else if (file.equals(files.globalDefinitions())) {
            return "global definitions";
        } else if (files.directory().equals(file.getParent()) && name.endsWith(".evt")) {
            return "events of location " + stem + named(stem, names);
        } else if (files.directory().equals(file.getParent()) && name.endsWith(".def")) {
            return "local definitions of location " + stem + named(stem, names);
        }
        return null;
    }

    /** {@code , "NAME"} of the location whose files are named {@code stem}, or nothing. */
    private static String named(String stem, java.util.function.LongFunction<String> names) {
        String name;
        try {
            name = names.apply(Long.parseLong(stem));
        } catch (NumberFormatException e) {
            return "";
        }
        return name == null ? "" : ", \"" + name + "\"";
    }

    /** Throws when the archive's global definitions file is there but cut short (see Otf2Files.complete). */
    static void requireCompleteGlobalDefinitions(Path anchor) throws TraceReadException {
        Otf2Files files = new Otf2Files(anchor);
        Path file = files.globalDefinitions();
        if (Files.exists(file) && !files.complete(file)) {
            String state = state(file);
            throw new TraceReadException(file + ": " + state + " (global definitions"
                    + (DAMAGED.equals(state) ? "; " + LocationFileCheck.NO_END : "") + ")");
        }
    }

    /** What {@link #state} says of a file there, readable, and not empty that libotf2 could not read. */
    static final String DAMAGED = "damaged or truncated";

    /**
     * {@code detail} (what was found wrong inside the file) where {@code state} is {@link #DAMAGED}, else null: a file
     * missing, empty or not readable has no inside to speak of.
     */
    static String insideDetail(String state, String detail) {
        return DAMAGED.equals(state) ? detail : null;
    }

    /**
     * "missing", "empty", "not readable (permission denied)" or "damaged or truncated": what is wrong with a file libotf2
     * could not read (a file the user may not read is not damaged: copying the archive again would not help).
     */
    static String state(Path file) {
        try {
            if (!Files.exists(file)) {
                for (String packed : new String[] {".gz", ".bz2", ".xz", ".zst"}) {
                    Path beside = file.resolveSibling(file.getFileName() + packed);
                    if (Files.isRegularFile(beside)) { // copied compressed: libotf2 reads only the file itself
                        return "missing (" + beside.getFileName() + " is there: decompress it)";
                    }
                }
                return "missing";
            }
            if (Files.isDirectory(file)) {
                return "not a regular file (a directory)";
            }
            if (!Files.isRegularFile(file)) {
                return "not a regular file (a named pipe or device)";
            }
            if (!Files.isReadable(file)) {
                return "not readable (permission denied)";
            }
            return Files.size(file) == 0 ? "empty" : DAMAGED;
        } catch (IOException e) {
            return "unreadable";
        }
    }
}
