package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.igtrace.reader.otf2.nativelib.Otf2AnchorProperties;
import org.igtrace.reader.spill.TempFolders;

/**
 * The anchor the events are read through: libotf2 fills a buffer of the anchor's event chunk size
 * for every event reader it makes (a memset of 1 MiB per location in Score-P's archives, 16 MiB in
 * EZTrace's), whatever the file's size, and takes that size from the anchor alone. When every event
 * file is smaller than the chunk size, each holds one chunk (a writer fills a chunk before it starts
 * the next, and writes only the used part of the last), which a reader with a smaller buffer reads
 * the same. So for an archive of many small event files, or of chunks much larger than its files
 * (EZTrace's), the events are read through a copy of the anchor saying a smaller event chunk size
 * (the smallest power of two from libotf2's least, 256 KiB, that holds the largest file), in a
 * private temporary folder beside links to the archive's folder and global definitions. The copy is
 * used only when libotf2 reads it back with that chunk size and the same definition chunk size;
 * otherwise, and below {@link #FROM} files when it saves less than {@link #SAVING} per reader,
 * the archive's own anchor. Messages name the archive's own files (and the copy's folder, where libotf2's words
 * named a file in it). The copy's folder is removed when
 * the read ends ({@link #close}) and, when a signal (SIGTERM, SIGINT, SIGHUP) ends the JVM during the
 * read, by a shutdown hook; after a SIGKILL by a later run ({@link TempFolders}).
 */
final class ReadingAnchor implements AutoCloseable {
    /** libotf2's least chunk size (OTF2_CHUNK_SIZE_MIN). */
    static final long SMALLEST = 256L << 10;
    /** From this many event files on (fewer gain less than the copy costs); property {@code igtrace.otf2.smallChunksFrom}. */
    static final int FROM = 1024;
    /**
     * From this many bytes less per event reader's buffer on, whatever the number of files: the first buffer of a
     * reading thread is on fresh pages (a page fault per 4 KiB: 4,096 for EZTrace's 16 MiB, 30-45 ms on a VM whose
     * faults cost 7-11 us, against a few ms for the copy), and libotf2 fills every buffer. Property
     * {@code igtrace.otf2.smallChunksSaving} (MiB; negative: never for this reason alone).
     */
    static final long SAVING = 8L << 20;
    /** The most of an anchor file copied (an anchor holds a few hundred bytes). */
    private static final int MAX_ANCHOR = 1 << 20;

    private final Path path;
    private final Removal folder;
    private final long chunk;

    /** {@link #FROM}, or the property {@code igtrace.otf2.smallChunksFrom}. */
    static int from() {
        return Integer.getInteger("igtrace.otf2.smallChunksFrom", FROM);
    }

    /** {@link #SAVING}, or the property {@code igtrace.otf2.smallChunksSaving} (MiB). */
    static long saving() {
        Long mib = Long.getLong("igtrace.otf2.smallChunksSaving");
        return mib == null ? SAVING : mib < 0 || mib > Long.MAX_VALUE >> 20 ? Long.MAX_VALUE : mib << 20;
    }

    private ReadingAnchor(Path path, Removal folder, long chunk) {
        this.path = path;
        this.folder = folder;
        this.chunk = chunk;
    }

    /** The copy's event chunk size, or 0 when the events are read through the archive's own anchor. */
    long chunk() {
        return chunk;
    }

    /** The anchor to read the events through. */
    Path path() {
        return path;
    }

    /** The event chunk size libotf2 reads with through {@link #path()}, or 0 when libotf2 cannot tell. */
    long eventChunkSize() {
        long[] sizes = Otf2AnchorProperties.chunkSizes(path);
        return sizes == null ? 0 : sizes[0];
    }

