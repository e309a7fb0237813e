package org.igtrace.formats.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The legend and the row labels are laid out by {@link SvgTimelineWriter#textWidth}, which must measure a name as the
 * picture shows it after escaping ({@code Escape.html}): a name with control characters ran 115 px into the next
 * legend entry when each counted as one ordinary letter.
 */
class TextWidthTest {
    private static final double EM = 11; // the picture's font size, px

    @Test
    void aC0OrC1ControlCharacterIsMeasuredInItsVisibleForm() {
        // U+0001 is drawn as the four characters \x01: '\' 0.43 + 'x' '0' '1' 3 x 0.65 em (an ordinary small letter)
        assertEquals((0.43 + 3 * 0.65) * EM, SvgText.textWidth("\u0001"), 1e-9);
        // three backslashes, and the f of 7f, 0.43 em each; x 0 1 x 7 x 8 5 0.65 em each
        assertEquals((4 * 0.43 + 8 * 0.65) * EM, SvgText.textWidth("\u0001\u007f\u0085"), 1e-9);
        // a name holding a backslash and x01 is shown with the backslash doubled (Escape.html), one backslash wider
        assertEquals((2 * 0.43 + 3 * 0.65) * EM, SvgText.textWidth("\\x01"), 1e-9);
        // what XML cannot hold at all is drawn as U+FFFD, one em
        assertEquals(EM, SvgText.textWidth("\uFFFF"), 1e-9);
    }

    @Test
    void aBidiOverrideIsMeasuredInItsVisibleForm() {
        // U+202E is written as the six characters \u202e: '\' 0.43 + 'u' 0.65 + '2' '0' '2' 'e' 4 x 0.65 em
        assertEquals((0.43 + 5 * 0.65) * EM, SvgText.textWidth("\u202e"), 1e-9);
        assertEquals(SvgText.textWidth("\\u202e") - 0.43 * EM, SvgText.textWidth("\u202e"), 1e-9);
    }

    /** Measured in Chromium with DejaVu Sans: '<' '=' '>' about 0.84 em, the per-mille sign 1.4, a Hangul syllable 1. */
    @Test
    void operatorsAndWideScriptsAreMeasuredWide() {
        assertEquals(3 * 0.84 * EM, SvgText.textWidth("<=>"), 1e-9);
        assertEquals(1.4 * EM, SvgText.textWidth("\u2030"), 1e-9);
        assertEquals(2 * EM, SvgText.textWidth("\uD55C\u30AB"), 1e-9); // a Hangul syllable, a katakana
    }

    @Test
    void tabsAndLineBreaksAreShownAndASurrogatePairIsOneWideCharacter() {
        // a tab and a line break are drawn as \t and \n (Escape.html): 'a' 'b' 'c' 0.65 each, '\' 't' 0.43 each, 'n' 0.65
        assertEquals((3 * 0.65 + 0.43 + 0.43 + 0.43 + 0.65) * EM, SvgText.textWidth("a\tb\nc"), 1e-9);
        assertEquals(1 * EM, SvgText.textWidth("\uD83D\uDE00"), 1e-9); // one emoji
    }
}
