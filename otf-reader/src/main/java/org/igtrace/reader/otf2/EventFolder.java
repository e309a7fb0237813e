package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.igtrace.core.util.LongIntMap;

/**
 * The folder {@code NAME/} of an OTF2 archive listed once, before the global definitions: the
 * locations whose event file {@code <location>.evt} is there as a regular file (symbolic links
 * followed), each with its size, and whether the folder holds SIONlib files ({@code *.sion}: not
 * one file per location). Each event file is looked at once, relative to the open folder (one
 * {@code fstatat}); the first missing file's refusal, the files present and their sizes (the reading
 * threads, the anchor copy's chunk size, the checks' reads of each file's end) all come from this
 * one listing, where the folder was listed twice and each event file stat'ed twice by full path
 * (issue 41 item 6).
 */
final class EventFolder {
    private static final AtomicLong LISTINGS = new AtomicLong();
    private static final AtomicLong LOOKS = new AtomicLong();

    private final long[] ids;
    private final long[] sizes;
    private final boolean sion;
    private final IOException failure;
    /** Whether the listing named a file {@code *.def} (local definitions). */
    private boolean definitions = true;

    private EventFolder(long[] ids, long[] sizes, boolean sion, IOException failure) {
        this.ids = ids;
        this.sizes = sizes;
        this.sion = sion;
        this.failure = failure;
    }

    /** How many times this JVM listed an archive's folder so far (tests see that a read lists it once). */
    static long listings() {
        return LISTINGS.get();
    }

    /** How many event files' attributes this JVM's listings read so far (tests see one look per file). */
    static long looks() {
        return LOOKS.get();
    }

    /** {@code dir} listed; null when it is not a directory, or one the user may search but not list (each file looked up by name). */
    static EventFolder of(Path dir) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        if (!Files.isExecutable(dir)) { // listed, its files could not be opened: said as such (Otf2TraceReader), not "missing"
            return new EventFolder(null, null, false, new java.nio.file.AccessDeniedException(dir.toString(), null, "not searchable"));
        }
        LISTINGS.incrementAndGet();
        long[] listed = new long[16];
        long[] listedSizes = new long[16];
        int n = 0;
        boolean definitions = false;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            SecureDirectoryStream<Path> secure = files instanceof SecureDirectoryStream<Path> s ? s : null;
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".sion")) {
                    return new EventFolder(null, null, true, null);
                }
                definitions |= name.endsWith(".def");
                long id = name.endsWith(".evt") ? location(name.substring(0, name.length() - 4)) : -1;
                long size = id >= 0 ? regularFileSize(secure, file) : -1;
                if (size >= 0) {
                    if (n == listed.length) {
                        listed = Arrays.copyOf(listed, 2 * n);
                        listedSizes = Arrays.copyOf(listedSizes, 2 * n);
                    }
                    listedSizes[n] = size;
                    listed[n++] = id;
                }
            }
        } catch (IOException e) {
            if (e instanceof java.nio.file.AccessDeniedException && Files.isExecutable(dir)) {
                return null; // may be searched, not listed (mode 311): each file looked up by its name, as libotf2 opens them
            }
            return new EventFolder(null, null, false, e);
        } catch (RuntimeException e) {
            return new EventFolder(null, null, false, new IOException(e.getMessage(), e));
        }
        LongIntMap at = new LongIntMap();
        for (int i = 0; i < n; i++) {
            at.put(listed[i], i);
        }
        long[] ids = Arrays.copyOf(listed, n);
        Arrays.sort(ids);
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = listedSizes[at.get(ids[i], 0)];
        }
        EventFolder folder = new EventFolder(ids, sizes, false, null);
        folder.definitions = definitions;
        return folder;
    }

    /**
     * Whether the listing named any file {@code *.def}: when not, no location's local definitions need be looked
     * for (an archive without them cost a look-up per location); true when the folder was not listed whole.
     */
    boolean definitionsListed() {
        return definitions;
    }

    /** The locations whose event file is there, sorted; null when the folder holds SIONlib files or could not be listed. */
    long[] ids() {
        return ids;
    }

    /** Whether the folder holds SIONlib files. */
    boolean sion() {
        return sion;
    }

    /** Why the folder could not be listed, or null. */
    IOException failure() {
        return failure;
    }

    /** The size of {@code location}'s event file as listed, or -1 when it was not there (or the folder not listed). */
    long size(long location) {
        int i = ids == null ? -1 : Arrays.binarySearch(ids, location);
        return i < 0 ? -1 : sizes[i];
    }

    private static long location(String number) {
        try {
            long id = Long.parseLong(number);
            return Long.toString(id).equals(number) ? id : -1;
        } catch (NumberFormatException e) {
            return -1; // not a location's event file
        }
    }

    /** The size of a listed file when it is a regular file (symbolic links followed), else -1; relative to the open folder when it can. */
    private static long regularFileSize(SecureDirectoryStream<Path> folder, Path file) {
        LOOKS.incrementAndGet();
        try {
            BasicFileAttributes attributes = folder != null
                    ? folder.getFileAttributeView(file.getFileName(), BasicFileAttributeView.class).readAttributes()
                    : Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.isRegularFile() ? attributes.size() : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
