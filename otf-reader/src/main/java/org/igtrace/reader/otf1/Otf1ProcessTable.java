package org.igtrace.reader.otf1;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.igtrace.core.util.LongIntMap;

/**
 * The process definition records of an OTF trace (DefProcess: id, name, parent), in the order read, in primitive
 * tables: about 24 bytes a process and its name's characters (40 when its id is beyond four times the processes before it), not a boxed map entry, a record and a string each (a
 * trace may declare 10^6 processes of which a few are read, issue 41 item 6). Names are kept as their ISO-8859-1
 * bytes, which is how {@link Otf1Line#string()} read them, so they come back the same.
 */
final class Otf1ProcessTable implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private long[] ids = new long[16];
    /** The parents by place; null while every parent read is 0 (no parent). */
    private long[] parents;
    /** Where each place's name starts in {@link #names}; place {@code size}'s entry is the end of the last. */
    private int[] nameStart = new int[17];
    private byte[] names = new byte[256];
    private int size;
    /**
     * Process id -> place + 1, while the ids are few enough to index an array (VampirTrace numbers processes 1, 2, 3,
     * ...: 4 bytes a process); null once an id is not ({@link #placeOfId} then).
     */
    private int[] direct = new int[64];
    /** Process id -> place, once an id was too large or negative for {@link #direct}; null before. */
    private LongIntMap placeOfId;

    /** Adds a process unless one of this id is there already; returns whether it was added. */
    boolean add(long id, String name, long parent) {
        if (placeOf(id) >= 0) {
            return false;
        }
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
            nameStart = Arrays.copyOf(nameStart, size * 2 + 1);
            if (parents != null) {
                parents = Arrays.copyOf(parents, size * 2);
            }
        }
        if (parent != 0 && parents == null) {
            parents = new long[ids.length];
        }
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8); // every name, any character, back as it was
        int start = nameStart[size];
        if (start + bytes.length > names.length) {
            names = Arrays.copyOf(names, Math.max(names.length * 2, start + bytes.length));
        }
        System.arraycopy(bytes, 0, names, start, bytes.length);
        ids[size] = id;
        if (parents != null) {
            parents[size] = parent;
        }
        nameStart[size + 1] = start + bytes.length;
        index(id, size);
        size++;
        return true;
    }

    private void index(long id, int place) {
        if (direct != null && (id < 0 || id >= 4L * place + 1024)) {
            placeOfId = new LongIntMap();
            for (int i = 0; i < direct.length; i++) {
                if (direct[i] > 0) {
                    placeOfId.put(i, direct[i] - 1);
                }
            }
            direct = null;
        }
        if (direct == null) {
            placeOfId.put(id, place);
            return;
        }
        if (id >= direct.length) {
            direct = Arrays.copyOf(direct, (int) Math.max(direct.length * 2L, id + 1));
        }
        direct[(int) id] = place + 1;
    }

    /** Trims the tables to what they hold (called when every definitions file is read). */
    void trim() {
        ids = Arrays.copyOf(ids, size);
        nameStart = Arrays.copyOf(nameStart, size + 1);
        names = Arrays.copyOf(names, nameStart[size]);
        if (parents != null) {
            parents = Arrays.copyOf(parents, size);
        }
        if (direct != null) {
            int last = direct.length - 1;
            while (last >= 0 && direct[last] == 0) {
                last--;
            }
            direct = Arrays.copyOf(direct, last + 1);
        }
    }

    int size() {
        return size;
    }

    /** The place of the process of this id, or -1 when none is defined. */
    int placeOf(long id) {
        if (direct != null) {
            return id >= 0 && id < direct.length ? direct[(int) id] - 1 : -1;
        }
        return placeOfId.get(id, -1);
    }

    long id(int place) {
        return ids[place];
    }

    long parent(int place) {
        return parents == null ? 0 : parents[place];
    }

    String name(int place) {
        return new String(names, nameStart[place], nameStart[place + 1] - nameStart[place], StandardCharsets.UTF_8);
    }

    /** The name of the process of this id, or null when none is defined. */
    String nameOf(long id) {
        int place = placeOf(id);
        return place < 0 ? null : name(place);
    }
}