    /**
     * @param chunkSizes  the archive's event and definition chunk sizes (null: libotf2 cannot tell)
     * @param files       the event files to read
     * @param largestFile the largest of them, bytes
     */
    static ReadingAnchor of(Path anchor, long[] chunkSizes, int files, long largestFile) {
        TempFolders.removeStaleOnce(); // every OTF2 read sweeps what a crashed one left, whether or not it makes a copy
        ReadingAnchor own = new ReadingAnchor(anchor, null, 0);
        if (chunkSizes == null || largestFile < 0) {
            return own;
        }
        long chunk = SMALLEST;
        while (chunk < largestFile) {
            chunk <<= 1;
        }
        if (chunk >= chunkSizes[0] || files < from() && chunkSizes[0] - chunk < saving()) {
            return own;
        }
        Removal removal = null;
        try {
            if (Files.size(anchor) > MAX_ANCHOR) {
                return own;
            }
            byte[] bytes = Files.readAllBytes(anchor);
            if (!replace(bytes, chunkSizes[0], chunkSizes[1], chunk)) {
                return own;
            }
            String file = anchor.getFileName().toString();
            if (!file.endsWith(".otf2")) {
                return own;
            }
            String name = file.substring(0, file.length() - 5);
            Path absolute = anchor.toAbsolutePath();
            removal = new Removal();
            Path folder = removal.create();
            Files.createSymbolicLink(folder.resolve(name), absolute.resolveSibling(name));
            Files.createSymbolicLink(folder.resolve(name + ".def"), absolute.resolveSibling(name + ".def"));
            // links that do not lead to the archive's files (a temporary folder on a nosymfollow mount,
            // one swept by another run) would read as a damaged trace: then the archive's own anchor
            if (!Files.isSameFile(folder.resolve(name), absolute.resolveSibling(name))
                    || !Files.isSameFile(folder.resolve(name + ".def"), absolute.resolveSibling(name + ".def"))) {
                removal.run();
                return own;
            }
            Path copy = Files.write(folder.resolve(file), bytes);
            long[] read = Otf2AnchorProperties.chunkSizes(copy);
            if (read == null || read[0] != chunk || read[1] != chunkSizes[1]) {
                removal.run();
                return own;
            }
            return new ReadingAnchor(copy, removal, chunk);
        } catch (IOException | RuntimeException e) {
            if (removal != null) {
                removal.run();
            }
            return own; // no temporary folder, or the anchor unreadable (libotf2 says why when it opens it)
        }
    }

    /**
     * Replaces, in the anchor's bytes, the event chunk size {@code events} written before the definition chunk size
     * {@code definitions} (two 64-bit numbers of the anchor's byte order) by {@code chunk}; only when that pair occurs
     * once.
     */
    static boolean replace(byte[] bytes, long events, long definitions, long chunk) {
        for (boolean little : new boolean[] {true, false}) {
            byte[] pair = new byte[16];
            put(pair, 0, events, little);
            put(pair, 8, definitions, little);
            int at = -1;
            for (int i = 0; i + 16 <= bytes.length; i++) {
                if (java.util.Arrays.equals(bytes, i, i + 16, pair, 0, 16)) {
                    if (at >= 0) {
                        return false;
                    }
                    at = i;
                }
            }
            if (at >= 0) {
                put(bytes, at, chunk, little);
                return true;
            }
        }
        return false;
    }

    private static void put(byte[] bytes, int at, long value, boolean little) {
        for (int i = 0; i < 8; i++) {
            bytes[at + (little ? i : 7 - i)] = (byte) (value >>> (8 * i));
        }
    }

    /** Removes the copy and its links (not what they point to). */
    @Override
    public void close() {
        if (folder != null) {
            folder.run();
        }
    }

    /**
     * The copy's folder and the shutdown hook that removes it when the JVM ends during the read (a signal):
     * the hook is registered before the folder is made, so no moment leaves a folder without one (a shutdown
     * already under way refuses the hook, and then no folder is made).
     */
    private static final class Removal implements Runnable {
        private final Thread hook = new Thread(this, "igtrace-anchor-copy-removal");
        private volatile Path folder;

        Path create() throws IOException {
            Runtime.getRuntime().addShutdownHook(hook);
            folder = TempFolders.create("igtrace-reader");
            return folder;
        }

        /** Removes the folder; run by {@link #close} (and then the hook is withdrawn) or as the hook. */
        @Override
        public void run() {
            Path f = folder;
            if (f != null) {
                delete(f);
            }
            if (Thread.currentThread() != hook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook runs, or ran, and finds the folder gone
                }
            }
        }
    }

    private static void delete(Path folder) {
        try (var entries = Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                Files.deleteIfExists(p); // a link itself, never its target
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a later run removes a folder of a process that is gone (TempFolders)
        }
    }
}
