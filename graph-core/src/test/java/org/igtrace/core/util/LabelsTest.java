package org.igtrace.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Labels writes what java.util.Formatter writes for "%.0f" to "%.6f" and "%.3g": the JDK is the oracle. */
class LabelsTest {
    private static void same(double v) {
        assertEquals(String.format(Locale.ROOT, "%.3g", v), Labels.g3(v), "%.3g of " + v);
        for (int decimals = 0; decimals <= 6; decimals++) {
            assertEquals(String.format(Locale.ROOT, "%." + decimals + "f", v), Labels.fixed(v, decimals),
                    "%." + decimals + "f of " + v);
            assertEquals(String.format(Locale.ROOT, "%+." + decimals + "f", v), Labels.signedFixed(v, decimals),
                    "%+." + decimals + "f of " + v);
        }
    }

    /**
     * A run of 1505 ticks of 1 us, as two paths compute it: 1505 / 1e6 and 1505 * 1e-6 are two doubles (the second just
     * below 0.001505), and why printed "1.51 ms" of the run in one line and "1.50 ms" in the next (a helper's hand-made
     * trace). Both read 1.51 ms, half up.
     */
    @Test
    void oneDurationReadsTheSameWhicheverWayItWasComputed() {
        double divided = 1505 / 1e6, multiplied = 1505 * 1e-6;
        assertNotEquals(divided, multiplied);
        assertEquals("1.51 ms", Labels.seconds3(divided));
        assertEquals("1.51 ms", Labels.seconds3(multiplied));
        assertEquals("1.51 ms", Labels.seconds(multiplied));
        assertEquals("1.50 ms", Labels.seconds3(0.0015049)); // a value below the half stays below it
    }

    /** Bytes and counts at a half round up as they read: 9,995 B read "9.99 KB" (its 9.99499.. KB in binary) beside "100 KB" for 99,950 B. */
    @Test
    void bytesAtAHalfRoundUp() {
        assertEquals("10 KB", Labels.bytes(9995));
        assertEquals("100 KB", Labels.bytes(99950));
        assertEquals("9.99 KB", Labels.bytes(9994.9));
        assertEquals("1 MB", Labels.bytes(999500));
        assertEquals("18.2 KB", Labels.bytes(18200));
    }

    /** Not finite (a 0/0 that reached a table): as the Formatter writes it, not an exception. */
    @Test
    void notFiniteAsTheFormatterWritesIt() {
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            for (int decimals = 0; decimals <= 6; decimals++) {
                assertEquals(String.format(Locale.ROOT, "%." + decimals + "f", v), Labels.fixed(v, decimals), "%." + decimals + "f of " + v);
                assertEquals(String.format(Locale.ROOT, "%+." + decimals + "f", v), Labels.signedFixed(v, decimals), "%+." + decimals + "f of " + v);
            }
        }
    }

    @Test
    void asTheFormatterWritesThem() {
        double[] chosen = {0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 9.995, 99.95, 999.5, 999.4, 1000, 12345.678, 0.0001,
            0.00009999, 0.000099995, 1e-5, 1.5e-7, 51.772483999999994, 42.55, 42.65, 100, 99.99, 0.999, 0.9995, 1e22, 2.5e-3,
            -51.77, -0.05, -999.5, 0.0049999, 0.005, 123456789.123, 1.0 / 3, 2.0 / 3, 5e-324, 1e300};
        for (double v : chosen) {
            same(v);
        }
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 2_000; i++) {
            same(Math.scalb(random.nextDouble() - 0.3, random.nextInt(-30, 30)));
            same(random.nextInt(-100_000, 100_000) / 1000.0 + (random.nextBoolean() ? 0.0005 : 0)); // ties in decimal
        }
    }

    /** The units every command prints (they were six formatters in four modules; issue 35). */
    @Test
    void secondsBandwidthsAndPercentages() {
        assertEquals("1.00 s", Labels.seconds3(0.9999996)); // rounded in its own unit, not "1.00e+03 ms"
        assertEquals("45.6 ms", Labels.seconds3(0.04556));
        assertEquals("789 us", Labels.seconds3(0.000789));
        assertEquals("0 s", Labels.seconds3(0));
        // a replay's wait of 1.12e-3 - 1.12e-3 in doubles read "2.71e-14 us" (2.71e-20 s): below a picosecond is 0
        assertEquals("0 s", Labels.seconds3(2.71e-20));
        assertEquals("0 s", Labels.seconds3(-3.25e-19));
        assertEquals("1.00e-06 us", Labels.seconds3(1e-12)); // a picosecond itself is still shown
        assertEquals("1.21 ms", Labels.seconds3(0.001205)); // half up of the decimal 1.205, as it reads
        assertEquals("28.8 ms", Labels.seconds(0.0288));
        assertEquals("500 us", Labels.seconds(0.0005));
        assertEquals("1 ms", Labels.seconds(0.0009995));
        assertEquals("10.0 GB/s", Labels.bandwidth(1e10));
        assertEquals("117 MB/s", Labels.bandwidth(117e6));
        assertEquals("inf", Labels.bandwidth(Double.POSITIVE_INFINITY));
        // under 1 kB/s in bytes (1 B/s was "0.00100 kB/s")
        assertEquals("1.00 kB/s", Labels.bandwidth(1e3));
        assertEquals("1.00 B/s", Labels.bandwidth(1));
        // rounded before the unit is chosen, and terabytes (they read "1.00e+03 kB/s", "1.00e+04 GB/s")
        assertEquals("1.00 MB/s", Labels.bandwidth(999_999));
        assertEquals("1.00 MB/s", Labels.bandwidth(999.9999e3));
        assertEquals("1.00 GB/s", Labels.bandwidth(999.9999e6));
        assertEquals("10.0 TB/s", Labels.bandwidth(1e13));
        assertEquals("999 kB/s", Labels.bandwidth(999.4e3));
        assertEquals("12.5%", Labels.percent(1, 8));
        assertEquals("0.0%", Labels.percent(0, 0));
        assertEquals("0.000843", Labels.significant(0.000843, 4)); // never in exponent form (the report's numbers)
        assertEquals("0.000097", Labels.significant(9.7e-5, 4));
    }

    /** A name cut to a number of characters never splits an emoji's two UTF-16 units (half of one showed as U+FFFD). */
    @Test
    void aCutKeepsWholeCharacters() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        String name = "x" + emoji.repeat(20);
        String cut = Labels.cut(name, 14);
        assertEquals("x" + emoji.repeat(12) + "\u2026", cut);
        assertEquals(14, cut.codePointCount(0, cut.length()));
        assertEquals("short", Labels.cut("short", 14));
        assertEquals(emoji.repeat(14), Labels.cut(emoji.repeat(14), 14)); // 28 units, 14 characters: kept
    }
}
