package org.igtrace.cli;

/**
 * {@code String.format(Locale.ROOT, "%.Nf", v)} and {@code "%.3g"} for the summary line, without
 * {@link java.util.Formatter}: its first use loads locale data, which costs a small run more than
 * the rest of its summary. The same text: Double.toString's shortest digits rounded half up at the
 * last digit kept, as the Formatter rounds them ({@code ShortFormatTest} compares the two).
 */
final class ShortFormat {
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

    private ShortFormat() {
    }

    /** {@code String.format(Locale.ROOT, "%." + decimals + "f", v)} for a finite {@code v}. */
    static String fixed(double v, int decimals) {
        Digits d = Digits.of(v);
        return d.round(d.point() + decimals).fixed(decimals);
    }

    /** {@code String.format(Locale.ROOT, "%.3g", v)} for a finite {@code v}. */
    static String significant3(double v) {
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
}
