package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.igtrace.core.trace.CollectiveKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The collective constraints of definitions section 8 for barriers and N x N instances: every member
 * leaves after every member entered, {@code o_p >= o_q + enter_q - leave_p}, the largest
 * violation kept per ordered pair of ranks. The expected maxima are worked out here pair by pair
 * from the instances' times, whatever way {@link ClockConstraints} keeps them.
 */
class ClockConstraintsTest {

    @Test
    void barrierConstraintsAreTheLargestViolationPerOrderedPair() {
        Random random = new Random(15);
        int[][] communicators = {{4, 0, 2}, {0, 1, 2, 3, 4, 5}, {5, 3}};
        ClockConstraints constraints = new ClockConstraints();
        Map<Long, Long> expected = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            int[] members = communicators[random.nextInt(communicators.length)];
            CollectiveInstance c = instance(i % 2 == 0 ? CollectiveKind.BARRIER : CollectiveKind.ALL_TO_ALL, members, random);
            constraints.collective(c);
            expect(expected, c);
        }
        assertEquals(expected, asMap(constraints));
    }

    @Tag("slow")
    @Test
    void constraintsBeyondTheMatrixBudgetAndFromOtherThreadsAddUp() {
        Random random = new Random(16);
        // 18 communicators of 256 members: 18 x 65536 cells, more than the matrices hold (2^20).
        int[][] communicators = new int[18][256];
        for (int c = 0; c < communicators.length; c++) {
            for (int m = 0; m < 256; m++) {
                communicators[c][m] = (c * 7 + m) % 300;
            }
        }
        ClockConstraints one = new ClockConstraints(), other = new ClockConstraints();
        Map<Long, Long> expected = new HashMap<>();
        for (int i = 0; i < 36; i++) {
            CollectiveInstance c = instance(CollectiveKind.BARRIER, communicators[i % communicators.length], random);
            (i % 3 == 0 ? other : one).collective(c);
            expect(expected, c);
        }
        one.add(other);
        assertEquals(expected, asMap(one));
    }

    private static CollectiveInstance instance(CollectiveKind kind, int[] members, Random random) {
        CollectiveInstance c = new CollectiveInstance(kind, members);
        for (int m = 0; m < members.length; m++) {
            c.enter[m] = random.nextInt(1000);
            c.leave[m] = c.enter[m] + random.nextInt(1000);
            c.arrived[m] = true;
        }
        c.arrivals = c.departures = members.length;
        return c;
    }

    /** o_to >= o_from + enter_from - leave_to for every two members of other ranks. */
    private static void expect(Map<Long, Long> expected, CollectiveInstance c) {
        for (int q = 0; q < c.size(); q++) {
            for (int p = 0; p < c.size(); p++) {
                if (c.member(q) != c.member(p)) {
                    expected.merge(key(c.member(q), c.member(p)), c.enter(q) - c.leave(p), Math::max);
                }
            }
        }
    }

    private static Map<Long, Long> asMap(ClockConstraints constraints) {
        Map<Long, Long> found = new HashMap<>();
        constraints.violations().forEach((from, to, d) -> found.put(key(from, to), d));
        return found;
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | to;
    }
}
