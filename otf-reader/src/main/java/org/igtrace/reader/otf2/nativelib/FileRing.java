package org.igtrace.reader.otf2.nativelib;

import com.sun.jna.LastErrorException;

/**
 * The files of the next locations to check, opened ahead of their checks with the kernel asked to read them
 * ({@code posix_fadvise(POSIX_FADV_WILLNEED)}): on a cold file cache the checks of 10^5 locations' small files, each
 * a synchronous read of a page from disk, cost about four times the system time of the same pages read ahead
 * (issue 41 item 6). A ring of at most {@link #WIDTH} locations' descriptors: each file is opened once, as without the
 * ring, only earlier, and closed by its check or when the checks move past it. An event file is asked for whole when
 * small (libotf2 reads all of it later), while the JVM's files asked for whole and not yet read by libotf2 stay within
 * 1 GiB ({@link ReadAheadBudget}, shared by every ring of the JVM), else its last bytes (the check's); a local
 * definitions file's head. Without
 * {@code posix_fadvise} (not Linux) there is no ring: each file is opened at its check as before.
 */
final class FileRing {
    /** Locations opened ahead: two descriptors each, 2 x 32 open at most (16, 128 and 1,024 measured alike). */
    static final int WIDTH = 32;
    /**
     * An event file up to this size is asked for whole, while the JVM's files asked for whole and not yet read stay
     * within {@link ReadAheadBudget#BUDGET}; a larger one, or any beyond the budget, only its end (the check's bytes;
     * libotf2 reads it in order later, and an archive of small files larger than the page cache would lose the first
     * ones read ahead before libotf2 reads them).
     */
    private static final long WHOLE = 1 << 20;
    /** A descriptor slot that holds nothing (taken, closed, or never opened). */
    static final int NONE = Integer.MIN_VALUE;
    static final int ENFILE = 23;
    static final int EMFILE = 24;
    private static final java.util.concurrent.atomic.AtomicLong ADVISED = new java.util.concurrent.atomic.AtomicLong();
    /**
     * Descriptors all rings of this JVM may hold at once: rings on several threads (Spark's check tasks) must not take
     * the descriptors the checks' own opens need (a check that cannot open a sound file would call it damaged).
     */
    static final int SHARED = 128;
    private static final java.util.concurrent.Semaphore HELD = new java.util.concurrent.Semaphore(SHARED);

    private final int folder;
    /** The folder's key in {@link ReadAheadBudget}. */
    private final String key;
    private final long[] locations;
    private final long[] sizes;
    private final int to;
    private final int[] events = new int[WIDTH];
    private final int[] definitions = new int[WIDTH];
    private final byte[] name = new byte[32];
    private boolean withDefinitions;
    /** Set when the process ran out of descriptors: nothing more is opened ahead, each file at its turn. */
    private boolean starved;
    /** The first location still in the ring, and the next to open. */
    private int head;
    private int next;

    /**
     * A ring over {@code locations[from, to)}, whose event files are {@code sizes} long, in the folder open as
     * {@code folder}; their local definitions opened ahead only from {@link #withDefinitions} on.
     */
    private FileRing(int folder, String key, long[] locations, long[] sizes, int from, int to) {
        this.folder = folder;
        this.key = key;
        this.locations = locations;
        this.sizes = sizes;
        this.to = to;
        head = from;
        next = from;
        java.util.Arrays.fill(events, NONE);
        java.util.Arrays.fill(definitions, NONE);
        fill();
    }

    /** How many files this JVM's rings opened ahead and asked the kernel to read (tests see the ring at work). */
    static long advised() {
        return ADVISED.get();
    }

    /** A ring, or null when the kernel cannot be asked to read ahead; {@code key}: the folder's in {@link ReadAheadBudget}. */
    static FileRing over(int folder, String key, long[] locations, long[] sizes, int from, int to) {
        return folder < 0 || !LibCAdvice.bound() || from >= to ? null : new FileRing(folder, key, locations, sizes, from, to);
    }

    /**
     * The descriptor of {@code location}'s event file ({@code events}) or local definitions, its owner now the caller,
     * minus errno when it could not be opened, or {@link #NONE} when the ring does not hold it (not the location due,
     * or already taken): then the caller opens it.
     */
    int take(long location, boolean events) {
        if (head < to && locations[head] != location) {
            // a check that moved on (a location whose checks did not ask the ring, or checks out of order): the locations
            // before it within reach are released, so the ring stays ahead of the checks
            int k = head + 1;
            int reach = Math.min(to, Math.max(next, head + 1) + 1);
            while (k < reach && locations[k] != location) {
                k++;
            }
            if (k < reach) {
                for (int i = head; i < k; i++) {
                    release(i);
                }
                head = k;
                next = Math.max(next, head);
                fill();
            }
        }
        if (head >= to || locations[head] != location) {
            return NONE;
        }
        int[] slots = events ? this.events : definitions;
        int fd = slots[head % WIDTH];
        slots[head % WIDTH] = NONE;
        if (fd >= 0) {
            HELD.release(); // the caller's now, as a descriptor it opened itself would be
        }
        return fd;
    }

