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
        /** Every id so far equals its slot (0, 1, 2, ...: the ids writers hand out): no array at all until one does not. */
        private boolean identity = true;
        /** The ids to make room for when {@link #identity} ends ({@link #reserve}). */
        private int reserved;
        private int[] dense = new int[0];
        private final LongIntMap sparse = new LongIntMap();
        private int count;

        /** The slot of {@code id}, or -1. */
        int get(long id) {
            if (identity) {
                return id >= 0 && id < count ? (int) id : -1;
            }
            if (id >= 0 && id < dense.length) {
                int slot = dense[(int) id];
                if (slot >= 0) {
                    return slot;
                }
            }
            return sparse.size() == 0 ? -1 : sparse.get(id, -1);
        }

        /** True while every id equals its slot. */
        boolean identity() {
            return identity;
        }

        /** Makes room for the ids 0 to {@code ids} - 1 at once (no array grown and copied on the way). */
        void reserve(int ids) {
            if (identity) {
                reserved = Math.max(reserved, ids);
            } else if (ids > dense.length) {
                int old = dense.length;
                dense = Arrays.copyOf(dense, ids);
                Arrays.fill(dense, old, ids, -1);
            }
        }

        /** Gives {@code id} (not there yet) the slot {@code slot}. */
        void put(long id, int slot) {
            if (identity) {
                if (id == count && slot == count) {
                    count++;
                    return;
                }
                identity = false; // the ids so far into the array, as put would have put them
                dense = new int[Math.max(reserved, count)];
                Arrays.fill(dense, -1);
                for (int i = 0; i < count; i++) {
                    dense[i] = i;
                }
            }
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
     * 64 KiB, each after its length (one byte below 128, else two), and each id's place in an array
     * indexed by id (an archive declares a name per process: 10^6 names "MPI Rank r" took 59 MB as Java
     * strings, 23 MB with a length array beside the places, 19 MB so); a hash map for ids beyond (as
     * {@link IdLookup} does) and for strings that are not ASCII. {@link #get} makes the string again.
     */
    static final class Strings {
        /** The bytes are kept in chunks of this many, filled in turn (no array copied as they grow); longer strings go to {@link #sparse}. */
        private static final int CHUNK = 1 << 16;
        private static final int LONGEST = 4096;
        /** Per dense id: where its length and bytes start (chunk * {@link #CHUNK} + offset); -1: none there (maybe in {@link #sparse}). */
        private int[] starts = filled(16);
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
                Arrays.fill(starts, old, ids, -1);
            }
        }

        /** False when {@code id} has a string already (it is kept). */
        boolean putIfAbsent(int id, String value) {
            if (id >= 0 && id < Math.max(4096, 4 * (long) count + 16)) {
                if (id >= starts.length) {
                    // by half again, not twice: past a reservation (a name per declared location) a few more ids
                    // doubled the array for nothing (4 MB at 10^6 names)
                    int old = starts.length, n = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(id + 1L, old + (old >> 1) + 16L));
                    starts = Arrays.copyOf(starts, n);
                    Arrays.fill(starts, old, n, -1);
                }
                if (starts[id] >= 0 || !sparse.isEmpty() && sparse.containsKey(id)) {
                    return false;
                }
                int length = value.length(), prefix = length < 0x80 ? 1 : 2;
                if (length <= LONGEST && ascii(value) && used + CHUNK <= Integer.MAX_VALUE) {
                    if (used % CHUNK + prefix + length > CHUNK || used == (long) chunks.length * CHUNK) {
                        used = (long) chunks.length * CHUNK; // the next chunk
                        chunks = Arrays.copyOf(chunks, chunks.length + 1);
                        chunks[chunks.length - 1] = new byte[CHUNK];
                    }
                    byte[] chunk = chunks[(int) (used / CHUNK)];
                    int at = (int) (used % CHUNK);
                    if (prefix == 1) {
                        chunk[at] = (byte) length;
                    } else {
                        chunk[at] = (byte) (0x80 | length >>> 7);
                        chunk[at + 1] = (byte) (length & 0x7f);
                    }
                    for (int i = 0; i < length; i++) {
                        chunk[at + prefix + i] = (byte) value.charAt(i); // ASCII: one byte a char
                    }
                    starts[id] = (int) used;
                    used += prefix + length;
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
            if (id >= 0 && id < starts.length && starts[id] >= 0) {
                byte[] chunk = chunks[starts[id] / CHUNK];
                int at = starts[id] % CHUNK, first = chunk[at];
                int length = first >= 0 ? first : (first & 0x7f) << 7 | chunk[at + 1];
                return new String(chunk, at + (first >= 0 ? 1 : 2), length, java.nio.charset.StandardCharsets.US_ASCII);
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
     * While every id equals its slot (Score-P's and the benchmark's ids: 0, 1, 2, ...) no id is kept,
     * neither in a column nor in the {@link SlotIndex}: 12 bytes a record.
     */
    abstract static class Table {
        private final SlotIndex slots = new SlotIndex();
        private int count;
        private int capacity = 16;
        /** The ids by slot; null while every id equals its slot. */
        private long[] ids;
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
                if (ids != null) {
                    ids = Arrays.copyOf(ids, capacity);
                }
                names = Arrays.copyOf(names, capacity);
                kinds = Arrays.copyOf(kinds, capacity);
                grow(capacity);
            }
            if (ids == null && id != count) {
                ids = new long[capacity];
                for (int i = 0; i < count; i++) {
                    ids[i] = i;
                }
            }
            slots.put(id, count);
            if (ids != null) {
                ids[count] = id;
            }
            names[count] = name;
            kinds[count] = (byte) kind.ordinal();
            return count++;
        }

        /** Makes room for {@code records} records with the ids 0 to {@code records} - 1 at once (no column copied on the way). */
        final void reserve(int records) {
            slots.reserve(records);
            if (records > capacity) {
                capacity = records;
                if (ids != null) {
                    ids = Arrays.copyOf(ids, capacity);
                }
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

        /** True while every id equals its slot: the slots in the order of the ids are 0, 1, 2, ... */
        final boolean identity() {
            return ids == null;
        }

        /** The slot of {@code id}, or -1 when it is not defined. */
        final int slot(long id) {
            return slots.get(id);
        }

        final long longId(int slot) {
            return ids == null ? slot : ids[slot];
        }

        final int name(int slot) {
            return names[slot];
        }

        /** Sets the kind of the record in {@code slot} ({@code ordinal}: its enum constant's). */
        final void kindOrdinal(int slot, int ordinal) {
            kinds[slot] = (byte) ordinal;
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

        /** Every slot, in the order of the groups' ids (as signed ints); null when that is 0, 1, 2, ... ({@link #identity()}). */
        int[] slotsByIds() {
            if (identity()) {
                return null;
            }
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

    /**
     * Locations: name, kind, location group and announced events (an int each: a count beyond it, or one
     * libotf2 gave as negative, kept aside).
     */
    static final class Locations extends Table {
        private static final LocationKind[] KINDS = LocationKind.values();
        private int[] groups = new int[16];
        private int[] events = new int[16];
        private final Map<Integer, Long> manyEvents = new HashMap<>();

        /** False when {@code id} is defined already (its first definition is kept). */
        boolean add(long id, int name, LocationKind kind, int group, long announced) {
            int l = newSlot(id, name, kind);
            if (l < 0) {
                return false;
            }
            groups[l] = group;
            if (announced >= 0 && announced < Integer.MAX_VALUE) {
                events[l] = (int) announced;
            } else {
                events[l] = Integer.MAX_VALUE;
                manyEvents.put(l, announced);
            }
            return true;
        }

        @Override
        void grow(int capacity) {
            groups = Arrays.copyOf(groups, capacity);
            events = Arrays.copyOf(events, capacity);
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
            return events[slot] < Integer.MAX_VALUE ? events[slot] : manyEvents.get(slot);
        }
    }

    /**
     * A list of ids (a group's members) as compact as its values allow: none kept when it is 0, 1, 2, ...
     * (MPI_COMM_WORLD's ranks, and its locations as Score-P numbers them), an int each when all fit, else
     * the long array: 10^6 members took 8 MB, twice (the world's locations and its ranks).
     */
    static final class IdList {
        private final int length;
        private final int[] small;
        private final long[] large;

        private IdList(int length, int[] small, long[] large) {
            this.length = length;
            this.small = small;
            this.large = large;
        }

        static IdList of(long[] ids) {
            boolean identity = true, fit = true;
            for (int i = 0; i < ids.length; i++) {
                identity &= ids[i] == i;
                fit &= ids[i] >= 0 && ids[i] <= Integer.MAX_VALUE;
            }
            if (identity) {
                return new IdList(ids.length, null, null);
            }
            if (!fit) {
                return new IdList(ids.length, null, ids);
            }
            int[] small = new int[ids.length];
            for (int i = 0; i < ids.length; i++) {
                small[i] = (int) ids[i];
            }
            return new IdList(ids.length, small, null);
        }

        int length() {
            return length;
        }

        long get(int i) {
            return small != null ? small[i] : large != null ? large[i] : i;
        }
    }

    /**
     * Ints by index, -1 where none is set, kept as nothing while they are 0, 1, 2, ... from the first
     * index (each location group's rank and each rank's group when groups and ranks are numbered alike,
     * as Score-P and the benchmark number them: 4 bytes a process each).
     */
    static final class IdentityInts {
        private final int capacity;
        /** Without {@link #values}: index i holds i below this, -1 from it on. */
        private int prefix;
        private int[] values;

        /** Room for {@code capacity} indices when the values stop being their indices (more grow the array). */
        IdentityInts(int capacity) {
            this.capacity = capacity;
        }

        int get(int i) {
            return values != null ? (i < values.length ? values[i] : -1) : i >= 0 && i < prefix ? i : -1;
        }

        void set(int i, int value) {
            if (values == null) {
                if (i == prefix && value == i) {
                    prefix++;
                    return;
                }
                values = new int[Math.max(capacity, prefix + 1)];
                Arrays.fill(values, -1);
                for (int j = 0; j < prefix; j++) {
                    values[j] = j;
                }
            }
            if (i >= values.length) {
                int old = values.length;
                values = Arrays.copyOf(values, Math.max(i + 1, 2 * old));
                Arrays.fill(values, old, values.length, -1);
            }
            values[i] = value;
        }
    }
}
