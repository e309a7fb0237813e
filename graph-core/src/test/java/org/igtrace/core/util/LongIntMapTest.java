package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** LongIntMap, the one primitive map (it also serves int keys): against java.util.HashMap. */
class LongIntMapTest {
    @Test
    void putGetOverwriteAndMissing() {
        LongIntMap m = new LongIntMap();
        assertEquals(-1, m.get(7, -1));
        m.put(7, 70);
        m.put(-7, 71);
        m.put(Long.MIN_VALUE, 72);
        m.put(Integer.MAX_VALUE, 73);
        m.put(7, 74); // overwrites: the size stays 4
        assertEquals(74, m.get(7, -1));
        assertEquals(71, m.get(-7, -1));
        assertEquals(72, m.get(Long.MIN_VALUE, -1));
        assertEquals(73, m.get(Integer.MAX_VALUE, -1));
        assertEquals(-1, m.get(8, -1));
        assertEquals(4, m.size());
    }

    @Test
    void growsPastItsFirstTableAndKeepsEveryKey() {
        LongIntMap m = new LongIntMap();
        Map<Long, Integer> reference = new HashMap<>();
        long x = 12345;
        for (int i = 0; i < 5000; i++) { // 16 slots at first: doubled nine times on the way
            x = x * 6364136223846793005L + 1442695040888963407L;
            long key = i % 3 == 0 ? (x >>> 40) : i % 3 == 1 ? (i << 32) : -i; // small, shifted (low bits 0), negative
            m.put(key, i);
            reference.put(key, i);
        }
        assertEquals(reference.size(), m.size());
        for (Map.Entry<Long, Integer> e : reference.entrySet()) {
            assertEquals(e.getValue(), m.get(e.getKey(), -1), "key " + e.getKey());
        }
        assertEquals(-1, m.get(1L << 62, -1));
    }

    /** increment counts as get-then-put counts, across growth, and stops at Integer.MAX_VALUE saying so. */
    @Test
    void incrementCountsAsAMapOfCountsAndStopsWhenFull() {
        LongIntMap m = new LongIntMap();
        Map<Long, Integer> reference = new HashMap<>();
        for (int i = 0; i < 20000; i++) {
            long key = (i * 7919L) % 1500 - 700; // 1,500 keys, negative ones among them, each counted about 13 times
            int before = reference.getOrDefault(key, 0);
            assertEquals(before, m.increment(key));
            reference.put(key, before + 1);
        }
        assertEquals(reference.size(), m.size());
        reference.forEach((k, v) -> assertEquals(v, m.get(k, -1)));
        m.put(5, Integer.MAX_VALUE - 1);
        assertEquals(Integer.MAX_VALUE - 1, m.increment(5));
        assertEquals(Integer.MAX_VALUE, m.increment(5)); // full: the count stays
        assertEquals(Integer.MAX_VALUE, m.get(5, -1));
    }
}
