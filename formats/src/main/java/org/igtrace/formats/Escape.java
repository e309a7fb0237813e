package org.igtrace.formats;

/**
 * The one escaper of each output language. Names in traces are untrusted: markup, quotes,
 * backslashes and control characters (an escape sequence can drive a terminal) pass through here
 * before they reach a file or the screen, so that no name can break a file or the terminal.
 */
public final class Escape {
    /** The replacement of a character a format cannot hold. */
    private static final char REPLACEMENT = '\uFFFD';

    private Escape() {
    }

    /**
     * Text for XML and HTML (GraphML, SVG, the report), in element content and in attribute values:
     * {@code & < > "} as entities (attribute values are always written in double quotes); tab, line feed and carriage
     * return as character references (a parser keeps them so, in content and in attribute values); characters XML 1.0
     * does not allow at all (the other C0 control characters, U+FFFE, U+FFFF, lone surrogates) and those it discourages
     * (DEL, the C1 controls) as U+FFFD; the Unicode controls that reorder or break a line ({@link #isControl}: a
     * right-to-left override in a name would reverse the rest of the report's sentence in a browser) in their visible
     * form, {@code \}{@code u202e}.
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
                    if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        b.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || c >= 0x7F && c < 0xA0 || c == 0xFFFE || c == 0xFFFF || Character.isSurrogate(c)) {
                        b.append(REPLACEMENT); // C0 (tab and line breaks above), DEL, C1
                    } else if (isControl(c)) {
                        appendVisible(b, c);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A character {@link #xml} keeps as it is, whatever follows it: printable, not markup, not a surrogate. */
    private static boolean xmlPlain(char c) {
        return c >= 0x20 && c < 0x7F ? c != '&' && c != '<' && c != '>' && c != '"'
                : c >= 0xA0 && (c < 0xD800 || c > 0xDFFF && c < 0xFFFE) && !isControl(c);
    }

    /**
     * The inside of a Graphviz DOT quoted string: backslashes and double quotes escaped, a line
     * break as DOT's {@code \n}, other control characters ({@link #isControl}: C0, DEL, C1, the bidirectional and
     * line-separating ones) as U+FFFD. Graphviz reads {@code \\} as
     * one backslash, so no backslash of a name can escape the closing quote.
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
                default -> b.append(isControl(c) ? REPLACEMENT : c);
            }
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
     * Unicode ones of {@link #isControl}) shown as {@code \n}, {@code \t}, {@code \r}, {@code \xHH}
     * or {@code \}{@code uHHHH}, so a name keeps to its line, in its order, and cannot drive the terminal.
     *
     * @param text untrusted text
     * @return the text with every control character made visible
     */
    public static String terminal(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                if (b == null) {
                    b = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                appendVisible(b, c);
            } else if (b != null) {
                b.append(c);
            }
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
     * Appends the visible form of a control character.
     *
     * @param b where to append
     * @param c a character {@link #isControl} accepts
     */
    public static void appendVisible(StringBuilder b, char c) {
        switch (c) {
            case '\n' -> b.append("\\n");
            case '\t' -> b.append("\\t");
            case '\r' -> b.append("\\r");
            default -> {
                if (c < 0x100) {
                    b.append("\\x").append(Character.forDigit(c >> 4 & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
                } else {
                    b.append(String.format("\\u%04x", (int) c));
                }
            }
        }
    }

    /**
     * A JSON string, with its double quotes: {@code " \\} escaped, line feed, carriage return and
     * tab as {@code \n \r \t}, the other control characters ({@link #isControl}: C0, DEL, C1, the bidirectional and
     * line-separating ones) as {@code \}{@code uXXXX}: the same string to a parser, nothing raw for a terminal.
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
                    if (isControl(c)) {
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
