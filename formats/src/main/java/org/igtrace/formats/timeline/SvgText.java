package org.igtrace.formats.timeline;

import java.util.List;
import org.igtrace.formats.Escape;

/**
 * The text of an SVG picture: how wide a text is drawn, notes wrapped to lines and names cut to a length, so that
 * labels, legend entries and notes stay inside the picture (the timeline's, the prediction sweep's).
 */
public final class SvgText {
    private SvgText() {
    }

    /**
     * The width in pixels of {@code text} in the 11 px sans-serif of the picture, at least what
     * DejaVu Sans (the usual sans-serif of Linux browsers) takes, by classes of characters: a
     * region name in capitals is a third wider than one in small letters, and its legend entry
     * ran into the next one when every character counted 6.2 px. The text is measured as {@link Escape#html} has it
     * shown: a backslash doubled, control characters and those that draw nothing in their visible form ({@code \t},
     * {@code \x01}, {@code \}{@code u202e}), a surrogate pair or U+FFFD as one wide character.
     *
     * @param text the text as the trace gives it (unescaped)
     * @return its width in pixels, at least what the browser draws
     */
    public static double textWidth(String text) {
        String shown = Escape.terminal(text);
        double em = 0;
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            int cp = shown.codePointAt(i);
            if (cp > 0xFFFF || c == 0xFFFE || c == 0xFFFF || Character.isSurrogate(c)) {
                em += 1.0; // a pair (an emoji, a rare ideograph) or U+FFFD
            } else {
                em += c == '\u2030' ? 1.4 // per mille
                        : "mwMW%@\u2026\u2014".indexOf(c) >= 0 || org.igtrace.formats.TextColumns.wide(c) ? 1.0
                        : "<=>+~^#".indexOf(c) >= 0 ? 0.84 // operator<<= and templates: DejaVu draws them wider than letters
                        : "il.,:;'|!jI".indexOf(c) >= 0 ? 0.32
                        : "ftr()[]{} -/\\".indexOf(c) >= 0 ? 0.43
                        : Character.isUpperCase(c) ? 0.8 : 0.65;
            }
            i += Character.charCount(cp) - 1;
        }
        return em * 11;
    }

    /** The notes as lines of at most {@code chars} characters, broken at spaces (a word longer than a line stands alone). */
    static List<String> wrap(List<String> notes, int chars) {
        List<String> lines = new java.util.ArrayList<>();
        int most = Math.max(20, chars);
        for (String note : notes) {
            StringBuilder line = new StringBuilder();
            for (String word : note.split(" ")) {
                if (line.length() > 0 && line.length() + 1 + word.length() > most) {
                    lines.add(line.toString());
                    line.setLength(0);
                    line.append("  "); // continued lines indented
                }
                line.append(line.length() == 0 || line.toString().isBlank() ? "" : " ").append(word);
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** How many characters (code points) {@code text} has. */
    static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    /** {@code text}, cut to {@code chars} characters with an ellipsis when longer. */
    static String shorten(String text, int chars) {
        return org.igtrace.core.util.Labels.cut(text, Math.max(10, chars));
    }
}
