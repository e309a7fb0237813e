package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RingsTest {
    @Test
    void unrollsAWrappedRingInOrder() {
        // a ring of 4 holding 30, 40, 10, 20 in slots 0..3 with its head at slot 2: in order 10, 20, 30, 40
        long[] ring = {30, 40, 10, 20};
        assertArrayEquals(new long[] {10, 20, 30, 40, 0, 0, 0, 0}, Rings.unrolled(ring, 2, 4, 8));
        // three entries from slot 3: 20, 30, 40
        assertArrayEquals(new long[] {20, 30, 40, 0}, Rings.unrolled(ring, 3, 3, 4));
    }

    @Test
    void keepsTheComponentType() {
        int[] ints = {7, 8};
        assertArrayEquals(new int[] {8, 7, 0}, Rings.unrolled(ints, 1, 2, 3));
        // fields of several doubles per slot: two slots of two, head at slot 1 (index 2)
        double[] pairs = {3.0, 4.0, 1.0, 2.0};
        assertArrayEquals(new double[] {1.0, 2.0, 3.0, 4.0, 0, 0, 0, 0}, Rings.unrolled(pairs, 2, 4, 8));
        boolean[] flags = {true, false};
        assertArrayEquals(new boolean[] {false, true}, Rings.unrolled(flags, 1, 2, 2));
    }

    @Test
    void movesToTheFrontInPlaceWhenTheLengthStays() {
        // entries 3, 4, 5 at indexes 2..4 of an array of 5, not wrapping: the same array, 3, 4, 5 at its front
        long[] ends = {1, 2, 3, 4, 5};
        long[] moved = Rings.unrolled(ends, 2, 3, 5);
        assertSame(ends, moved);
        assertArrayEquals(new long[] {3, 4, 5}, Arrays.copyOf(moved, 3));
        // now {3, 4, 5, 4, 5}; two entries from index 4 wrap (5, then 3): a new array even at the same length
        long[] wrapped = Rings.unrolled(ends, 4, 2, 5);
        assertNotSame(ends, wrapped);
        assertArrayEquals(new long[] {5, 3, 0, 0, 0}, wrapped);
    }

    @Test
    void anEmptyRingGivesAnEmptyArray() {
        assertArrayEquals(new long[4], Rings.unrolled(new long[2], 0, 0, 4));
    }

    @Test
    void refusesMoreThanItHolds() {
        assertThrows(IllegalArgumentException.class, () -> Rings.unrolled(new long[2], 0, 3, 4));
        assertThrows(IllegalArgumentException.class, () -> Rings.unrolled(new long[4], 0, 4, 2));
    }
}
