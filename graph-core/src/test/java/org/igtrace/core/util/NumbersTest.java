package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Numbers.format writes Double.toString's digits in plain notation by hand; the JDK's BigDecimal
 * (stripTrailingZeros().toPlainString() of the same text) says what that text must be.
 */
class NumbersTest {
    private static String byBigDecimal(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    @Test
    void plainNotationAsBigDecimalWritesIt() {
        double[] chosen = {1.25e-5, -1.25e-5, 0.1, 0.001, 0.000999, 1.5, 51.772483999999994, 0.051772483999999994,
            1.10028096e8 + 0.5, 1e15, 1.5e20, -1.5e20, 4.9e-324, Double.MAX_VALUE, 123456.789, 1e7 + 0.25, 9.999999e-4};
        for (double v : chosen) {
            String expected = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : byBigDecimal(v);
            assertEquals(expected, Numbers.format(v), Double.toString(v));
        }
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 10_000; i++) {
            double v = Math.scalb(random.nextDouble() - 0.5, random.nextInt(-80, 80));
            String expected = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : byBigDecimal(v);
            assertEquals(expected, Numbers.format(v), Double.toString(v));
        }
    }
}
