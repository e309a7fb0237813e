package org.igtrace.reader.otf2.nativelib;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * The files of an OTF2 archive written with the POSIX substrate: the anchor {@code NAME.otf2}, the
 * global definitions {@code NAME.def} beside it, and per location {@code NAME/<location>.evt} and
 * the local definitions {@code NAME/<location>.def} (mapping tables, clock offsets).
 */
public record Otf2Files(Path anchor) {
    private static final java.util.concurrent.atomic.AtomicLong OPENED = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @return how many times igtrace's own checks opened a file of this JVM's archives so far
     *         (libotf2's opens not counted; tests see that each location's files are opened once)
     */
    public static long filesOpened() {
        return OPENED.get();
    }

    /** {@code file} opened for reading, counted in {@link #filesOpened()}. */
    static FileChannel open(Path file) throws IOException {
        OPENED.incrementAndGet();
        if (!Files.isRegularFile(file)) { // a named pipe in its place: the open waited for a writer for ever
            throw Files.exists(file) ? new NotRegularFile(file) : new NoSuchFileException(file.toString());
        }
        return FileChannel.open(file);
    }

    /** A file of the archive that is a named pipe or a device: opened, it would wait for a writer for ever. */
    static final class NotRegularFile extends IOException {
        private static final long serialVersionUID = 1L;

        NotRegularFile(Path file) {
            super(file + ": not a regular file");
        }
    }

    /** Counts an open made elsewhere ({@link FolderChecks}) in {@link #filesOpened()}. */
    static void counted() {
        OPENED.incrementAndGet();
    }

