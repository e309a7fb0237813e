package org.igtrace.reader.otf2;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.igtrace.core.util.LongIntMap;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationGroupKind;
import org.igtrace.reader.otf2.nativelib.GlobalDefinitionVisitor.LocationKind;

/**
 * The global definitions an archive has one or more of per process (strings, location groups,
 * locations), in primitive arrays numbered by the order of their first definition ("slots"),
 * with an id's slot in a {@link LongIntMap}: a repeated id keeps its first definition.
 */
final class Otf2Records {
    private Otf2Records() {
    }

    /**
     * Slots by id: an array indexed by id for the ids writers hand out (0, 1, 2, ...: 4 bytes an
     * id), a hash map for ids beyond (ids above 4 times the ids seen, or negative).
     */
    static final class SlotIndex {
        private int[] dense = new int[0];
        private final LongIntMap sparse = new LongIntMap();
        private int count;

        /** The slot of {@code id}, or -1. */
        int get(long id) {
            if (id >= 0 && id < dense.length) {
                int slot = dense[(int) id];
                if (slot >= 0) {
                    return slot;
                }
            }
            return sparse.size() == 0 ? -1 : sparse.get(id, -1);
        }

        /** Makes room for the ids 0 to {@code ids} - 1 at once (no array grown and copied on the way). */
        void reserve(int ids) {
            if (ids > dense.length) {
                int old = dense.length;
                dense = Arrays.copyOf(dense, ids);
                Arrays.fill(dense, old, ids, -1);
            }
        }

        /** Gives {@code id} (not there yet) the slot {@code slot}. */
        void put(long id, int slot) {
            if (id >= 0 && id < Math.max(4096, 4L * count + 16)) {
                if (id >= dense.length) {
                    int old = dense.length;
                    dense = Arrays.copyOf(dense, (int) Math.max(id + 1, 2L * old));
                    Arrays.fill(dense, old, dense.length, -1);
                }
                dense[(int) id] = slot;
            } else {
                sparse.put(id, slot);
            }
            count++;
        }
    }

    /**
     * Strings by id: for the ids writers hand out (0, 1, 2, ...) the ASCII ones as bytes in chunks of
     * 64 KiB (an archive declares a name per process: 10^6 names "MPI Rank r" took 59 MB as Java strings,
     * 23 MB so), each id's place and length in two arrays indexed by id; a hash map for ids beyond (as
     * {@link IdLookup} does) and for strings that are not ASCII. {@link #get} makes the string again.
     */
    static final class Strings {
        /** The bytes are kept in chunks of this many, filled in turn (no array copied as they grow); longer strings go to {@link #sparse}. */
        private static final int CHUNK = 1 << 16;
        private static final int LONGEST = 4096;
        /** Per dense id: where its bytes start (chunk * {@link #CHUNK} + offset), and their length; -1: none there (maybe in {@link #sparse}). */
        private int[] starts = new int[16];
        private int[] lengths = filled(16);
        private byte[][] chunks = new byte[0][];
        /** Where the next bytes go: the last chunk's first free byte (chunk * {@link #CHUNK} + offset). */
        private long used;
        private int count;
        private final Map<Integer, String> sparse = new HashMap<>();

        private static int[] filled(int n) {
            int[] a = new int[n];
            Arrays.fill(a, -1);
            return a;
        }

        /** Makes room for the ids 0 to {@code ids} - 1 at once. */
        void reserve(int ids) {
            if (ids > starts.length) {
                int old = starts.length;
                starts = Arrays.copyOf(starts, ids);
                lengths = Arrays.copyOf(lengths, ids);
                Arrays.fill(lengths, old, ids, -1);
            }
        }

        /** False when {@code id} has a string already (it is kept). */
        boolean putIfAbsent(int id, String value) {
            if (id >= 0 && id < Math.max(4096, 4 * (long) count + 16)) {
                if (id >= starts.length) {
                    int old = starts.length, n = Math.max(id + 1, 2 * old);
                    starts = Arrays.copyOf(starts, n);
                    lengths = Arrays.copyOf(lengths, n);
                    Arrays.fill(lengths, old, n, -1);
                }
                if (lengths[id] >= 0 || sparse.containsKey(id)) {
                    return false;
                }
                int length = value.length();
                if (length <= LONGEST && ascii(value) && used + CHUNK <= Integer.MAX_VALUE) {
                    if (used % CHUNK + length > CHUNK || used == (long) chunks.length * CHUNK) {
                        used = (long) chunks.length * CHUNK; // the next chunk
                        chunks = Arrays.copyOf(chunks, chunks.length + 1);
                        chunks[chunks.length - 1] = new byte[CHUNK];
                    }
                    byte[] chunk = chunks[(int) (used / CHUNK)];
                    int at = (int) (used % CHUNK);
                    for (int i = 0; i < length; i++) {
                        chunk[at + i] = (byte) value.charAt(i); // ASCII: one byte a char
                    }
                    starts[id] = (int) used;
                    lengths[id] = length;
                    used += length;
                } else {
                    sparse.put(id, value);
                }
            } else if (sparse.putIfAbsent(id, value) != null) {
                return false;
            }
            count++;
            return true;
        }

        private static boolean ascii(String value) {
            for (int i = 0; i < value.length(); i++) {
                if (value.charAt(i) >= 0x80) {
                    return false;
                }
            }
            return true;
        }

