package org.igtrace.reader.otf1;

import org.igtrace.reader.TraceFormat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.igtrace.core.util.LongIntMap;
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
    /**
     * The streams in the order the master file lists them, in primitive tables (20 bytes a stream, where a record and
     * its array took 52: a trace may declare 10^6, issue 41 item 6): stream {@code s}'s id, and its processes
     * {@code processIds[firstProcess[s]]} up to {@code firstProcess[s + 1]}.
     */
    private final long[] streamIds;
    private final int[] firstProcess;
    private final long[] processIds;
    /**
     * The data files of the streams beside the master file, by stream id ({@link #EVENTS}, {@link #EVENTS_Z},
     * {@link #DEFINITIONS}, {@link #DEFINITIONS_Z} bits), from one listing of the folder: a look-up per file and
     * stream cost 11 s of system time at 10^6 streams. Null until first needed, or when the folder cannot be listed
     * (then each file is looked up).
     */
    private transient LongIntMap listed;
    private transient boolean listingTried;
    private static final int EVENTS = 1, EVENTS_Z = 2, DEFINITIONS = 4, DEFINITIONS_Z = 8;

    private Otf1FileSet(Path master, String stub, long[] streamIds, int[] firstProcess, long[] processIds) {
        this.master = master.toString();
        this.stub = stub;
        this.streamIds = streamIds;
        this.firstProcess = firstProcess;
        this.processIds = processIds;
    }

    /** The master file's streams while it is read. */
    private static final class Streams {
        long[] ids = new long[16];
        int[] first = new int[17];
        long[] processes = new long[16];
        int count;

        void add(long id, long[] listedProcesses) {
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, count * 2);
                first = Arrays.copyOf(first, count * 2 + 1);
            }
            int start = first[count];
            if (start + listedProcesses.length > processes.length) {
                processes = Arrays.copyOf(processes, Math.max(processes.length * 2, start + listedProcesses.length));
            }
            System.arraycopy(listedProcesses, 0, processes, start, listedProcesses.length);
            ids[count] = id;
            first[count + 1] = start + listedProcesses.length;
            count++;
        }
    }

    /**
     * {@code streams} with each stream once, as libotf reads a master file: a stream named on several lines holds the
     * processes of all of them, each once, in the order first listed (a line repeated made igtrace read its stream twice:
     * its messages counted twice, a second thread made up for its process, exit 0). The streams as they are when none
     * repeats (nearly always: no copy).
     */
    private static Streams merged(Streams streams) {
        long[] sorted = Arrays.copyOf(streams.ids, streams.count);
        Arrays.sort(sorted);
        boolean repeated = false;
        for (int i = 1; i < sorted.length && !repeated; i++) {
            repeated = sorted[i] == sorted[i - 1];
        }
        for (int i = 0; i < streams.count && !repeated; i++) {
            repeated = Arrays.stream(streams.processes, streams.first[i], streams.first[i + 1]).distinct().count()
                    != streams.first[i + 1] - streams.first[i];
        }
        if (!repeated) {
            return streams;
        }
        java.util.Map<Long, java.util.LinkedHashSet<Long>> byStream = new java.util.LinkedHashMap<>();
        for (int i = 0; i < streams.count; i++) {
            java.util.LinkedHashSet<Long> own = byStream.computeIfAbsent(streams.ids[i], k -> new java.util.LinkedHashSet<>());
            for (int k = streams.first[i]; k < streams.first[i + 1]; k++) {
                own.add(streams.processes[k]);
            }
        }
        Streams once = new Streams();
        byStream.forEach((id, processes) -> once.add(id, processes.stream().mapToLong(Long::longValue).toArray()));
        return once;
    }

    static Otf1FileSet open(Path master) throws TraceReadException {
        String name = master.getFileName().toString();
        String stub = name.endsWith(".otf") ? name.substring(0, name.length() - 4) : name;
        Streams listed = new Streams();
        // line by line, each at most LineSource.MAX_LINE: a 2 GB master was "Required array size too large" (issue 41 item 7)
        Otf1Line cursor = new Otf1Line();
        try (InputStream in = Files.newInputStream(master)) {
            LineSource.forEachLine(in, (buf, start, end) -> {
                int stop = end > start && buf[end - 1] == '\r' ? end - 1 : end; // a line ending in \r\n, as String.lines() read it
                readStream(new String(buf, start, stop - start, StandardCharsets.ISO_8859_1), cursor, listed);
                return true;
            });
        } catch (IOException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            throw new TraceReadException(master + (m.startsWith("truncated") ? ": truncated: the master file ends in the middle of a line"
                    : m.startsWith("line ") ? ": " + m : ": cannot read (" + m + ")"));
        }
        if (listed.count == 0) {
            throw new TraceReadException(master + ": the OTF master file lists no streams");
        }
        Streams streams = merged(listed);
        int n = streams.count;
        return new Otf1FileSet(master, stub, Arrays.copyOf(streams.ids, n), Arrays.copyOf(streams.first, n + 1),
                Arrays.copyOf(streams.processes, streams.first[n]));
    }

    /** Adds the stream a line of the master file lists, if it lists one. */
    private static void readStream(String line, Otf1Line cursor, Streams streams) {
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
        streams.add(stream, cursor.list());
    }

    Path master() {
        return Path.of(master);
    }

    /** The streams the master file lists, in its order (each made when asked: see {@link #streamIds}). */
    List<Stream> streams() {
        return new java.util.AbstractList<>() {
            @Override
            public Stream get(int s) {
                return Otf1FileSet.this.stream(s);
            }

            @Override
            public int size() {
                return streamIds.length;
            }
        };
    }

    int streamCount() {
        return streamIds.length;
    }

    Stream stream(int s) {
        return new Stream(streamIds[s], Arrays.copyOfRange(processIds, firstProcess[s], firstProcess[s + 1]));
    }

    long streamId(int s) {
        return streamIds[s];
    }

    int streamProcessCount(int s) {
        return firstProcess[s + 1] - firstProcess[s];
    }

    /** The {@code i}th process stream {@code s} lists. */
    long streamProcess(int s, int i) {
        return processIds[firstProcess[s] + i];
    }

    /** The global definitions file, plain or compressed, or null when neither exists. */
    Path globalDefinitions() {
        return existing(stub + ".0.def");
    }

    Path events(long stream) {
        return mayExist(stream, EVENTS | EVENTS_Z) ? existing(stub + "." + Long.toHexString(stream) + ".events") : null;
    }

    Path localDefinitions(long stream) {
        return mayExist(stream, DEFINITIONS | DEFINITIONS_Z) ? existing(stub + "." + Long.toHexString(stream) + ".def") : null;
    }

    /** Whether the folder's listing holds one of the stream's files {@code kinds} names (true when it could not be listed). */
    private synchronized boolean mayExist(long stream, int kinds) {
        if (!listingTried) {
            listingTried = true;
            listed = listing();
        }
        return listed == null || (listed.get(stream, 0) & kinds) != 0;
    }

    /** The streams' data files beside the master file ({@code STUB.<hex>.events[.z]} or {@code .def[.z]}), or null. */
    private LongIntMap listing() {
        LongIntMap found = new LongIntMap();
        String prefix = stub + ".";
        Path folder = master().toAbsolutePath().getParent();
        if (folder == null) {
            return null;
        }
        try (java.nio.file.DirectoryStream<Path> siblings = Files.newDirectoryStream(folder)) {
            for (Path f : siblings) {
                String name = f.getFileName().toString();
                if (!name.startsWith(prefix)) {
                    continue;
                }
                int dot = name.indexOf('.', prefix.length());
                if (dot < 0) {
                    continue;
                }
                String suffix = name.substring(dot);
                int kind = switch (suffix) {
                    case ".events" -> EVENTS;
                    case ".events.z" -> EVENTS_Z;
                    case ".def" -> DEFINITIONS;
                    case ".def.z" -> DEFINITIONS_Z;
                    default -> 0;
                };
                String hex = name.substring(prefix.length(), dot);
                if (kind == 0 || hex.isEmpty() || hex.length() > 16) {
                    continue;
                }
                long stream;
                try {
                    stream = Long.parseUnsignedLong(hex, 16);
                } catch (NumberFormatException e) {
                    continue;
                }
                if (Long.toHexString(stream).equals(hex)) { // the name looked up: lower case, no leading zeros
                    found.put(stream, found.get(stream, 0) | kind);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return found;
    }

    /**
     * The events files of this trace ({@code NAME.<hex>.events[.z]} beside the master file) whose
     * stream the master file does not list: a master file cut short leaves some out. Memory: the files there, not the
     * streams listed (a million declared with three present reads in a small heap).
     */
    List<Path> unlistedEvents() throws TraceReadException {
        Pattern events = Pattern.compile(
                Pattern.quote(stub) + "\\.([0-9a-fA-F]{1,15})\\.events(\\.z)?");
        List<Path> there;
        try (java.util.stream.Stream<Path> siblings = Files.list(master().toAbsolutePath().getParent())) {
            there = siblings.filter(f -> events.matcher(f.getFileName().toString()).matches()).sorted().toList();
        } catch (IOException e) {
            throw new TraceReadException(master() + ": cannot list its directory (" + org.igtrace.reader.IoReason.of(e) + ")");
        }
        LongIntMap place = new LongIntMap(); // stream id -> its file's place in there
        for (int i = 0; i < there.size(); i++) {
            Matcher m = events.matcher(there.get(i).getFileName().toString());
            if (m.matches()) {
                place.put(Long.parseLong(m.group(1), 16), i);
            }
        }
        boolean[] listedThere = new boolean[there.size()];
        for (long id : streamIds) {
            int i = place.get(id, -1);
            if (i >= 0) {
                listedThere[i] = true;
            }
        }
        List<Path> unlisted = new ArrayList<>();
        for (int i = 0; i < there.size(); i++) {
            if (!listedThere[i]) {
                unlisted.add(there.get(i));
            }
        }
        return unlisted;
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

    /**
     * Opens a file of the set, inflating it when it is a {@code .z} file. A plain events file of no byte is damage, as an
     * empty {@code .z} one is ({@link ZlibBlockInputStream}): libotf writes a stream's file with its records, each after
     * the process switch {@code *P}; one emptied (a failed copy, a full disk) was read as processes that recorded
     * nothing, exit 0.
     */
    static InputStream openData(Path file) throws IOException {
        if (file.getFileName().toString().endsWith(".events") && Files.isRegularFile(file) && Files.size(file) == 0) {
            throw new IOException("empty: truncated (an OTF events file holds at least its processes' records)");
        }
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        if (!file.getFileName().toString().endsWith(".z")) {
            return raw;
        }
        InputStream inflated = new ZlibBlockInputStream(raw);
        // an events file whose zlib data inflate to no byte is the plain empty one: refused alike (it was read as processes
        // that recorded nothing, where the plain file of no byte is refused)
        return file.getFileName().toString().endsWith(".events.z") ? new NotEmpty(inflated) : inflated;
    }

    /** An events file's inflated bytes, refused as empty when they end before the first byte. */
    private static final class NotEmpty extends java.io.FilterInputStream {
        private boolean any;

        NotEmpty(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            return seen(b < 0 ? -1 : 1) < 0 ? -1 : b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return seen(super.read(b, off, len));
        }

        private int seen(int n) throws IOException {
            if (n > 0) {
                any = true;
            } else if (n < 0 && !any) {
                throw new IOException("empty: truncated (its zlib data hold no byte; an OTF events file holds at least its"
                        + " processes' records)");
            }
            return n;
        }
    }
}
