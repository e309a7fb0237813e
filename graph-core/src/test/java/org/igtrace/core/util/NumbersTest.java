package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Numbers.format writes Double.toString's digits, rounded half up to 15 significant digits, in plain
 * notation by hand; the JDK's BigDecimal (the same text rounded by MathContext(15, HALF_UP),
 * stripTrailingZeros().toPlainString()) says what that text must be.
 */
class NumbersTest {
    private static String byBigDecimal(double v) {
        return new BigDecimal(Double.toString(v)).round(new MathContext(15, RoundingMode.HALF_UP)).stripTrailingZeros()
            .toPlainString();
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

    /** {@link Numbers#append} writes {@link Numbers#format}'s text after what the builder holds, leaving that as it was. */
    @Test
    void appendWritesTheSameTextAfterWhatIsThere() {
        SplittableRandom random = new SplittableRandom(41);
        StringBuilder b = new StringBuilder("<data>");
        for (int i = 0; i < 10_000; i++) {
            double v = i % 7 == 0 ? random.nextInt(-1000, 1000) : Math.scalb(random.nextDouble() - 0.5, random.nextInt(-80, 80));
            String expected = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : byBigDecimal(v);
            b.setLength(6);
            Numbers.append(b, v);
            assertEquals("<data>" + expected, b.toString(), Double.toString(v));
        }
        double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 1e23, 0.9999999999999999};
        String[] written = {"NaN", "Infinity", "-Infinity", "0", "100000000000000000000000", "1"};
        for (int i = 0; i < special.length; i++) {
            b.setLength(6);
            Numbers.append(b, special[i]);
            assertEquals("<data>" + written[i], b.toString());
        }
    }

    /**
     * Float noise (issue 39 item 7): 0.000075 / 0.0001 is 0.7499999999999999 in binary arithmetic,
     * 75 us of 100 us is 0.75; 15 significant digits drop the noise and keep every digit a trace can
     * measure (the value read back is within 5e-15 of the computed one, relative).
     */
    @Test
    void noiseBeyondFifteenDigitsIsRoundedAway() {
        assertEquals("0.75", Numbers.format(0.000075 / 0.0001));
        assertEquals("0.75", Numbers.format(0.7499999999999999));
        assertEquals("38.02571015", Numbers.format(38.025710149999995));
        assertEquals("4.776127624", Numbers.format(4.776127624000001));
        assertEquals("1", Numbers.format(0.9999999999999999));
        assertEquals("-0.000099999999999999", Numbers.format(-9.9999999999999e-5));
        assertEquals("0.1", Numbers.format(0.1 + 0.2 - 0.2));
        SplittableRandom random = new SplittableRandom(39);
        for (int i = 0; i < 10_000; i++) {
            double v = Math.scalb(random.nextDouble() - 0.5, random.nextInt(-80, 80));
            String text = Numbers.format(v);
            assertTrue(significantDigits(text) <= 15, text);
            double back = Double.parseDouble(text);
            assertTrue(Math.abs(back - v) <= 5e-15 * Math.abs(v), v + " -> " + text);
        }
    }

    static int significantDigits(String number) {
        String digits = number.replace("-", "").replace(".", "").replaceFirst("^0+", "");
        int n = number.contains(".") ? digits.length() : digits.replaceFirst("0+$", "").length();
        return Math.max(1, n);
    }
}
