package org.igtrace.reader;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.DirectoryStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/** The trace formats igtrace reads, recognised by content (definitions section 1). */
public enum TraceFormat {
    /**
     * OTF2: the anchor file starts with {@code \x03}, a byte-order mark ({@code B} little-endian,
     * {@code #} big-endian: the only two libotf2 accepts) and the string {@code OTF2}.
     */
    OTF2,
    /** OTF (version 1): the master file holds text lines {@code stream:process-ids} in hexadecimal. */
    OTF1;

    /** libotf2's chunk-header byte and its two byte-order marks (OTF2_Buffer.h). */
    private static final byte OTF2_HEADER = 0x03;
    private static final byte OTF2_LITTLE_ENDIAN = 'B';
    private static final byte OTF2_BIG_ENDIAN = '#';
    private static final byte[] OTF2_MAGIC = {'O', 'T', 'F', '2'};
    /**
     * A line of an OTF master file. Compiled on the first OTF check, not with this class: the JDK's regular expressions
     * are its first lambdas, which link its method-handle machinery (about 10 ms), and an OTF2 trace is found before
     * libotf2's preload starts on another thread.
     */
    private static final class MasterLine {
        static final Pattern PATTERN = Pattern.compile("[ \\t]*[0-9a-f]+[ \\t]*:[0-9a-f, \\t]*|[ \\t]*i[0-9a-f]*:.*");
    }

    /** The located trace: its format and the file readers open (anchor or master file). */
    public record Located(TraceFormat format, Path file) {
    }

    /**
     * Tests set this to let a named pipe through as a trace (the crash tests hold igtrace inside
     * libotf2's open() with one) or as an OTF events file (holding the read for as long as they need).
     */
    public static final String TEST_PIPE_PROPERTY = "igtrace.test.pipeAsTrace";

    /**
     * What is wrong with a path that names nothing because Java could not decode its bytes: a name
     * that is not valid UTF-8 (a byte 0xff) reaches Java with U+FFFD in its place, so it names
     * another file. The launcher, and igtrace under {@code java -jar} on Linux (cli's RawArguments),
     * pass such a path as an alias; this is the word where that could not be done, which said
     * "no such file or directory".
     */
    public static final String UNDECODABLE = "not valid UTF-8 (shown as \uFFFD), so Java cannot open or create it under this name; "
            + "rename it, or give it through a symbolic link whose name is UTF-8";

    /**
     * @param path a path from the command line
     * @return whether it holds U+FFFD, the character Java puts in place of bytes that are not UTF-8
     */
    public static boolean undecodable(Path path) {
        return path.toString().indexOf('\uFFFD') >= 0;
    }

    /** What is wrong with a symbolic link that names nothing: its target missing, or a loop of links (ELOOP). */
    private static String link(Path path) {
        try {
            path.toRealPath();
            return "no such file or directory";
        } catch (java.nio.file.NoSuchFileException e) {
            return "a symbolic link to a file or directory that does not exist";
        } catch (java.io.IOException e) {
            return "a loop of symbolic links (too many levels of symbolic links)";
        }
    }