        String get(int id) {
            if (id >= 0 && id < lengths.length && lengths[id] >= 0) {
                return new String(chunks[starts[id] / CHUNK], starts[id] % CHUNK, lengths[id], java.nio.charset.StandardCharsets.US_ASCII);
            }
            return sparse.isEmpty() ? null : sparse.get(id);
        }

        String getOrDefault(int id, String missing) {
            String s = get(id);
            return s == null ? missing : s;
        }
    }

    /**
     * Records with an id, a name and a kind (location groups, locations), in slots by the order of
     * their first definition, the columns' arrays grown by doubling; a subclass adds its own columns.
     */
    abstract static class Table {
        private final SlotIndex slots = new SlotIndex();
        private int count;
        private int capacity = 16;
        private long[] ids = new long[16];
        private int[] names = new int[16];
        private byte[] kinds = new byte[16];

        /**
         * A new slot for {@code id} with its name and kind, the columns grown when full, or -1 when
         * {@code id} has one (its first definition kept).
         */
        final int newSlot(long id, int name, Enum<?> kind) {
            if (slots.get(id) >= 0) {
                return -1;
            }
            if (count == capacity) {
                capacity *= 2;
                ids = Arrays.copyOf(ids, capacity);
                names = Arrays.copyOf(names, capacity);
                kinds = Arrays.copyOf(kinds, capacity);
                grow(capacity);
            }
            slots.put(id, count);
            ids[count] = id;
            names[count] = name;
            kinds[count] = (byte) kind.ordinal();
            return count++;
        }

        /** Makes room for {@code records} records with the ids 0 to {@code records} - 1 at once (no column copied on the way). */
        final void reserve(int records) {
            slots.reserve(records);
            if (records > capacity) {
                capacity = records;
                ids = Arrays.copyOf(ids, capacity);
                names = Arrays.copyOf(names, capacity);
                kinds = Arrays.copyOf(kinds, capacity);
                grow(capacity);
            }
        }

        /** Makes the subclass's own columns {@code capacity} long. */
        abstract void grow(int capacity);

        final int count() {
            return count;
        }

        /** The slot of {@code id}, or -1 when it is not defined. */
        final int slot(long id) {
            return slots.get(id);
        }

        final long longId(int slot) {
            return ids[slot];
        }

        final int name(int slot) {
            return names[slot];
        }

        final int kindOrdinal(int slot) {
            return kinds[slot];
        }
    }

    /** Location groups: name, kind, system tree node. */
    static final class LocationGroups extends Table {
        private static final LocationGroupKind[] KINDS = LocationGroupKind.values();
        private int[] nodes = new int[16];

        /** False when {@code id} is defined already (its first definition is kept). */
        boolean add(int id, int name, LocationGroupKind kind, int node) {
            int g = newSlot(id, name, kind);
            if (g < 0) {
                return false;
            }
            nodes[g] = node;
            return true;
        }

        @Override
        void grow(int capacity) {
            nodes = Arrays.copyOf(nodes, capacity);
        }

        int id(int slot) {
            return (int) longId(slot);
        }

        LocationGroupKind kind(int slot) {
            return KINDS[kindOrdinal(slot)];
        }

        int node(int slot) {
            return nodes[slot];
        }

        /** Every slot, in the order of the groups' ids (as signed ints). */
        int[] slotsByIds() {
            int count = count();
            long[] keyed = new long[count];
            for (int g = 0; g < count; g++) {
                keyed[g] = (long) id(g) << 32 | g;
            }
            Arrays.sort(keyed);
            int[] order = new int[count];
            for (int i = 0; i < count; i++) {
                order[i] = (int) keyed[i];
            }
            return order;
        }
    }

    /** Locations: name, kind, location group, announced events, and the process each is read for (-1: none). */
    static final class Locations extends Table {
        private static final LocationKind[] KINDS = LocationKind.values();
        private int[] groups = new int[16];
        private long[] events = new long[16];
        private int[] processes = new int[16];

        /** False when {@code id} is defined already (its first definition is kept). */
        boolean add(long id, int name, LocationKind kind, int group, long announced) {
            int l = newSlot(id, name, kind);
            if (l < 0) {
                return false;
            }
            groups[l] = group;
            events[l] = announced;
            processes[l] = -1;
            return true;
        }

        @Override
        void grow(int capacity) {
            groups = Arrays.copyOf(groups, capacity);
            events = Arrays.copyOf(events, capacity);
            processes = Arrays.copyOf(processes, capacity);
        }

        long id(int slot) {
            return longId(slot);
        }

        LocationKind kind(int slot) {
            return KINDS[kindOrdinal(slot)];
        }

        int group(int slot) {
            return groups[slot];
        }

        long events(int slot) {
            return events[slot];
        }

        int process(int slot) {
            return processes[slot];
        }

        void setProcess(int slot, int process) {
            processes[slot] = process;
        }

        /** The ids of the locations with a process, in slot order. */
        long[] withProcess() {
            int count = count();
            long[] read = new long[count];
            int n = 0;
            for (int l = 0; l < count; l++) {
                if (processes[l] >= 0) {
                    read[n++] = id(l);
                }
            }
            return Arrays.copyOf(read, n);
        }
    }
}
