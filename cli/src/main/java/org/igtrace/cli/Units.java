package org.igtrace.cli;

import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * Parses the quantities of {@code igtrace predict} and {@code igtrace map}: times ({@code 5us}), bandwidths
 * ({@code 10GB/s}, {@code inf}), sizes ({@code 64KiB}) and ratios, as picocli's type converters of their options
 * ({@link Time}, {@link Rate}, {@link Size}, {@link Ratio}). A value that does not parse is refused ({@link Refused}):
 * picocli's usage error, said by the one handler as {@code --OPTION 'VALUE': expected FORMS}.
 */
final class Units {
    static final String TIME_FORMS = "a time from 0 to 10^9 s: a number of seconds, or with ns, us, ms or s (e.g. 5us)";
    static final String BANDWIDTH_FORMS = "a bandwidth of at least 1 byte/s: bytes/s, or with B/s, kB/s, MB/s, GB/s, TB/s (10^3 steps), KiB/s,"
            + " MiB/s, GiB/s, TiB/s, or inf (e.g. 10GB/s; bits per second, such as Gb/s, are not taken: 10 Gb/s is 1.25GB/s)";
    static final String SIZE_FORMS = "a size from 0 to 2^62 bytes: bytes, or with B, KiB, MiB, GiB, kB, MB, GB (e.g. 64KiB)";
    static final String RATIO_FORMS = "a number from 10^-9 to 10^9 (e.g. 2: compute runs twice as fast)";
    /** Limits that keep every value printable and every prediction finite (1e400 gave an internal error, 5e-324 B/s inf). */
    private static final double MAX_TIME = 1e9, MIN_BANDWIDTH = 1, MAX_RATIO = 1e9;

    private Units() {
    }

    /**
     * A value an option's converter refused: the one handler says {@link #line} (exit 2). The qualifier names the part
     * of the option's value refused ({@code --sweep latency}), the value that part (null: the option's whole value).
     */
    static final class Refused extends CommandLine.TypeConversionException {
        private static final long serialVersionUID = 1L;
        private final String qualifier;
        private final String value;

        Refused(String message) {
            this("", null, message);
        }

        Refused(String qualifier, String value, String message) {
            super(message);
            this.qualifier = qualifier;
            this.value = value;
        }

        /** A refusal whose message starts with the value it refuses, quoted ({@code 'VALUE' is not ...}): said after the option. */
        static Refused naming(String message) {
            return new Refused(null, null, message);
        }

        /** {@code --OPTION[ QUALIFIER] 'VALUE': MESSAGE} (a {@link #naming} one: {@code --OPTION MESSAGE}), for the usage error picocli made of this refusal. */
        String line(CommandLine.ParameterException ex) {
            String option = ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o ? o.longestName() : ex.getArgSpec().paramLabel();
            if (qualifier == null) {
                return option + " " + getMessage();
            }
            return option + qualifier + " '" + (value != null ? value : ex.getValue()) + "': " + getMessage();
        }
    }

    /** {@code parse(text)}, or refused with {@code expected FORMS}. */
    static <T> T parsed(String text, Function<String, T> parse, String forms) {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new Refused("expected " + forms);
        }
    }

    /** A converter of an option's value by {@code parse}, refusing with {@code expected FORMS}. */
    private abstract static class Converter<T> implements CommandLine.ITypeConverter<T> {
        private final Function<String, T> parse;
        private final String forms;

        Converter(Function<String, T> parse, String forms) {
            this.parse = parse;
            this.forms = forms;
        }

        @Override
        public T convert(String text) {
            return parsed(text, parse, forms);
        }
    }

    /** {@code --latency} and the other times. */
    static final class Time extends Converter<Double> {
        Time() {
            super(Units::time, TIME_FORMS);
        }
    }

    /** {@code --bandwidth} and the other rates. */
    static final class Rate extends Converter<Double> {
        Rate() {
            super(Units::bandwidth, BANDWIDTH_FORMS);
        }
    }

    /** {@code --eager-limit}. */
    static final class Size extends Converter<Long> {
        Size() {
            super(Units::size, SIZE_FORMS);
        }
    }

    /** {@code --cpu-ratio}. */
    static final class Ratio extends Converter<Double> {
        Ratio() {
            super(Units::ratio, RATIO_FORMS);
        }
    }

    static double time(String text) {
        String t = clean(text);
        double v = number(t, new String[] {"ns", "us", "\u00b5s", "ms", "s", ""}, new double[] {-1e9, -1e6, -1e6, -1e3, 1, 1}, TIME_FORMS);
        if (!(v >= 0 && v <= MAX_TIME)) {
            throw new IllegalArgumentException(TIME_FORMS);
        }
        return v;
    }

    static double bandwidth(String text) {
        if (text != null && text.strip().matches("(?s).*[0-9.]\\s*[kKmMgGtT]?i?b(/s|ps|it.*)")) { // a lower-case b: bits (10Gb/s was read as 10 GB/s)
            throw new IllegalArgumentException(BANDWIDTH_FORMS);
        }
        String t = clean(text);
        if (t.equals("inf") || t.equals("infinite") || t.equals("infinity")) {
            return Double.POSITIVE_INFINITY;
        }
        double v = number(t, new String[] {"kib/s", "mib/s", "gib/s", "tib/s", "kb/s", "mb/s", "gb/s", "tb/s", "b/s", ""},
                new double[] {1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024, 1024.0 * 1024 * 1024 * 1024, 1e3, 1e6, 1e9, 1e12, 1, 1},
                BANDWIDTH_FORMS);
        if (!(v >= MIN_BANDWIDTH) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(BANDWIDTH_FORMS);
        }
        return v;
    }

    static long size(String text) {
        String t = clean(text);
        double v = number(t, new String[] {"kib", "mib", "gib", "kb", "mb", "gb", "b", ""},
                new double[] {1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024, 1e3, 1e6, 1e9, 1, 1}, SIZE_FORMS);
        if (!(v >= 0) || v > (double) (1L << 62)) {
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
        if (!(v >= 1 / MAX_RATIO && v <= MAX_RATIO)) {
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
}
