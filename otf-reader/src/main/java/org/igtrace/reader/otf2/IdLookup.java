package org.igtrace.reader.otf2;

import java.util.Collection;
import org.igtrace.core.util.LongIntMap;

/**
 * OTF2 ids to igtrace's dense numbers, looked up once or twice per event: an array indexed by id
 * for the ids writers hand out (0, 1, 2, ...), a hash map for ids beyond it. Absent ids give -1.
 */
final class IdLookup implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Ids below this always go to the array; beyond it only while the array stays 4x the ids. */
    private static final int SMALL = 4096;

    private final int[] dense;
    private final LongIntMap sparse = new LongIntMap();

    /** The value of each id in {@code ids} ({@code values.get(id, -1)}). */
    IdLookup(Collection<Integer> ids, LongIntMap values) {
        int limit = Math.max(SMALL, 4 * ids.size());
        int size = 0;
        for (int id : ids) {
            if (id >= 0 && id < limit) {
                size = Math.max(size, id + 1);
            }
        }
        dense = new int[size];
        java.util.Arrays.fill(dense, -1);
        for (int id : ids) {
            int value = values.get(id, -1);
            if (id >= 0 && id < size) {
                dense[id] = value;
            } else {
                sparse.put(id, value);
            }
        }
    }

    int get(int id) {
        return id >= 0 && id < dense.length ? dense[id] : sparse.get(id, -1);
    }
}
