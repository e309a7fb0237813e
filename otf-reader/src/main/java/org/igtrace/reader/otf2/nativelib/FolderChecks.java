package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.LastErrorException;
import java.nio.charset.StandardCharsets;
import org.igtrace.reader.otf2.nativelib.Otf2Files.LocalDefinitions;

/**
 * The checks of every location's two files before the read ({@link Otf2Files#eventsCheck},
 * {@link Otf2Files#localDefinitionsCheck}: an event file ends as libotf2 ends its files, a local
 * definitions file is there and libotf2's empty one or complete), made with libc's {@code openat}
 * relative to the folder opened once, one {@code pread} and {@code close}: no path walked from the
 * root, no Java channel, path or exception per file. On a 10^5-location archive the Java channels
 * (a file descriptor object and its cleaner, a buffer, a path and its string per file, 2 x 10^5
 * files) were most of the main thread's time before the first event (issue 41 item 6). What the
 * fast path cannot decide (an event file that does not end with libotf2's two end bytes, local
 * definitions that hold definitions, a file that cannot be opened) goes to the Java checks, which
 * walk the last chunk as before; after the first local definitions that are not libotf2's empty
 * file (Score-P's archives hold mapping tables in each) every local definitions file goes to them
 * at once, so that none is opened twice. Files are opened counted in {@link Otf2Files#filesOpened}. Told the
 * order of the checks ({@link #ahead}), it opens each file a few locations early and has the kernel read it
 * meanwhile ({@link FileRing}): on a cold file cache a synchronous read per small file cost most of the run's
 * system time.
 */
public final class FolderChecks implements AutoCloseable {
    private final Otf2Files.EventsCheck events;
    private final Otf2Files.LocalDefinitionsCheck definitions;
    /** The folder's descriptor, or -1 when libc is not there or the folder cannot be opened: the Java checks. */
    private int folder;
    private final byte[] name = new byte[32];
    /** The folder's key in {@link ReadAheadBudget}. */
    private final String key;
    private final byte[] end = new byte[2];
    private final byte[] header = new byte[18];
    private final byte[] head = new byte[EmptyLocalDefinitions.SIZE + 1];
    private boolean definitionsInJava;
    /** The files of the next locations opened ahead ({@link #ahead}), or null. */
    private FileRing ring;

    /** The archive's event chunk size, or {@code Long.MAX_VALUE} when unknown: a file longer than it has its last chunk walked. */
    private final long eventChunkSize;

    FolderChecks(Otf2Files files) {
        events = files.eventsCheck();
        long[] chunkSizes = Otf2AnchorProperties.chunkSizes(files.anchor());
        eventChunkSize = chunkSizes == null || chunkSizes[0] <= 0 ? Long.MAX_VALUE : chunkSizes[0];
        definitions = files.localDefinitionsCheck();
        key = ReadAheadBudget.key(files.directory());
        int fd = -1;
        if (LibC.loadFailure() == null) {
            try {
                // the path's bytes as the JVM passes paths to the system (sun.jnu.encoding: UTF-8, or Latin-1 under such a locale)
                byte[] path = pathBytes(files.directory().toString());
                fd = path == null ? -1 : LibC.open(path, LibC.O_RDONLY_CLOEXEC);
            } catch (LastErrorException | UnsatisfiedLinkError | IllegalArgumentException e) {
                fd = -1;
            }
        }
        folder = fd;
    }

    /**
     * The checks will come for {@code locations[from, to)} in that order, their event files {@code sizes} long: their
     * files are opened a few ahead with the kernel asked to read them ({@link FileRing}), where it can be asked. The
     * checks say the same whatever order they come in.
     */
    public void ahead(long[] locations, long[] sizes, int from, int to) {
        if (ring != null) {
            ring.close();
        }
        ring = FileRing.over(folder, key, locations, sizes, from, to);
    }