    /**
     * The checks of the locations' files before the read, with the folder opened once
     * ({@link FolderChecks}); to be closed.
     */
    public FolderChecks folderChecks() {
        return new FolderChecks(this);
    }
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
     * Whether a definitions or events file of this archive is complete as libotf2 reads it: its
     * last chunk's records end with the end-of-file record (and the end-of-buffer mark libotf2
     * writes after it), whatever follows them ({@link Otf2FileEnd}; the chunk sizes come from the
     * anchor). A file cut short is not. libotf2 itself parses on past the end of a short last
     * chunk, and loops for ever on some files cut in their second or later chunk, so this is
     * checked before libotf2 reads the file. An event file that ends with those two bytes is taken
     * as complete without walking its last chunk (up to 16 MiB: 0.3 s for 64 files of 0.66 MB on
     * a cold JVM), as before: one cut right after a 02 01 inside a record (about 1 in 250 cuts of
     * Score-P's event files) still passes; definition files are always walked.
     */
    public boolean complete(Path file) {
        return complete(file, Otf2AnchorProperties.chunkSizes(anchor));
    }

    /** {@link #complete} for many files of this archive, with the chunk sizes read from the anchor once. */
    public Predicate<Path> completeness() {
        long[] chunkSizes = Otf2AnchorProperties.chunkSizes(anchor);
        return file -> complete(file, chunkSizes);
    }

    /**
     * {@link #complete} for the event files of this archive whose sizes are known (the check's stat of each): no
     * second look-up of the size (an fstat per location, 10^5 of them at 10^5 processes).
     */
    public EventsCheck eventsCheck() {
        long[] chunkSizes = Otf2AnchorProperties.chunkSizes(anchor);
        Path directory = directory();
        return (location, size) -> {
            try (FileChannel channel = open(directory.resolve(location + ".evt"))) {
                return complete(channel, size, chunkSizes, true);
            } catch (IOException e) {
                return false;
            }
        };
    }

    /**
     * What is wrong with the numbering of the chunks of {@code location}'s event file ({@link Otf2FileEnd#chunkNumbering}),
     * or null: said in place of a missing end-of-file record when the file ends as written.
     *
     * @param location a location
     * @return the problem in words, or null
     */
    public String chunkProblem(long location) {
        long[] chunkSizes = Otf2AnchorProperties.chunkSizes(anchor);
        if (chunkSizes == null) {
            return null;
        }
        try (FileChannel channel = open(directory().resolve(location + ".evt"))) {
            return Otf2FileEnd.chunkNumbering(channel, channel.size(), chunkSizes[0]);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * How many events {@code location}'s event file numbers: the last event's number in its last chunk header (libotf2
     * numbers a file's events from 1 across its chunks), or -1 when its chunk headers cannot be read. libotf2 ends a file
     * at an end-of-file record wherever it meets one, so a damaged byte that reads as one (EZTrace's archives, whose
     * definitions announce no count to check) gave a shorter good file without a word; and a record repeated or put in
     * by damage is read as one more event, also without a word (a collective's end read twice left its instance
     * incomplete and its wait out): the reader compares the events it read with this number.
     *
     * @param location  a location
     * @param chunkSize the event chunk size the file was read with
     * @return the number of events its chunk headers give, or -1
     */
    public long numberedEvents(long location, long chunkSize) {
        try (FileChannel channel = open(directory().resolve(location + ".evt"))) {
            return Otf2FileEnd.lastEventNumber(channel, chunkSize);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Whether a location's event file, {@code size} bytes long, is complete ({@link #complete}). */
    @FunctionalInterface
    public interface EventsCheck {
        boolean complete(long location, long size);
    }

    /** A location's local definitions file as {@link LocalDefinitionsCheck} finds it with one open. */
    public enum LocalDefinitions {
        /** not there */
        MISSING,
        /** libotf2's empty file ({@link EmptyLocalDefinitions}): complete, and nothing for libotf2 to read */
        EMPTY,
        /** complete, holding definitions */
        COMPLETE,
        /** cut short, or not readable */
        CUT
    }

    /** {@link LocalDefinitions} of the locations of this archive, with the chunk sizes read from the anchor once. */
    public LocalDefinitionsCheck localDefinitionsCheck() {
        long[] chunkSizes = Otf2AnchorProperties.chunkSizes(anchor);
        Path directory = directory();
        return location -> {
            try (FileChannel channel = open(directory.resolve(location + ".def"))) {
                if (EmptyLocalDefinitions.holdsNone(channel)) { // one read, no fstat: nearly every file is libotf2's empty one
                    return LocalDefinitions.EMPTY;
                }
                return complete(channel, channel.size(), chunkSizes, false) ? LocalDefinitions.COMPLETE : LocalDefinitions.CUT;
            } catch (NoSuchFileException e) {
                return LocalDefinitions.MISSING;
            } catch (IOException e) {
                return LocalDefinitions.CUT;
            }
        };
    }

    /**
     * Whether a location's local definitions file is there, holds libotf2's empty definitions, is
     * complete ({@link #complete}) or not: the file opened once, where finding the same took a test
     * of its existence, the walk of its last chunk, and two more opens (the test for libotf2's empty
     * file before the check for damage and again before the read) on a 10^5-location trace.
     */
    @FunctionalInterface
    public interface LocalDefinitionsCheck {
        LocalDefinitions of(long location);
    }

    /**
     * With no chunk sizes (libotf2 cannot open the anchor, and says so when the archive is opened),
     * a file is taken as complete when it ends as libotf2 ends every file: the end-of-file record
     * and the end-of-buffer mark.
     */
    private static boolean complete(Path file, long[] chunkSizes) {
        boolean events = file.getFileName().toString().endsWith(".evt");
        try (FileChannel channel = open(file)) {
            return complete(channel, channel.size(), chunkSizes, events);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean complete(FileChannel channel, long size, long[] chunkSizes, boolean events) throws IOException {
        if (events && chunkSizes != null && Otf2FileEnd.chunkNumbering(channel, size, chunkSizes[0]) != null) {
            return false; // a chunk lost or moved: read as a shorter good file otherwise
        }
        if (events && Otf2FileEnd.endsAsWritten(channel, size)) {
            // a file of several chunks has its last chunk walked too: a damaged byte in it (a zero: an end-of-chunk
            // record with no chunk after it) kept the end bytes and made libotf2 read for ever
            return chunkSizes == null || size <= chunkSizes[0] || Otf2FileEnd.endOfFileRecordFound(channel, chunkSizes[0], true);
        }
        if (chunkSizes == null) {
            return Otf2FileEnd.endsAsWritten(channel, size);
        }
        return Otf2FileEnd.endOfFileRecordFound(channel, chunkSizes[events ? 0 : 1], events);
    }

    private String name() {
        String name = anchor.getFileName().toString();
        return name.endsWith(".otf2") ? name.substring(0, name.length() - 5) : name;
    }
}
