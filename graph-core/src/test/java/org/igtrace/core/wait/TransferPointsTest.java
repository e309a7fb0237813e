package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A distributed join collects each directed pair's messages in one task and hands the driver the
 * points its {@link TransferFrontier} kept ({@link ClockConstraints#forEachTransferPoint}); the
 * driver adds them ({@link ClockConstraints#transferPoint}) in whatever order they arrive. The
 * driver's constraints must then be those of one collector fed every message: the same points per
 * pair and the same offsets. The messages lie near {@code b = -a} (a = send - enter(receive call),
 * b = send - receive), so most of them are on a pair's frontier and it has to drop points beyond
 * {@value TransferFrontier#MOST}: the case where insertion order could matter.
 */
class TransferPointsTest {

    @Test
    void pointsOfPairsJoinedApartGiveTheSameConstraintsAndOffsets() {
        int n = 4;
        Random random = new Random(35);
        ClockConstraints all = new ClockConstraints();
        ClockConstraints[] tasks = {new ClockConstraints(), new ClockConstraints(), new ClockConstraints()};
        for (int s = 0; s < n; s++) {
            for (int r = 0; r < n; r++) {
                if (s == r) {
                    continue;
                }
                ClockConstraints task = tasks[(s * n + r) % tasks.length]; // a pair's messages in one task
                long skew = 40L * (s - r);
                for (int i = 0; i < 300; i++) {
                    long a = random.nextInt(2000) - 1000, b = -a / 2 - 50 + random.nextInt(20) + skew;
                    long send = 10_000L * i, enter = send - a, receive = send - b;
                    MatchedMessage m = ConsistentClocksTest.message(s, r, send, enter, receive);
                    all.message(m);
                    task.message(ConsistentClocksTest.message(s, r, send, enter, receive));
                }
            }
        }
        List<long[]> rows = new ArrayList<>();
        for (ClockConstraints task : tasks) {
            task.forEachTransferPoint((s, r, a, b) -> rows.add(new long[] {s, r, a, b}));
        }
        Collections.shuffle(rows, random); // the order the rows reach the driver
        ClockConstraints driver = new ClockConstraints();
        for (long[] p : rows) {
            driver.transferPoint((int) p[0], (int) p[1], p[2], p[3]);
        }
        List<String> expected = points(all), got = points(driver);
        assertTrue(expected.size() > n * (n - 1) * 10, "frontiers of many points: " + expected.size());
        assertEquals(expected, got);
        ClockOffsets one = ClockOffsets.solve(n, all), distributed = ClockOffsets.solve(n, driver);
        assertArrayEquals(one.ticks(), distributed.ticks());
    }

    private static List<String> points(ClockConstraints c) {
        List<String> points = new ArrayList<>();
        c.forEachTransferPoint((s, r, a, b) -> points.add(s + ">" + r + ":" + a + "," + b));
        Collections.sort(points);
        return points;
    }
}
