package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** ShortFormat writes what java.util.Formatter writes for "%.1f", "%.2f" and "%.3g": the JDK is the oracle. */
class ShortFormatTest {
    private static void same(double v) {
        assertEquals(String.format(Locale.ROOT, "%.3g", v), ShortFormat.significant3(v), "%.3g of " + v);
        for (int decimals = 0; decimals <= 3; decimals++) {
            assertEquals(String.format(Locale.ROOT, "%." + decimals + "f", v), ShortFormat.fixed(v, decimals),
                    "%." + decimals + "f of " + v);
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
}
