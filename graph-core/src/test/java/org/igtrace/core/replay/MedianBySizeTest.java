package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import java.util.function.LongToDoubleFunction;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/**
 * The exact median of each size's times, also where they go beyond the {@value MedianBySize#IN_MEMORY} kept in an
 * array and the median is selected from the stream by radix: compared with the middle of the sorted times (the mean of
 * the two middle ones for an even count, added in that order), bit for bit.
 */
class MedianBySizeTest {

    /** The median as the definition reads: sort, take the middle, or the mean of the two middle values. */
    private static double sorted(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static void check(String what, int n, LongToDoubleFunction time) {
        MedianBySize m = new MedianBySize(new MemoryRecordBlocks());
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = time.applyAsDouble(i);
            m.add(64, v[i]);
        }
        assertEquals(Double.doubleToRawLongBits(sorted(v)), Double.doubleToRawLongBits(m.medians()[0]),
                what + ", " + n + " times: " + sorted(v) + " against " + m.medians()[0]);
    }

    @Test
    void randomTimesInMemoryAndSpilledOddAndEven() {
        Random r = new Random(38);
        for (int n : new int[] {1, 2, 3, 4095, 4096, 4097, 4098, 10_001, 10_002, 65_536, 65_537}) {
            check("uniform", n, i -> r.nextDouble() * 1e-3);
            check("close together", n, i -> 2.5e-6 + r.nextInt(50) * 1e-12);
            check("signs and zeros", n, i -> switch (r.nextInt(4)) {
                case 0 -> 0.0;
                case 1 -> -0.0;
                case 2 -> -r.nextDouble();
                default -> r.nextDouble();
            });
        }
    }

    @Test
    void theTwoMiddleTimesApartInEveryWay() {
        // the lower middle value the largest of its last radix pass: the upper one found by a pass of its own
        check("two values far apart", 8192, i -> i % 2 == 0 ? 1.0 : 2.0);
        check("halves far apart", 8192, i -> i < 4096 ? 1e-6 : 1e3);
        // the lower middle value repeated: the upper one is the same value
        check("one value", 9000, i -> 3e-6);
        check("ties across the middle", 9000, i -> i < 3000 ? 1.0 : i < 6000 ? 2.0 : 3.0);
        // neighbours in the last pass's bits, and neighbours across its buckets' end (0xFFFF then 0x10000 in the low bits)
        check("adjacent doubles", 8192, i -> Math.nextUp(1.0 + (i < 4096 ? 0 : Math.ulp(1.0))));
        long base = Double.doubleToRawLongBits(1.0) | 0xFFFFL;
        check("across a bucket's end", 8192, i -> Double.longBitsToDouble(i < 4096 ? base : base + 1));
        check("descending", 10_000, i -> 10_000 - i);
    }
}