    /**
     * Local definitions opened ahead too, from the location after {@code location} on: once one was libotf2's empty
     * file (Score-P's all hold definitions, which the Java checks open: none is opened ahead for them).
     */
    void withDefinitions(long location) {
        if (withDefinitions) {
            return;
        }
        withDefinitions = true;
        for (int i = head; i < next && !starved; i++) {
            if (locations[i] != location && locations[i] >= 0 && definitions[i % WIDTH] == NONE) {
                definitions[i % WIDTH] = open(locations[i], ".def", 0, EmptyLocalDefinitions.SIZE + 1);
            }
        }
    }

    /** No more local definitions opened ahead (they are read in Java from now on): those open are closed. */
    void withoutDefinitions() {
        withDefinitions = false;
        for (int i = 0; i < WIDTH; i++) {
            closeSlot(definitions, i);
        }
    }

    /** Closes every descriptor the ring still holds. */
    void close() {
        for (int i = 0; i < WIDTH; i++) {
            closeSlot(events, i);
            closeSlot(definitions, i);
        }
        head = to;
        next = to;
    }

    private void fill() {
        while (next < to && next < head + WIDTH && !starved) {
            int slot = next % WIDTH;
            if (locations[next] < 0) {
                next++; // no file of its own: the check says what is wrong
                continue;
            }
            events[slot] = open(locations[next], ".evt", sizes[next]);
            if (withDefinitions) {
                definitions[slot] = open(locations[next], ".def", 0, EmptyLocalDefinitions.SIZE + 1);
            }
            next++;
        }
    }

    private void release(int index) {
        closeSlot(events, index % WIDTH);
        closeSlot(definitions, index % WIDTH);
    }

    private static void closeSlot(int[] slots, int slot) {
        if (slots[slot] >= 0) {
            LibC.close(slots[slot]);
            HELD.release();
        }
        slots[slot] = NONE;
    }

    /**
     * Opens {@code <location><suffix>} in the folder and asks for {@code length} bytes from {@code offset} (0: all):
     * its descriptor, or minus errno; {@link #NONE} when the process has no descriptor left (the ring's own would be
     * taken for a fault of a file: the ring's are closed, the checks open each file at its turn).
     */
    private int open(long location, String suffix, long offset, long length) {
        return open(location, suffix, offset, length, -1);
    }

    /** {@link #open} of {@code location}'s event file, {@code size} bytes: whole when small and within the JVM's budget, else its end. */
    private int open(long location, String suffix, long size) {
        return open(location, suffix, Math.max(0, size - 2), 2, size <= WHOLE ? size : -1);
    }

    /** {@code whole} not negative: the file's size, asked for whole instead when the budget takes it. */
    private int open(long location, String suffix, long offset, long length, long whole) {
        if (!HELD.tryAcquire()) {
            return NONE; // other rings hold the JVM's share: this file is opened at its check
        }
        int fd = openAt(folder, name, location, suffix);
        if (fd < 0) {
            HELD.release();
        }
        if (fd == -EMFILE || fd == -ENFILE) {
            starved = true;
            for (int i = 0; i < WIDTH; i++) { // the checks' own opens must not fail for the ring's descriptors
                closeSlot(events, i);
                closeSlot(definitions, i);
            }
            return NONE;
        }
        if (fd >= 0) {
            boolean all = whole >= 0 && ReadAheadBudget.take(key, location, whole);
            LibCAdvice.posix_fadvise(fd, all ? 0 : offset, all ? 0 : length, LibCAdvice.WILLNEED);
            ADVISED.incrementAndGet();
        }
        return fd;
    }

    /** Opens {@code <location><suffix>} in the folder open as {@code folder}, {@code name} a scratch buffer: its descriptor, or minus errno. */
    static int openAt(int folder, byte[] name, long location, String suffix) {
        int at = name.length;
        name[--at] = 0;
        for (int i = suffix.length() - 1; i >= 0; i--) {
            name[--at] = (byte) suffix.charAt(i);
        }
        long rest = location;
        do {
            name[--at] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest > 0);
        byte[] path = java.util.Arrays.copyOfRange(name, at, name.length);
        Otf2Files.counted();
        try {
            return LibC.openat(folder, path, LibC.O_RDONLY_CLOEXEC_NONBLOCK);
        } catch (LastErrorException e) {
            return e.getErrorCode() > 0 ? -e.getErrorCode() : -1;
        }
    }
}