    /**
     * Finds the trace at {@code path}: an anchor or master file, or a directory holding exactly
     * one (a Score-P experiment directory, an EZTrace output directory). A named pipe or device is
     * refused: a trace is files read more than once.
     */
    public static Located locate(Path path) throws TraceReadException {
        if (!Files.exists(path)) {
            throw new TraceReadException(path + ": " + (undecodable(path) ? UNDECODABLE : Files.isSymbolicLink(path) ? link(path)
                    : "no such file or directory"));
        }
        if (Files.isDirectory(path)) {
            // loops, not streams: this runs on the command's thread before libotf2's preload starts, and a stream's
            // first lambdas link the JDK's method-handle machinery (about 10 ms at start-up)
            List<Path> named = new ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(path)) {
                for (Path file : files) {
                    if (namedAsTrace(file) && Files.isRegularFile(file)) {
                        named.add(file);
                    }
                }
            } catch (IOException | java.nio.file.DirectoryIteratorException e) {
                throw new TraceReadException(path + ": cannot list the directory (" + (e instanceof IOException io ? IoReason.of(io)
                        : e.getMessage()) + ")");
            }
            Collections.sort(named);
            List<Located> found = new ArrayList<>();
            for (Path file : named) {
                Located l = detectQuietly(file);
                if (l != null) {
                    found.add(l);
                }
            }
            if (found.isEmpty() && named.size() == 1) {
                return locate(named.get(0)); // a file named as a trace that is none: say what is wrong with it
            }
            if (found.isEmpty()) {
                String hint = anchorHint(path.resolveSibling(path.getFileName() + ".otf2"));
                throw new TraceReadException(path + ": directory holds no OTF2 anchor file (*.otf2) and no OTF master file (*.otf)"
                        + (hint.isEmpty() ? tracesBelow(path) : hint));
            }
            if (found.size() > 1) {
                throw new TraceReadException(path + ": directory holds " + found.size() + " traces ("
                        + String.join(", ", found.stream().map(l -> l.file().getFileName().toString()).toList())
                        + "); name one of them");
            }
            return found.get(0);
        }
        if (!Files.isRegularFile(path) && !Boolean.getBoolean(TEST_PIPE_PROPERTY)) {
            // a named pipe blocked igtrace for ever in open() (with no writer), or gave its bytes to the format check
            // and then blocked libotf2, which opens the anchor again; a trace is files read more than once
            throw new TraceReadException(path + ": not a regular file (a named pipe or device): give the trace's "
                    + "anchor file (*.otf2), master file (*.otf) or folder");
        }
        Located located = detect(path);
        if (located == null) {
            refuse(path);
            String packed = packed(path);
            if (packed != null) {
                throw new TraceReadException(path + ": " + packed);
            }
            int bad = path.getFileName().toString().endsWith(".otf") ? badMasterLine(path) : 0;
            if (bad > 0) { // a master file with a damaged line among good ones: "not a trace" said nothing of it
                throw new TraceReadException(path + ": line " + bad + " is not 'stream:process-ids' (an OTF master file's lines):"
                        + " the master file is damaged");
            }
            throw new TraceReadException(path + ": not a trace: expected an OTF2 anchor file (starting with \\x03BOTF2 or \\x03#OTF2) "
                    + "or an OTF master file (lines 'stream:process-ids')");
        }
        String name = path.getFileName().toString();
        if (located.format() == OTF2 && !name.endsWith(".otf2")) {
            // libotf2 refused it as damaged ("OTF is not supported yet!", "This no valid file extension!")
            String stem = archiveName(path, name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name);
            throw new TraceReadException(path + ": an OTF2 anchor file, but libotf2 opens an archive only through an anchor named "
                    + "NAME.otf2 (beside NAME.def and the folder NAME): rename it to " + stem + ".otf2");
        }
        return located;
    }

    private static boolean namedAsTrace(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".otf2") || name.endsWith(".otf");
    }

    private static Located detectQuietly(Path file) {
        try {
            return detect(file);
        } catch (TraceReadException e) {
            return null;
        }
    }

    static Located detect(Path file) throws TraceReadException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(4096);
        } catch (IOException e) {
            throw new TraceReadException(file + ": " + IoReason.of(e));
        }
        if (isOtf2Buffer(head) && head.length >= 2 + OTF2_MAGIC.length
                && Arrays.equals(Arrays.copyOfRange(head, 2, 2 + OTF2_MAGIC.length), OTF2_MAGIC)) {
            return new Located(OTF2, file);
        }
        String text = new String(head, StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\n");
        // the last line, when unterminated (the 4096 bytes read end inside it, or the file does: a master file cut short,
        // which the reader then calls truncated), is not judged; it was, and a cut "1:1\n2" was "not a trace"
        int complete = head.length == 4096 || !text.endsWith("\n") && lines.length > 1 ? lines.length - 1 : lines.length;
        if (complete == 0 && head.length == 4096 && lines[0].indexOf(':') > 0) {
            // one line longer than what was read: otfmerge -n 1 writes a stream of 1,050 processes or more so (2,000: 8 KB);
            // its start past the colon is judged, since a master line's end is more of the same digits and commas
            complete = 1;
        }
        boolean master = complete > 0;
        for (int i = 0; i < complete; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i]; // CRLF, as libotf reads it
            if (!line.isBlank() && !MasterLine.PATTERN.matcher(line).matches()) {
                master = false;
                break;
            }
        }
        return master && !text.isBlank() ? new Located(OTF1, file) : null;
    }

    /**
     * The number of the first complete line of {@code file} that is not a master file's, when one before or after it is
     * ({@code 1:1}); 0 when none is (the file is no master file at all) or it cannot be read.
     */
    private static int badMasterLine(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(4096);
        } catch (IOException e) {
            return 0;
        }
        String[] lines = new String(head, StandardCharsets.ISO_8859_1).split("\n");
        int first = 0;
        boolean good = false;
        for (int i = 0; i < lines.length - (head.length == 4096 ? 1 : 0); i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (line.isBlank()) {
                continue;
            }
            if (MasterLine.PATTERN.matcher(line).matches()) {
                good = true;
            } else if (first == 0) {
                first = i + 1;
            }
        }
        return good ? first : 0;
    }

    /** Whether {@code head} starts as every file libotf2 writes: chunk header and byte-order mark. */
    static boolean isOtf2Buffer(byte[] head) {
        return head.length >= 2 && head[0] == OTF2_HEADER && (head[1] == OTF2_LITTLE_ENDIAN || head[1] == OTF2_BIG_ENDIAN);
    }

    /**
     * Throws an error suggesting the archive's anchor when {@code file} is an OTF2 data file: the global definitions
     * {@code NAME.def}, or {@code NAME/<location>.evt} or {@code .def}, given where its anchor was expected. Every file
     * libotf2 writes starts with the same chunk header; only the anchor carries the string {@code OTF2} after it.
     */
    private static void refuse(Path file) throws TraceReadException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(2);
        } catch (IOException e) {
            return;
        }
        String fileName = file.getFileName().toString();
        java.util.regex.Matcher otf1 = java.util.regex.Pattern.compile("(.+)\\.[0-9a-f]+\\.(def|events|stats|snaps|marker)(\\.z)?")
                .matcher(fileName);
        if (otf1.matches() && Files.isRegularFile(file.resolveSibling(otf1.group(1) + ".otf"))) {
            throw new TraceReadException(file + ": an OTF (version 1) " + (otf1.group(2).equals("def") ? "definitions" : otf1.group(2))
                    + " file, not the trace's master file; give the master file " + file.resolveSibling(otf1.group(1) + ".otf"));
        }
        if (isOtf2Buffer(head)) {
            String name = file.getFileName().toString();
            String stem = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
            Path beside = file.resolveSibling(stem + ".otf2");
            Path parent = file.toAbsolutePath().getParent();
            Path above = parent.resolveSibling(parent.getFileName() + ".otf2");
            throw new TraceReadException(file + ": an OTF2 definitions or events file, not the archive's anchor file"
                    + anchorHint(Files.isRegularFile(beside) ? beside : above));
        }
    }

    /**
     * The name of the archive an anchor {@code anchor} renamed belongs to: the one NAME beside it with both NAME.def and a
     * folder NAME (the name libotf2 looks for them by), else {@code own} (the anchor's own name without its extension).
     */
    private static String archiveName(Path anchor, String own) {
        Path dir = anchor.toAbsolutePath().getParent();
        String name = anchor.getFileName().toString();
        List<String> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.def")) {
            for (Path def : files) {
                String n = def.getFileName().toString();
                String stem = n.substring(0, n.length() - ".def".length());
                if (Files.isDirectory(dir.resolve(stem))) {
                    found.add(stem);
                }
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            return own;
        }
        // several archives here: the one the file's name starts with (traces.otf2.bak), else its name up to the first dot
        List<String> named = found.stream().filter(f -> name.startsWith(f + ".")).toList();
        return found.size() == 1 ? found.get(0) : named.size() == 1 ? named.get(0)
                : name.indexOf('.') > 0 ? name.substring(0, name.indexOf('.')) : own;
    }

    /**
     * What {@code file} is when it is no trace but a user may take it for one: empty, or a compressed file or archive
     * (a trace copied as {@code .tar.gz}, an {@code .otf2.gz}) to unpack first; null otherwise.
     */
    private static String packed(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(262);
        } catch (IOException e) {
            return null;
        }
        if (head.length == 0) {
            return "empty: not a trace";
        }
        String kind = starts(head, 0x1f, 0x8b) ? "gzip-compressed" : starts(head, 'B', 'Z', 'h') ? "bzip2-compressed"
                : starts(head, 0xfd, '7', 'z', 'X', 'Z', 0) ? "xz-compressed" : starts(head, 0x28, 0xb5, 0x2f, 0xfd) ? "zstd-compressed"
                : starts(head, 'P', 'K', 3, 4) ? "a zip archive"
                : head.length >= 262 && new String(head, 257, 5, StandardCharsets.ISO_8859_1).equals("ustar") ? "a tar archive" : null;
        return kind == null ? null : kind + ", not a trace: unpack it first (tar xf, gunzip, unzip...) and give the trace's anchor "
                + "file (*.otf2), master file (*.otf) or folder";
    }

    private static boolean starts(byte[] head, int... bytes) {
        if (head.length < bytes.length) {
            return false;
        }
        for (int i = 0; i < bytes.length; i++) {
            if ((head[i] & 0xff) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /** "; give the anchor file X" when {@code anchor} is an OTF2 anchor file, else nothing. */
    /**
     * "; its folders hold traces (delays-4/, halo3d-16/ and 35 more): name one" where folders right inside {@code dir} hold a
     * trace each (a folder of traces given for one), else "".
     */
    private static String tracesBelow(Path dir) {
        List<String> holding = new ArrayList<>();
        try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
            for (Path sub : entries.filter(Files::isDirectory).sorted().limit(256).toList()) {
                try (java.util.stream.Stream<Path> files = Files.list(sub)) {
                    if (files.anyMatch(f -> namedAsTrace(f) && Files.isRegularFile(f))) {
                        holding.add(sub.getFileName() + "/");
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return ""; // a hint only
        }
        return holding.isEmpty() ? "" : "; its folders hold traces (" + String.join(", ", holding.subList(0, Math.min(2, holding.size())))
                + (holding.size() > 2 ? " and " + (holding.size() - 2) + " more" : "") + "): name one";
    }

    private static String anchorHint(Path anchor) {
        try {
            Located located = Files.isRegularFile(anchor) ? detect(anchor) : null;
            if (located != null && located.format() == OTF2) {
                return "; give the anchor file " + anchor;
            }
        } catch (TraceReadException e) {
            // not an anchor: no hint
        }
        return "";
    }
}
