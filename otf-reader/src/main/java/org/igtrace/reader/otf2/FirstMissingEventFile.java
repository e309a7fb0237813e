package org.igtrace.reader.otf2;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * Finds, while the global definitions are read, the first location to read whose event file
 * {@code NAME/<location>.evt} is missing, and stops the read there (issue 41 item 6: an archive
 * declaring 10^7 locations took 43 s and 3-4.7 GB to name its first missing file). The archive's
 * folder is listed once, before the definitions: the cost follows the files present, not the
 * locations declared. The refusal must be the one the check after the read would make, so the read
 * stops only when the answer is certain: the missing location is a CPU thread of a PROCESS location
 * group (a location to read, whatever follows), no earlier location could still become one to read
 * with its file missing, its name is already defined, and every present file's location has been
 * defined and is certainly read or certainly not. Anything else leaves the refusal to the check
 * after the whole read ({@link #blind}).
 */
final class FirstMissingEventFile {
    /** Thrown from the location definition's callback: libotf2's read is interrupted. */
    static final class Found extends RuntimeException {
        final long location;
        /** The present event files of locations to read: the refusal's count. */
        final long others;

        Found(long location, long others) {
            super(null, null, false, false);
            this.location = location;
            this.others = others;
        }
    }

    private final long[] there;
    private final boolean[] defined;
    private int undefined;
    private long others;
    private long first = -1;
    private boolean blind;

    private FirstMissingEventFile(long[] there) {
        this.there = there;
        this.defined = new boolean[there.length];
        this.undefined = there.length;
    }

    /** A watch over the folder {@code dir}, or null when it cannot be listed or holds SIONlib files (not one file per location). */
    static FirstMissingEventFile of(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Files.exists(dir) ? null : new FirstMissingEventFile(new long[0]);
        }
        long[] there = listed(dir);
        return there == null ? null : new FirstMissingEventFile(there);
    }

    /**
     * The locations whose event file is in {@code dir} as a regular file (symbolic links followed), sorted; null when
     * the folder cannot be listed or holds a {@code .sion} file.
     */
    static long[] listed(Path dir) {
        long[] listed = new long[16];
        int n = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".sion")) {
                    return null;
                }
                long id = name.endsWith(".evt") ? location(name.substring(0, name.length() - 4)) : -1;
                if (id >= 0 && regularFile(file)) {
                    if (n == listed.length) {
                        listed = Arrays.copyOf(listed, 2 * n);
                    }
                    listed[n++] = id;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        long[] there = Arrays.copyOf(listed, n);
        Arrays.sort(there);
        return there;
    }

    private static long location(String number) {
        try {
            long id = Long.parseLong(number);
            return Long.toString(id).equals(number) ? id : -1;
        } catch (NumberFormatException e) {
            return -1; // not a location's event file
        }
    }

    private static boolean regularFile(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).isRegularFile();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A location's first definition: {@code read} a CPU thread of a PROCESS group (certainly read),
     * {@code uncertain} a CPU thread whose group is not a PROCESS one or not yet defined (read or not
     * by what follows), neither a location that is not a CPU thread (never read); {@code named} its
     * name is defined already.
     *
     * @throws Found when the first missing file is certain and the refusal's count known
     */
    void location(long id, boolean read, boolean uncertain, boolean named) {
        if (blind) {
            return;
        }
        int i = Arrays.binarySearch(there, id);
        if (i >= 0) {
            if (uncertain) {
                blind = true;
                return;
            }
            if (!defined[i]) {
                defined[i] = true;
                undefined--;
                others += read ? 1 : 0;
            }
        } else if (first < 0 && (read || uncertain)) {
            if (uncertain || !named) {
                blind = true;
                return;
            }
            first = id;
        }
        if (first >= 0 && undefined == 0) {
            blind = true; // thrown once
            throw new Found(first, others);
        }
    }
}
