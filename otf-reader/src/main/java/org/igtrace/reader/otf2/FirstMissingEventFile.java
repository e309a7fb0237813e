package org.igtrace.reader.otf2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor;
import org.igtrace.reader.otf2.nativelib.Otf2Archive;
import org.igtrace.reader.otf2.nativelib.Otf2Exception;

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

        /** The location's name, when found by {@link #firstPass}. */
        String name;

        Found(long location, long others) {
            super(null, null, false, false);
            this.location = location;
            this.others = others;
        }
    }

    /** Thrown by the string scan when the name is found: libotf2's read is interrupted. */
    private static final class NameFound extends RuntimeException {
        NameFound() {
            super(null, null, false, false);
        }
    }

    private final long[] there;
    private final boolean[] defined;
    private int undefined;
    private long others;
    private long first = -1;
    private boolean blind;
    // the first pass's location groups (ids 0 to 2^27, first definitions) and locations not to read
    private final java.util.BitSet groups = new java.util.BitSet(), processGroups = new java.util.BitSet();
    private final org.igtrace.core.util.LongIntMap others0 = new org.igtrace.core.util.LongIntMap();
    private int firstName;

    private FirstMissingEventFile(long[] there) {
        this.there = there;
        this.defined = new boolean[there.length];
        this.undefined = there.length;
    }

    /**
     * A watch over the folder {@code dir} as {@code listed} ({@link EventFolder#of}, null when {@code dir} is not a
     * directory), or null when it could not be listed or holds SIONlib files (not one file per location).
     */
    static FirstMissingEventFile of(Path dir, EventFolder listed) {
        if (listed == null) {
            return Files.exists(dir) ? null : new FirstMissingEventFile(new long[0]);
        }
        return listed.ids() == null ? null : new FirstMissingEventFile(listed.ids());
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

    /**
     * When the folder holds fewer event files than the anchor declares locations, a first pass over the
     * global definitions passing only location groups and locations through JNA (not the strings, one
     * per process, written before them), then, when it finds the refusal, a pass over the strings up to
     * the location's name (its first definition, as the whole read keeps it). Null: no refusal found so
     * (nothing missing, or not certain), the whole read decides.
     */
    Found firstPass(Path anchor) {
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            if (archive.declaredLocations() <= there.length) {
                return null; // the whole read watched
            }
            try {
                archive.readLocationDefinitions(new Scan());
            } catch (Found found) {
                found.name = name(anchor, firstName);
                return found;
            }
        } catch (Otf2Exception e) {
            // the whole read says what is wrong
        }
        blind = true; // not found: the whole read is not watched again
        return null;
    }

    private static String name(Path anchor, int id) throws Otf2Exception {
        String[] name = new String[1];
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readStrings(new GlobalDefinitionVisitor() {
                @Override
                public void string(int i, byte[] value) {
                    if (i == id) {
                        name[0] = value == null ? null : org.igtrace.reader.NameBytes.text(value, 0, value.length);
                        throw new NameFound();
                    }
                }
            });
        } catch (NameFound found) {
            // the first definition of the name
        }
        return name[0];
    }

    /** The first pass's visitor: location groups' kinds, then each location's first definition. */
    private final class Scan implements GlobalDefinitionVisitor {
        @Override
        public void locationGroup(int id, int name, LocationGroupKind kind, int systemTreeParent) {
            if (id < 0 || id >= 1 << 27) {
                blind = true; // a sparse id: left to the whole read
            } else if (!groups.get(id)) {
                groups.set(id);
                processGroups.set(id, kind == LocationGroupKind.PROCESS);
            }
        }

        @Override
        public void location(long id, int name, LocationKind kind, long numberOfEvents, int group) {
            boolean cpu = kind == LocationKind.CPU_THREAD, process = group >= 0 && group < 1 << 27 && processGroups.get(group);
            if (Arrays.binarySearch(there, id) < 0) {
                if (others0.get(id, 0) != 0) {
                    return; // defined before, not to read: this repeat is not kept
                }
                if (!(cpu && process)) {
                    others0.put(id, 1);
                }
            }
            if (first < 0) {
                firstName = name;
            }
            FirstMissingEventFile.this.location(id, cpu && process, cpu && !process, true);
        }
    }
}
