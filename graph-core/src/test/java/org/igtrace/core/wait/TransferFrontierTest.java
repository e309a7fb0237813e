package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A pair's frontier ({@link TransferFrontier}) holds the points no other point beats on both a and b
 * (a = send - enter(receive call), b = send - receive), by falling a, whatever order the messages come
 * in: checked against that definition, computed by brute force, on messages with many ties (a and b
 * from a few values, so that points equal to the first, beaten by it only on one of a and b, or
 * beating it come at every place) and at most {@value TransferFrontier#MOST} points on a frontier
 * (below the pruning).
 */
class TransferFrontierTest {

    @Test
    void keepsTheUnbeatenPointsOfEachPairInAnyOrder() {
        Random random = new Random(38);
        for (int trial = 0; trial < 200; trial++) {
            int values = 2 + random.nextInt(TransferFrontier.MOST - 2); // distinct a (and b) values: the frontier's bound
            int count = 1 + random.nextInt(60);
            List<long[]> sent = new ArrayList<>();
            ClockConstraints constraints = new ClockConstraints();
            for (int i = 0; i < count; i++) {
                long a = random.nextInt(values) - values / 2, b = random.nextInt(values) - values / 2;
                sent.add(new long[] {a, b});
                constraints.transferPoint(3, 5, a, b);
            }
            List<String> got = new ArrayList<>();
            constraints.forEachTransferPoint((s, r, a, b) -> got.add(s + ">" + r + ":" + a + "," + b));
            assertEquals(frontier(sent), got, "trial " + trial + ": " + count + " messages");
        }
    }

    /** The points that no other point is at least as large as on both a and b, once each, by falling a. */
    private static List<String> frontier(List<long[]> points) {
        List<long[]> kept = new ArrayList<>();
        for (long[] p : points) {
            boolean beaten = false;
            for (long[] q : points) {
                beaten |= q[0] >= p[0] && q[1] >= p[1] && (q[0] != p[0] || q[1] != p[1]);
            }
            if (!beaten && kept.stream().noneMatch(k -> k[0] == p[0] && k[1] == p[1])) {
                kept.add(p);
            }
        }
        kept.sort((x, y) -> Long.compare(y[0], x[0]));
        List<String> out = new ArrayList<>();
        for (long[] p : kept) {
            out.add("3>5:" + p[0] + "," + p[1]);
        }
        return out;
    }
}
