package org.igtrace.cli;

import java.util.Locale;

/**
 * Parses and prints the quantities of {@code igtrace predict}: times ({@code 5us}), bandwidths
 * ({@code 10GB/s}, {@code inf}) and sizes ({@code 64KiB}). A value that does not parse gives an
 * {@link IllegalArgumentException} whose message names the accepted forms.
 */
final class Units {
    static final String TIME_FORMS = "a time >= 0: a number of seconds, or with ns, us, ms or s (e.g. 5us)";
    static final String BANDWIDTH_FORMS = "a bandwidth > 0: bytes/s, or with B/s, kB/s, MB/s, GB/s (10^3 steps), KiB/s, MiB/s, GiB/s, or inf (e.g. 10GB/s)";
    static final String SIZE_FORMS = "a size >= 0: bytes, or with B, KiB, MiB, GiB, kB, MB, GB (e.g. 64KiB)";
    static final String RATIO_FORMS = "a number > 0 (e.g. 2: compute runs twice as fast)";

    private Units() {
    }

    static double time(String text) {
        String t = clean(text);
        double v = number(t, new String[] {"ns", "us", "ms", "s", ""}, new double[] {-1e9, -1e6, -1e3, 1, 1}, TIME_FORMS);
        if (!(v >= 0)) {
            throw new IllegalArgumentException(TIME_FORMS);
        }
        return v;
    }

    static double bandwidth(String text) {
        String t = clean(text);
        if (t.equals("inf") || t.equals("infinite") || t.equals("infinity")) {
            return Double.POSITIVE_INFINITY;
        }
        double v = number(t, new String[] {"kib/s", "mib/s", "gib/s", "kb/s", "mb/s", "gb/s", "b/s", ""},
                new double[] {1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024, 1e3, 1e6, 1e9, 1, 1}, BANDWIDTH_FORMS);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(BANDWIDTH_FORMS);
        }
        return v;
    }

    static long size(String text) {
        String t = clean(text);
        double v = number(t, new String[] {"kib", "mib", "gib", "kb", "mb", "gb", "b", ""},
                new double[] {1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024, 1e3, 1e6, 1e9, 1, 1}, SIZE_FORMS);
        if (!(v >= 0) || v > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException(SIZE_FORMS);
        }
        return Math.round(v);
    }

    static double ratio(String text) {
        double v;
        try {
            v = Double.parseDouble(clean(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(RATIO_FORMS);
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(RATIO_FORMS);
        }
        return v;
    }

    private static String clean(String text) {
        return text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
    }

    /** The number before the first matching unit suffix (tried in order), times that unit's factor. */
    private static double number(String t, String[] units, double[] factors, String forms) {
        for (int i = 0; i < units.length; i++) {
            if (t.endsWith(units[i])) {
                String digits = t.substring(0, t.length() - units[i].length());
                if (digits.isEmpty() || !Character.isDigit(digits.charAt(digits.length() - 1)) && !digits.endsWith(".")) {
                    continue;
                }
                try {
                    double v = Double.parseDouble(digits);
                    return factors[i] < 0 ? v / -factors[i] : v * factors[i]; // a negative factor divides (5us = 5 / 1e6 exactly rounded)
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(forms);
                }
            }
        }
        throw new IllegalArgumentException(forms);
    }

    /** "5 us", "1.2 ms", "3.45 s": three significant digits. */
    static String seconds(double s) {
        return Summary.seconds(s);
    }

    /** "10 GB/s", "117 MB/s", "inf". */
    static String bandwidth(double b) {
        if (Double.isInfinite(b)) {
            return "inf";
        }
        if (b >= 1e9) {
            return String.format(Locale.ROOT, "%.3g GB/s", b / 1e9);
        }
        if (b >= 1e6) {
            return String.format(Locale.ROOT, "%.3g MB/s", b / 1e6);
        }
        return String.format(Locale.ROOT, "%.3g kB/s", b / 1e3);
    }
}
