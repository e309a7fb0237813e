package org.igtrace.formats;

/**
 * The one escaper of each output language. Names in traces are untrusted: markup, quotes,
 * backslashes and control characters (an escape sequence can drive a terminal) pass through here
 * before they reach a file or the screen, so that no name can break a file or the terminal. Characters that draw
 * nothing ({@link #isHidden}: a zero-width space, a byte order mark, a soft hyphen) are shown in their visible form
 * too, so that two names that differ only in them do not look alike.
 */
public final class Escape {
    /** The replacement of a character a format cannot hold. */
    private static final char REPLACEMENT = '\uFFFD';

    private Escape() {
    }

    /**
     * Text for XML and HTML (GraphML, SVG, the report), in element content and in attribute values:
     * {@code & < > "} as entities (attribute values are always written in double quotes); tab, line feed and carriage
     * return as character references (a parser keeps them so, in content and in attribute values); the other control
     * characters (XML 1.0 does not allow the C0 ones and discourages DEL and C1), the Unicode controls that reorder or
     * break a line ({@link #isControl}: a right-to-left override in a name would reverse the rest of the report's
     * sentence in a browser) and the characters that draw nothing ({@link #isHidden}) in their visible form,
     * {@code \x01}, {@code \}{@code u202e}, so that names that differ only in them stay apart; U+FFFE, U+FFFF and lone
     * surrogates (not characters) as U+FFFD.
     *
     * @param text untrusted text
     * @return the text as XML character data
     */
    public static String xml(String text) {
        int first = 0;
        while (first < text.length() && xmlPlain(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text; // nothing to change (numbers, most names): no copy
        }
        StringBuilder b = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                // as references: an XML parser reads a raw CR as LF (end-of-line handling), and in an attribute value
                // a raw tab or line break as a space (attribute-value normalisation); a reference keeps each
                case '\t' -> b.append("&#9;");
                case '\n' -> b.append("&#10;");
                case '\r' -> b.append("&#13;");
                default -> {
                    int cp = text.codePointAt(i);
                    if (shown(cp)) {
                        appendVisible(b, cp);
                    } else if (c == 0xFFFE || c == 0xFFFF || cp == c && Character.isSurrogate(c)) {
                        b.append(REPLACEMENT);
                    } else {
                        b.appendCodePoint(cp);
                    }
                    i += Character.charCount(cp) - 1;
                }
            }
        }
        return b.toString();
    }

    /**
     * Text a person reads in HTML or SVG (the report, the SVG timeline, the sweep plot): a name shown as the terminal's
     * text shows it ({@link #terminal}: a backslash doubled, a tab or line break as {@code \t}, {@code \n}, other
     * control characters and those that draw nothing as {@code \x01}, {@code \}{@code u202e}), then as XML character
     * data ({@link #xml}). A browser draws a tab or line break as a space, so a name holding one looked like one holding
     * a space; with the backslash doubled a name holding the four characters {@code \x01} does not look like one holding
     * the byte. GraphML, read by programs, keeps each character ({@link #xml} alone).
     *
     * @param text untrusted text
     * @return the text as XML character data, every control character visible
     */
    public static String html(String text) {
        return xml(terminal(text));
    }

    /** A character {@link #xml} keeps as it is, whatever follows it: printable, not markup, not a surrogate, drawn. */
    private static boolean xmlPlain(char c) {
        return c >= 0x20 && c < 0x7F ? c != '&' && c != '<' && c != '>' && c != '"'
                : c >= 0xA0 && (c < 0xD800 || c > 0xDFFF && c < 0xFFFE) && !isControl(c) && !isHidden(c);
    }

    /**
     * The inside of a Graphviz DOT quoted string: backslashes and double quotes escaped, a line
     * break as DOT's {@code \n}, other control characters ({@link #isControl}: C0, DEL, C1, the bidirectional and
     * line-separating ones) and the characters that draw nothing ({@link #isHidden}) in their visible form
     * ({@code \x01}, {@code \}{@code u200b}, its backslash escaped so that Graphviz draws it). Graphviz reads
     * {@code \\} as one backslash, so no backslash of a name can escape the closing quote.
     *
     * @param text untrusted text
     * @return the text to put between double quotes
     */
    public static String dot(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                default -> {
                    int cp = text.codePointAt(i);
                    if (shown(cp)) {
                        b.append('\\');
                        appendVisible(b, cp);
                    } else {
                        b.appendCodePoint(cp);
                    }
                    i += Character.charCount(cp) - 1;
                }
            }
        }
        return b.toString();
    }

    /** Code points per quoted part of {@link #dotQuoted}: escaped, at most 11 bytes each, so a part stays under 16 KiB. */
    private static final int DOT_PART = 1000;

    /**
     * A whole Graphviz DOT quoted string of {@code text} ({@link #dot} inside the quotes); a text of more than
     * {@value #DOT_PART} code points as several quoted parts joined with DOT's {@code +}, which Graphviz reads as one
     * string: its scanner refuses a quoted string longer than 16,384 bytes ("syntax error ... longer than 16384?"; a host
     * name of 16,400 bytes made the whole file unreadable).
     *
     * @param text untrusted text
     * @return the quoted string, as DOT reads it
     */
    public static String dotQuoted(String text) {
        if (text.length() <= DOT_PART) {
            return "\"" + dot(text) + "\"";
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int at = 0; at < text.length(); ) {
            int end = at;
            for (int n = 0; n < DOT_PART && end < text.length(); n++) {
                end += Character.charCount(text.codePointAt(end));
            }
            b.append(at == 0 ? "\"" : " + \"").append(dot(text.substring(at, end))).append('"');
            at = end;
        }
        return b.toString();
    }

    /**
     * A CSV field (RFC 4180): quoted, with its double quotes doubled, when it holds a comma, a
     * double quote or a line break; as it is otherwise.
     *
     * @param text untrusted text
     * @return the field
     */
    public static String csv(String text) {
        boolean quote = text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    /**
     * Text for a terminal or a plain-text file: control characters (C0, DEL and C1, among them
     * ESC and the single-byte CSI that start terminal escape sequences, tab and line breaks; the
     * Unicode ones of {@link #isControl}) and the characters that draw nothing ({@link #isHidden}) shown as
     * {@code \n}, {@code \t}, {@code \r}, {@code \xHH}, {@code \}{@code uHHHH} or {@code \UHHHHHHHH}, and a
     * backslash as {@code \\}, so a name keeps to its line, in its order, cannot drive the terminal, and a name holding
     * a line break never reads like one holding a backslash and an n.
     *
     * @param text untrusted text
     * @return the text with every control character made visible
     */
    public static String terminal(String text) {
        return visible(text, true, false);
    }

    /**
     * A message for standard error made one line: as {@link #terminal}, but a backslash is left as it is, since a
     * message's own text may show a byte in its visible form ({@code \x03BOTF2}, a path's byte {@code \xff}).
     *
     * @param text a message that may hold untrusted names and paths
     * @return the message on one line, with every control character made visible
     */
    public static String line(String text) {
        return visible(text, false, false);
    }

    /**
     * {@code text} with its control and hidden characters in their visible form, as {@link #terminal} writes them.
     *
     * @param text text
     * @param backslashes whether a backslash is doubled (names: yes; standard error's lines, whose names came through
     *        {@link #terminal} or are paths and messages, no)
     * @param lineBreaks whether a line feed is kept as it is (whole lines of standard error)
     * @return the text made visible
     */
    public static String visible(String text, boolean backslashes, boolean lineBreaks) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int cp = c < 0x80 ? c : text.codePointAt(i);
            boolean escape = c == '\\' ? backslashes : c == '\n' ? !lineBreaks : shown(cp);
            if (escape && b == null) {
                b = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (escape) {
                if (c == '\\') {
                    b.append("\\\\");
                } else {
                    appendVisible(b, cp);
                }
            } else if (b != null) {
                b.appendCodePoint(cp);
            }
            i += Character.charCount(cp) - 1;
        }
        return b == null ? text : b.toString();
    }

    /**
     * Whether {@link #terminal} shows {@code c} escaped.
     *
     * @param c a character
     * @return true for C0 controls, DEL and C1 controls, and the Unicode controls that move text on a line or break it:
     *         the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to U+202E,
     *         U+2066 to U+2069: a right-to-left override reorders the rest of the line on a terminal that supports
     *         bidirectional text) and the line and paragraph separators (U+2028, U+2029)
     */
    public static boolean isControl(char c) {
        return c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)
                || c >= 0x2000 && (c == 0x200E || c == 0x200F || c >= 0x2028 && c <= 0x202E || c >= 0x2066 && c <= 0x2069)
                || c == 0x061C;
    }

    /**
     * Whether a character draws nothing where it stands, so that two names that differ only in it look alike: Unicode's
     * default-ignorable code points (DerivedCoreProperties.txt) that {@link #isControl} does not already take, among them
     * the soft hyphen U+00AD, the zero-width space, joiners and word joiner (U+200B to U+200D, U+2060), the byte order
     * mark U+FEFF, the variation selectors, the Hangul fillers and the tag characters (U+E0000 to U+E0FFF).
     *
     * @param cp a code point
     * @return true for a default-ignorable code point
     */
    public static boolean isHidden(int cp) {
        return cp == 0xAD || cp == 0x34F || cp == 0x115F || cp == 0x1160 || cp == 0x17B4 || cp == 0x17B5
                || cp >= 0x180B && cp <= 0x180F || cp >= 0x200B && cp <= 0x200D || cp >= 0x2060 && cp <= 0x2065
                || cp >= 0x206A && cp <= 0x206F || cp == 0x3164 || cp >= 0xFE00 && cp <= 0xFE0F || cp == 0xFEFF || cp == 0xFFA0
                || cp >= 0xFFF0 && cp <= 0xFFF8 || cp >= 0x1BCA0 && cp <= 0x1BCA3 || cp >= 0x1D173 && cp <= 0x1D17A
                || cp >= 0xE0000 && cp <= 0xE0FFF;
    }

    /**
     * Whether the escapers show a code point in its visible form.
     *
     * @param cp a code point
     * @return {@link #isControl} or {@link #isHidden}
     */
    public static boolean shown(int cp) {
        return cp < 0x10000 && isControl((char) cp) || isHidden(cp);
    }

    /**
     * Appends the visible form of a control character.
     *
     * @param b where to append
     * @param c a character {@link #isControl} accepts
     */
    public static void appendVisible(StringBuilder b, char c) {
        appendVisible(b, (int) c);
    }

    /**
     * Appends the visible form of a code point: {@code \n}, {@code \t}, {@code \r}, {@code \xHH} below U+0100,
     * {@code \}{@code uHHHH} in the basic plane, {@code \UHHHHHHHH} above it.
     *
     * @param b where to append
     * @param cp a code point {@link #shown} accepts
     */
    public static void appendVisible(StringBuilder b, int cp) {
        switch (cp) {
            case '\n' -> b.append("\\n");
            case '\t' -> b.append("\\t");
            case '\r' -> b.append("\\r");
            default -> {
                String hex = Integer.toHexString(cp);
                String prefix = cp < 0x100 ? "\\x" : cp < 0x10000 ? "\\u" : "\\U";
                int digits = cp < 0x100 ? 2 : cp < 0x10000 ? 4 : 8;
                b.append(prefix).append("0".repeat(digits - hex.length())).append(hex);
            }
        }
    }

    /**
     * A JSON string, with its double quotes: {@code " \\} escaped, line feed, carriage return and
     * tab as {@code \n \r \t}, the other control characters ({@link #isControl}: C0, DEL, C1, the bidirectional and
     * line-separating ones) and the characters that draw nothing ({@link #isHidden}; above the basic plane, both halves
     * of the surrogate pair) as {@code \}{@code uXXXX}: the same string to a parser, nothing raw for a terminal.
     *
     * @param text untrusted text
     * @return the JSON string literal
     */
    public static String json(String text) {
        StringBuilder s = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (isControl(c) || isHidden(c) || Character.isSurrogate(c) && isHidden(text.codePointAt(
                            Character.isHighSurrogate(c) || i == 0 ? i : i - 1))) {
                        s.append("\\u").append(Character.forDigit(c >> 12, 16)).append(Character.forDigit(c >> 8 & 0xF, 16))
                                .append(Character.forDigit(c >> 4 & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}
