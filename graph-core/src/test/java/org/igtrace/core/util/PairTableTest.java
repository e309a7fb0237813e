package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PairTable through its two tables, PairCounters and PairLongs: values kept per directed pair across growth. */
class PairTableTest {
    @Test
    void countersKeepEveryDirectedPairAcrossGrowth() {
        PairCounters c = new PairCounters(); // starts small: 40 x 40 pairs make it grow several times
        for (int from = 0; from < 40; from++) {
            for (int to = 0; to < 40; to++) {
                c.add(from, to, from * 1000 + to, 1);
                c.add(from, to, 0.5, 2); // the same pair twice in a row: the remembered slot
            }
        }
        assertEquals(1600, c.size());
        assertEquals(3 * 1000 + 5 + 0.5, c.bytes(3, 5));
        assertEquals(5 * 1000 + 3 + 0.5, c.bytes(5, 3)); // directed: (5,3) is not (3,5)
        assertEquals(3, c.messages(39, 0));
        assertEquals(0, c.messages(40, 0));
        double[] total = {0};
        long[] pairs = {0};
        c.forEach((from, to, bytes, messages) -> {
            total[0] += bytes;
            pairs[0]++;
        });
        // sum over from, to of (1000 from + to + 0.5) = 40 * 1000 * 780 + 40 * 780 + 1600 * 0.5
        assertEquals(40.0 * 1000 * 780 + 40 * 780 + 800, total[0]);
        assertEquals(1600, pairs[0]);
    }

    @Test
    void longsAddAndMaxPerPair() {
        PairLongs l = new PairLongs();
        Map<Long, Long> reference = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            int from = i % 97, to = (i * 31) % 89;
            l.add(from, to, i);
            reference.merge(((long) from << 32) | to, (long) i, Long::sum);
        }
        assertEquals(reference.size(), l.size());
        for (Map.Entry<Long, Long> e : reference.entrySet()) {
            assertEquals(e.getValue(), l.get((int) (e.getKey() >>> 32), (int) (long) e.getKey(), -1));
        }
        assertEquals(-1, l.get(97, 0, -1)); // from is i % 97: never 97
        PairLongs m = new PairLongs();
        m.max(1, 2, 5);
        m.max(1, 2, 3);
        m.max(1, 2, 9);
        assertEquals(9, m.get(1, 2, -1));
        assertEquals(-7, m.get(2, 1, -7));
        m.max(4, 4, -5); // a new pair takes the value even below 0
        assertEquals(-5, m.get(4, 4, 0));
    }

    /** A table about to take another's pairs makes room once: the pairs it held keep their values, and no doubling follows. */
    @Test
    void reserveMakesRoomOnceAndKeepsThePairs() {
        PairLongs m = new PairLongs();
        m.max(1, 2, 7);
        m.add(3, 4, 5);
        m.reserve(1000);
        int capacity = m.capacity();
        assertEquals(2048, capacity); // capacityFor(1000): twice the next power of two at or above 2 x 1000 - 1
        assertEquals(7, m.get(1, 2, 0));
        assertEquals(5, m.get(3, 4, 0));
        for (int i = 0; i < 998; i++) {
            m.max(100 + i, i, i);
        }
        assertEquals(1000, m.size());
        assertEquals(capacity, m.capacity());
        assertEquals(997, m.get(1097, 997, -1));
        m.reserve(10); // never shrinks
        assertEquals(capacity, m.capacity());
        m.max(1, 2, 9); // the pair made before the reserve is found, not made again
        assertEquals(9, m.get(1, 2, 0));
        assertEquals(1000, m.size());
    }
}
