package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Escape#terminal}: names from a trace reach the terminal with no character that drives it, breaks the line or
 * reorders it; other text is left as it is.
 */
class TerminalEscapeTest {
    @Test
    void controlCharactersOfEveryKindAreShownEscaped() {
        assertEquals("a\\x1b[31mb\\nc\\x9bd\\x7f", Escape.terminal("a\u001b[31mb\nc\u009bd\u007f"));
        // a right-to-left override reordered the rest of the line ("rank 0's region" read backwards after it)
        assertEquals("solve\\u202eevlos", Escape.terminal("solve\u202eevlos"));
        assertEquals("a\\u2028b\\u2029c", Escape.terminal("a\u2028b\u2029c"), "line and paragraph separators");
        assertEquals("\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069\\u061c",
                Escape.terminal("\u200e\u200f\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u061c"));
    }

    @Test
    void otherTextIsLeftAsItIs() {
        String text = "r\u00e9gion \u65e5\u672c \u2014 \u2027 \u202f \u2065 \u206a z\u200d";
        assertEquals(text, Escape.terminal(text));
    }
}
