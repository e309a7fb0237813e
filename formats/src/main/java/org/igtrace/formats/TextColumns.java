package org.igtrace.formats;

/**
 * How wide text is on a terminal, in columns, and names cut to a width there: a table's columns line up only when a
 * CJK name counts two columns a character and a combining accent none (counted in UTF-16 units, a row with 中文 stood
 * two columns short, one with an accent one column long).
 */
public final class TextColumns {
    private TextColumns() {
    }

    /**
     * The columns {@code text} takes on a terminal: 2 for a wide character (East Asian Wide and Fullwidth: CJK, Hangul,
     * kana, full-width forms, and the emoji blocks), 0 for a combining mark, 1 for any other code point.
     *
     * @param text text as written to the terminal (escaped)
     * @return its width in columns
     */
    public static int of(String text) {
        int columns = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            columns += of(cp);
            i += Character.charCount(cp);
        }
        return columns;
    }

    /**
     * The columns of one code point, as {@link #of(String)} counts them.
     *
     * @param cp a code point
     * @return 0, 1 or 2
     */
    public static int of(int cp) {
        if (cp < 0x300) {
            return 1;
        }
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK) {
            return 0;
        }
        return wide(cp) ? 2 : 1;
    }

    /**
     * Whether a code point is drawn two columns (a full em) wide: CJK ideographs, Hangul, kana, full-width forms (the East
     * Asian wide ranges) and the emoji blocks.
     *
     * @param cp a code point
     * @return true for a wide character
     */
    public static boolean wide(int cp) {
        return Character.isIdeographic(cp) || cp >= 0x1100 && cp <= 0x115F || cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F
                || cp >= 0xAC00 && cp <= 0xD7A3 || cp >= 0xF900 && cp <= 0xFAFF || cp >= 0xFE30 && cp <= 0xFE4F
                || cp >= 0xFF00 && cp <= 0xFF60 || cp >= 0xFFE0 && cp <= 0xFFE6 || cp >= 0x1F300 && cp <= 0x1F64F
                || cp >= 0x1F900 && cp <= 0x1F9FF || cp >= 0x20000 && cp <= 0x3FFFD;
    }

    /**
     * An untrusted name as a terminal shows it ({@link Escape#terminal}), cut to at most {@code most} columns with an
     * ellipsis: never inside a character or inside the visible form of an escaped one.
     *
     * @param name untrusted text, as the trace gives it
     * @param most the most columns, the ellipsis included (at least 2)
     * @return the name escaped, whole or cut
     */
    public static String cut(String name, int most) {
        String shown = Escape.terminal(name);
        int limit = Math.max(2, most);
        if (shown.length() <= limit && of(shown) <= limit) {
            return shown;
        }
        StringBuilder b = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            String piece = Escape.terminal(new String(Character.toChars(cp)));
            int w = of(piece);
            if (used + w > limit - 1) {
                break;
            }
            b.append(piece);
            used += w;
            i += Character.charCount(cp);
        }
        return b.append('\u2026').toString();
    }
}