    /** Whether the event file of {@code location}, {@code size} bytes long (as listed), is complete ({@link Otf2Files#complete}). */
    public boolean eventsComplete(long location, long size) {
        if (folder < 0 || location < 0 || size < 2 || size > eventChunkSize) { // several chunks: the Java check walks the last
            return events.complete(location, size);
        }
        int fd = open(location, true);
        if (fd < 0) {
            return events.complete(location, size); // says what is wrong, as before
        }
        try {
            if (LibC.pread(fd, end, 2, size - 2) == 2 && end[0] == 2 && end[1] == 1) {
                // the end-of-file record and the end-of-buffer mark, and the one chunk numbered from event 1 (a file
                // whose first chunk was lost ends as written too)
                return size < header.length || LibC.pread(fd, header, header.length, 0) != header.length
                        || Otf2FileEnd.chunkNumbering(header, 1, 1, 0) == null;
            }
        } finally {
            LibC.close(fd);
        }
        return events.complete(location, size); // walks its last chunk
    }

    /** {@code location}'s local definitions file as {@link Otf2Files#localDefinitionsCheck} finds it. */
    public LocalDefinitions localDefinitions(long location) {
        if (folder < 0 || location < 0 || definitionsInJava) {
            return definitions.of(location);
        }
        int fd = open(location, false);
        if (fd == -LibC.ENOENT) {
            return LocalDefinitions.MISSING;
        } else if (fd < 0) {
            return definitions.of(location);
        }
        try {
            // one read of a byte more than the empty file's: a regular file fills it unless it ends there
            long n = LibC.pread(fd, head, head.length, 0);
            if (n == EmptyLocalDefinitions.SIZE && EmptyLocalDefinitions.holdsNone(head)) {
                if (ring != null) {
                    ring.withDefinitions(location);
                }
                return LocalDefinitions.EMPTY;
            }
        } finally {
            LibC.close(fd);
        }
        definitionsInJava = true;
        if (ring != null) {
            ring.withoutDefinitions();
        }
        return definitions.of(location);
    }

    private static java.nio.charset.Charset pathEncoding() {
        String name = System.getProperty("sun.jnu.encoding");
        return name == null ? StandardCharsets.UTF_8 : java.nio.charset.Charset.forName(name);
    }

    /**
     * The folder's path as bytes ending in a NUL, or null (the Java checks) when its string may not be the folder's own
     * bytes: a U+FFFD (a name that was not valid in the path encoding, whose bytes the string has lost) or a character
     * the encoding cannot write (a lenient {@code getBytes} would put {@code ?} there and open another folder).
     */
    static byte[] pathBytes(String path) {
        if (path.indexOf('\uFFFD') >= 0 || path.indexOf('\0') >= 0) {
            return null;
        }
        try {
            java.nio.ByteBuffer b = pathEncoding().newEncoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .encode(java.nio.CharBuffer.wrap(path));
            byte[] bytes = new byte[b.remaining() + 1];
            b.get(bytes, 0, bytes.length - 1);
            return bytes;
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }

    /** Opens {@code location}'s event file ({@code events}) or local definitions in the folder, or takes it from the ring: its descriptor, or minus errno. */
    private int open(long location, boolean events) {
        int fd = ring == null ? FileRing.NONE : ring.take(location, events);
        if (fd != FileRing.NONE) {
            return fd;
        }
        fd = FileRing.openAt(folder, name, location, events ? ".evt" : ".def");
        if ((fd == -FileRing.EMFILE || fd == -FileRing.ENFILE) && ring != null) {
            ring.close(); // the ring's descriptors go before a sound file is called unreadable for want of one
            ring = null;
            fd = FileRing.openAt(folder, name, location, events ? ".evt" : ".def");
        }
        return fd;
    }

    @Override
    public void close() {
        if (ring != null) {
            ring.close();
            ring = null;
        }
        if (folder >= 0) {
            LibC.close(folder);
            folder = -1;
        }
    }
}
