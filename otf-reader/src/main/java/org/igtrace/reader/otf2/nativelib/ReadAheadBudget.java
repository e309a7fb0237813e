package org.igtrace.reader.otf2.nativelib;

import java.util.HashMap;
import java.util.Map;

/**
 * The bytes of event files this JVM's rings ({@link FileRing}) asked the kernel to read whole and libotf2 has not read
 * yet in this JVM, kept within one budget for the JVM, {@link #BUDGET}: the point of the budget is that an archive of
 * small files larger than the page cache would lose the first files read ahead before libotf2 reads them, and the
 * page cache is the machine's, not a ring's. A budget per ring let Spark's check tasks, a ring each, several at once
 * and one after another in one executor JVM, ask for 1 GiB each before the read's tasks read any of it. A file's bytes
 * count from its advice until libotf2 opens its events in this JVM ({@link Otf2Archive}; the checks read only its last
 * bytes): the command line's checks come before its read, so its one ring has the whole budget, as before. A file
 * read ahead and not read here (a location left out by {@code --skip-missing}, a run that fails after its checks, a
 * Spark location checked on one executor and read on another) keeps its bytes counted until the JVM ends: fewer files
 * are then read ahead whole, never more.
 */
final class ReadAheadBudget {
    /** Bytes of event files read ahead whole and not yet read by libotf2, at most, for the whole JVM. */
    static final long BUDGET = 1L << 30;
    private static final Object LOCK = new Object();
    /**
     * Per folder (its absolute path): each location's bytes counted (boxed: this package imports nothing of igtrace's;
     * about 70 bytes a file read ahead whole, 7 MB for the 10^5-rank archive's 100,000 until they are read).
     */
    private static final Map<String, Map<Long, Integer>> FOLDERS = new HashMap<>();
    private static long budget = BUDGET;
    /** The bytes counted; written under {@link #LOCK}, read without it to skip the lock when nothing is counted. */
    private static volatile long ahead;

    private ReadAheadBudget() {
    }

    /** The key of the event files' folder {@code directory} (the same for the checks and the read of one archive). */
    static String key(java.nio.file.Path directory) {
        return directory.toAbsolutePath().normalize().toString();
    }

    /**
     * Whether {@code location}'s event file in {@code folder}, {@code size} bytes, may be asked for whole: yes when it
     * fits in what is left of the budget (its bytes then counted) or is counted already (asked by another ring).
     */
    static boolean take(String folder, long location, long size) {
        if (size <= 0) {
            return true;
        }
        synchronized (LOCK) {
            Map<Long, Integer> counted = FOLDERS.get(folder);
            if (counted != null && counted.containsKey(location)) {
                return true;
            }
            if (ahead + size > budget) {
                return false;
            }
            FOLDERS.computeIfAbsent(folder, k -> new HashMap<>()).put(location, (int) size);
            ahead += size;
            return true;
        }
    }

    /** libotf2 reads {@code location}'s event file in {@code folder} now: its bytes, if counted, no longer are. */
    static void read(String folder, long location) {
        if (ahead == 0) {
            return;
        }
        synchronized (LOCK) {
            Map<Long, Integer> counted = FOLDERS.get(folder);
            Integer size = counted == null ? null : counted.remove(location);
            if (size == null) {
                return;
            }
            ahead -= size;
            if (counted.isEmpty()) {
                FOLDERS.remove(folder); // its table goes with its last file read
            }
        }
    }

    /** The bytes counted now (tests). */
    static long ahead() {
        return ahead;
    }

    /** Sets the budget to {@code bytes} (tests: a small one); returns the one before. */
    static long budget(long bytes) {
        synchronized (LOCK) {
            long before = budget;
            budget = bytes;
            return before;
        }
    }
}
