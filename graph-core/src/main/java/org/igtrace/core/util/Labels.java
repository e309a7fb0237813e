package org.igtrace.core.util;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * igtrace's one formatter of numbers people read, for every module that writes them (tables,
 * summaries, notes, drawings, the report): 3 significant digits and a unit ({@code 18.2 KB},
 * {@code 51.8 ms}, {@code 1.00 s}, {@code 10.0 GB/s}, {@code w=0.812}), fixed decimals. Data
 * (JSON, CSV, graph attributes) keeps every digit ({@link Numbers}).
 *
 * <p>{@link #fixed} and {@link #g3} write what {@code String.format(Locale.ROOT, "%.Nf")} and
 * {@code "%.3g"} write, without {@link java.util.Formatter}: its first use loads locale data, which
 * costs a small run more than the rest of its summary. The same text: Double.toString's shortest
 * digits rounded half up at the last digit kept, as the Formatter rounds them ({@code LabelsTest}
 * compares the two).
 */
public final class Labels {
    private static final String[] BYTES = {"B", "KB", "MB", "GB", "TB", "PB"};
    private static final String[] COUNTS = {"", "k", "M", "G", "T"};

    /** A finite value as {@code 0.DIGITS x 10^point} read the other way: {@code point} digits before the decimal point. */
    private record Digits(boolean negative, String digits, int point) {
        static Digits of(double v) {
            boolean negative = Double.compare(v, 0.0) < 0;
            String text = Double.toString(Math.abs(v));
            int e = text.indexOf('E');
            String mantissa = e < 0 ? text : text.substring(0, e);
            int dot = mantissa.indexOf('.');
            String digits = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
            int point = dot + (e < 0 ? 0 : Integer.parseInt(text.substring(e + 1)));
            int start = 0;
            while (start < digits.length() - 1 && digits.charAt(start) == '0') {
                start++;
                point--;
            }
            int end = digits.length();
            while (end > start + 1 && digits.charAt(end - 1) == '0') {
                end--;
            }
            digits = digits.substring(start, end);
            return digits.equals("0") ? new Digits(negative, "0", 1) : new Digits(negative, digits, point);
        }

        /** Rounded half up to the first {@code keep} digits (none: zero, or one unit of the next place). */
        Digits round(int keep) {
            if (keep >= digits.length() || digits.equals("0")) {
                return this;
            }
            if (keep < 0 || keep == 0 && digits.charAt(0) < '5') {
                return new Digits(negative, "0", 1);
            }
            if (keep == 0) {
                return new Digits(negative, "1", point + 1);
            }
            char[] kept = digits.substring(0, keep).toCharArray();
            if (digits.charAt(keep) >= '5') {
                int i = keep - 1;
                while (i >= 0 && kept[i] == '9') {
                    kept[i--] = '0';
                }
                if (i < 0) {
                    return new Digits(negative, "1", point + 1);
                }
                kept[i]++;
            }
            return new Digits(negative, new String(kept), point);
        }

        /** Plain notation with exactly {@code decimals} digits after the point. */
        String fixed(int decimals) {
            StringBuilder s = new StringBuilder(negative ? "-" : "");
            if (point <= 0) {
                s.append('0');
            } else {
                s.append(digits, 0, Math.min(point, digits.length())).append("0".repeat(Math.max(0, point - digits.length())));
            }
            if (decimals > 0) {
                s.append('.');
                for (int i = 0; i < decimals; i++) {
                    int at = point + i;
                    s.append(at >= 0 && at < digits.length() ? digits.charAt(at) : '0');
                }
            }
            return s.toString();
        }
    }

    private Labels() {
    }

    /**
     * {@code String.format(Locale.ROOT, "%." + decimals + "f", v)}: the one writer of fixed decimals (no other class
     * formats {@code %.Nf}; a width is {@code %10s} of this). Not finite: {@code NaN}, {@code Infinity}, {@code -Infinity}
     * as the Formatter writes them.
     */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        Digits d = Digits.of(v);
        return d.round(d.point() + decimals).fixed(decimals);
    }

    /** {@code String.format(Locale.ROOT, "%+." + decimals + "f", v)}: {@link #fixed} with its sign, {@code +} too. */
    public static String signedFixed(double v, int decimals) {
        String f = fixed(v, decimals);
        return f.startsWith("-") || Double.isNaN(v) ? f : "+" + f;
    }

    /** {@code String.format(Locale.ROOT, "%.3g", v)} for a finite {@code v}. */
    public static String g3(double v) {
        Digits d = Digits.of(v);
        if (d.digits().equals("0")) {
            return d.fixed(2);
        }
        Digits r = d.round(3);
        int exponent = r.point() - 1;
        if (exponent >= -4 && exponent < 3) {
            return r.fixed(2 - exponent);
        }
        String mantissa = new Digits(r.negative(), r.digits(), 1).fixed(2);
        int a = Math.abs(exponent);
        return mantissa + (exponent < 0 ? "e-" : "e+") + (a < 10 ? "0" : "") + a;
    }

    /** {@code value} rounded to {@code digits} significant digits, plain notation, no trailing zeros. */
    public static String significant(double value, int digits) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value == 0 ? "0" : Double.toString(value);
        }
        return new BigDecimal(value).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    /**
     * {@code value} rounded half up to {@code digits} significant digits of its decimal form to 12 digits (0.0009995 to
     * 0.00100, as it reads, not to 0.000999 as its binary value would). The 12 digits take off the last bits that the
     * arithmetic leaves: a run of 1505 ticks of 1 us is 0.001505 s divided, 0.0015049999999999999 s multiplied, and it
     * read 1.51 ms in one line and 1.50 ms in the next.
     */
    public static double rounded(double value, int digits) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return BigDecimal.valueOf(value).round(new MathContext(Math.max(digits, 12), java.math.RoundingMode.HALF_EVEN))
                .round(new MathContext(digits, java.math.RoundingMode.HALF_UP)).doubleValue();
    }

    /**
     * A fraction from 0 to 1 to 3 decimals, trailing zeros kept ({@code 0.980} beside
     * {@code 0.918}, {@code 1.000}), as the tables print efficiencies.
     */
    public static String fraction(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).setScale(3, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** Bytes in decimal units: {@code 18.2 KB}. */
    public static String bytes(double bytes) {
        return scaled(bytes, BYTES, " ");
    }

    /** A count of messages: {@code 24 msg}, {@code 1.2k msg}. */
    public static String messages(double messages) {
        return scaled(messages, COUNTS, "") + " msg";
    }

    /** Seconds in s, ms, us or ns: {@code 51.8 ms}. */
    public static String seconds(double seconds) {
        double r = rounded(seconds, 3); // the rounded value in its own unit: 0.9999996 s is 1 s, not 1000 ms
        double a = Math.abs(r);
        if (a == 0 || a >= 1) {
            return significant(r, 3) + " s";
        }
        if (a >= 1e-3) {
            return significant(r * 1e3, 3) + " ms";
        }
        return a >= 1e-6 ? significant(r * 1e6, 3) + " us" : significant(r * 1e9, 3) + " ns";
    }

    /**
     * Seconds as the summaries and tables print them, three significant digits with their trailing
     * zeros ("%.3g") in s, ms or us: {@code 1.00 s}, {@code 45.6 ms}, {@code 789 us}, {@code 0 s}.
     */
    public static String seconds3(double s) {
        if (Math.abs(s) < 1e-12) {
            return "0 s"; // below a picosecond, finer than any clock a trace records: a residue of double arithmetic
        }
        double r = rounded(s, 3); // 0.9999996 s is "1.00 s", not "1.00e+03 ms"
        double a = Math.abs(r);
        if (a >= 1 || a == 0) {
            return (g3(r) + " s").replace("0.00 s", "0 s");
        }
        if (a >= 1e-3) {
            return g3(r * 1e3) + " ms";
        }
        return g3(r * 1e6) + " us";
    }

    /**
     * A bandwidth in bytes/s: {@code 10.0 GB/s}, {@code 117 MB/s}, {@code 10.0 TB/s}, {@code inf}. Rounded to three digits
     * before its unit is chosen: 999,999 B/s is {@code 1.00 MB/s}, where it read {@code 1.00e+03 kB/s}.
     */
    public static String bandwidth(double b) {
        if (Double.isInfinite(b)) {
            return "inf";
        }
        b = rounded(b, 3);
        if (b >= 1e12) {
            return g3(b / 1e12) + " TB/s";
        }
        if (b >= 1e9) {
            return g3(b / 1e9) + " GB/s";
        }
        if (b >= 1e6) {
            return g3(b / 1e6) + " MB/s";
        }
        if (b >= 1e3) {
            return g3(b / 1e3) + " kB/s";
        }
        return g3(b) + " B/s";
    }

    /** {@code part} as a percentage of {@code total} to one decimal: {@code 12.5%} (0 of 0 is 0.0%). */
    public static String percent(double part, double total) {
        return fixed(total == 0 ? 0 : 100 * part / total, 1) + "%";
    }

    /** A count of events or messages to one decimal with k, M or G: {@code 950}, {@code 12.3 k}, {@code 101.6 M} (the progress bar, --timing). */
    public static String amount(long n) {
        if (n >= 1_000_000_000L) {
            return fixed(n / 1e9, 1) + " G";
        }
        if (n >= 1_000_000L) {
            return fixed(n / 1e6, 1) + " M";
        }
        if (n >= 1_000L) {
            return fixed(n / 1e3, 1) + " k";
        }
        return Long.toString(n);
    }

    private static String scaled(double value, String[] units, String space) {
        int u = 0;
        double v = value;
        while (Math.abs(rounded(v, 3)) >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        // rounded as it reads (9995 B is 10 KB as 99,950 B is 100 KB; its binary 9.99499.. KB read 9.99 KB)
        return significant(rounded(v, 3), 3) + (units[u].isEmpty() ? "" : space + units[u]);
    }

    /**
     * {@code text} cut to at most {@code most} characters (code points: an emoji's two UTF-16 units are never split,
     * which left half of one, shown as U+FFFD), the last an ellipsis, when longer; else itself.
     *
     * @param text the text, a name from a trace (any length)
     * @param most the characters kept at most, the ellipsis included (at least 2)
     * @return the text or its cut
     */
    public static String cut(String text, int most) {
        int keep = Math.max(2, most);
        if (text.length() <= keep || text.codePointCount(0, text.length()) <= keep) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, keep - 1)) + "\u2026";
    }
}
