package org.igtrace.reader.otf1;

import org.igtrace.reader.TraceFormat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.reader.TraceFormat;
import org.igtrace.reader.TraceReadException;

/**
 * The files of one OTF trace (OTF1-FORMAT section 1): the master file {@code NAME.otf} listing
 * which stream holds which processes, the global definitions {@code NAME.0.def}, and per stream
 * {@code NAME.<hex s>.events} and optional {@code NAME.<hex s>.def}, each plain or zlib-compressed
 * with {@code .z} appended (the plain file wins when both exist).
 */
final class Otf1FileSet implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One line of the master file: a stream and the ids of the processes whose events it holds. */
    record Stream(long id, long[] processes) implements Serializable {
    }

    private final String master;
    private final String stub;
    private final List<Stream> streams;

    private Otf1FileSet(Path master, String stub, List<Stream> streams) {
        this.master = master.toString();
        this.stub = stub;
        this.streams = streams;
    }

    static Otf1FileSet open(Path master) throws TraceReadException {
        String name = master.getFileName().toString();
        String stub = name.endsWith(".otf") ? name.substring(0, name.length() - 4) : name;
        List<Stream> streams = new ArrayList<>();
        // line by line, each at most LineSource.MAX_LINE: a 2 GB master was "Required array size too large" (issue 41 item 7)
        Otf1Line cursor = new Otf1Line();
        try (InputStream in = Files.newInputStream(master)) {
            LineSource.forEachLine(in, (buf, start, end) -> {
                int stop = end > start && buf[end - 1] == '\r' ? end - 1 : end; // a line ending in \r\n, as String.lines() read it
                readStream(new String(buf, start, stop - start, StandardCharsets.ISO_8859_1), cursor, streams);
                return true;
            });
        } catch (IOException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            throw new TraceReadException(master + (m.startsWith("truncated") ? ": truncated: the master file ends in the middle of a line"
                    : m.startsWith("line ") ? ": " + m : ": cannot read (" + m + ")"));
        }
        if (streams.isEmpty()) {
            throw new TraceReadException(master + ": the OTF master file lists no streams");
        }
        return new Otf1FileSet(master, stub, List.copyOf(streams));
    }

    /** Adds the stream a line of the master file lists, if it lists one. */
    private static void readStream(String line, Otf1Line cursor, List<Stream> streams) {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("i")) { // blank, or an IOFSL configuration line
            return;
        }
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        cursor.reset(bytes, 0, bytes.length);
        if (!Otf1Line.isHexDigit(cursor.peek())) {
            return;
        }
        long stream = cursor.hex();
        if (cursor.peek() != ':') {
            return;
        }
        cursor.reset(bytes, line.indexOf(':') + 1, bytes.length);
        streams.add(new Stream(stream, cursor.list()));
    }

    Path master() {
        return Path.of(master);
    }

    List<Stream> streams() {
        return streams;
    }

    /** The global definitions file, plain or compressed, or null when neither exists. */
    Path globalDefinitions() {
        return existing(stub + ".0.def");
    }

    Path events(long stream) {
        return existing(stub + "." + Long.toHexString(stream) + ".events");
    }

    Path localDefinitions(long stream) {
        return existing(stub + "." + Long.toHexString(stream) + ".def");
    }

    /**
     * The events files of this trace ({@code NAME.<hex>.events[.z]} beside the master file) whose
     * stream the master file does not list: a master file cut short leaves some out.
     */
    List<Path> unlistedEvents() throws TraceReadException {
        Set<Long> listed = new HashSet<>();
        streams.forEach(s -> listed.add(s.id()));
        Pattern events = Pattern.compile(
                Pattern.quote(stub) + "\\.([0-9a-fA-F]{1,15})\\.events(\\.z)?");
        try (java.util.stream.Stream<Path> siblings = Files.list(master().toAbsolutePath().getParent())) {
            return siblings.filter(f -> {
                Matcher m = events.matcher(f.getFileName().toString());
                return m.matches() && !listed.contains(Long.parseLong(m.group(1), 16));
            }).sorted().toList();
        } catch (IOException e) {
            throw new TraceReadException(master() + ": cannot list its directory (" + e.getMessage() + ")");
        }
    }

    /** The name a stream's events file would have, for messages about a missing one. */
    String eventsName(long stream) {
        return stub + "." + Long.toHexString(stream) + ".events[.z]";
    }

    private Path existing(String plainName) {
        Path plain = master().resolveSibling(plainName);
        if (Files.isRegularFile(plain) || Boolean.getBoolean(TraceFormat.TEST_PIPE_PROPERTY) && Files.exists(plain)) {
            return plain; // a named pipe only in tests: it holds the reading for as long as they need (issue 39 item 9)
        }
        Path compressed = master().resolveSibling(plainName + ".z");
        return Files.isRegularFile(compressed) ? compressed : null;
    }

    /** Opens a file of the set, inflating it when it is a {@code .z} file. */
    static InputStream openData(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        return file.getFileName().toString().endsWith(".z") ? new ZlibBlockInputStream(raw) : raw;
    }
}
