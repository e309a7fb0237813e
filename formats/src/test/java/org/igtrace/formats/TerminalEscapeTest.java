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
        String text = "r\u00e9gion \u65e5\u672c \u2014 \u2027 \u202f \ud83d\ude00 z";
        assertEquals(text, Escape.terminal(text));
    }

    /**
     * Characters that draw nothing (Unicode's default-ignorable code points) are shown: "solve" and "sol<U+200B>ve"
     * printed alike, as did a name with a byte order mark or a soft hyphen, and a tag character above the basic plane.
     */
    @Test
    void charactersThatDrawNothingAreShown() {
        assertEquals("sol\\u200bve", Escape.terminal("sol\u200bve"));
        assertEquals("\\ufeffmain \\xad \\u2060 \\u206a z\\u200d \\ufe0f \\u3164", Escape.terminal("\ufeffmain \u00ad \u2060 \u206a z\u200d \ufe0f \u3164"));
        assertEquals("a\\U000e0041b", Escape.terminal("a\uDB40\uDC41b"), "U+E0041, a tag character, as one code point");
        assertEquals("\"a\\u200b\\udb40\\udc41\"", Escape.json("a\u200b\uDB40\uDC41"));
        assertEquals("a\\\\u200b", Escape.dot("a\u200b"), "DOT: the visible form's backslash escaped, so Graphviz draws it");
        assertEquals("a\\u200b", Escape.xml("a\u200b"));
    }

    /** A backslash is doubled: a name holding a line break and one holding a backslash and an n printed alike. */
    @Test
    void aBackslashIsDoubledSoThatEscapesAreUnambiguous() {
        assertEquals("a\\nb", Escape.terminal("a\nb"));
        assertEquals("a\\\\nb", Escape.terminal("a\\nb"));
        assertEquals("C:\\\\tmp", Escape.terminal("C:\\tmp"));
        assertEquals("a\\\\nb\n", Escape.visible("a\\nb\n", true, true), "standard error keeps its line breaks");
        assertEquals("a\\nb\\x1b", Escape.visible("a\\nb\u001b", false, false), "and its backslashes, which names already doubled");
    }

    /**
     * What a person reads in HTML and SVG is shown as the terminal's text: the report's thread table doubled a backslash
     * where its region names did not, so a name holding the four characters backslash x 0 1 looked like one holding the
     * byte 0x01, and a tab was drawn as a space.
     */
    @Test
    void htmlShowsNamesAsTheTerminalDoesAndStaysMarkupFree() {
        assertEquals("a\\\\x01|\\x01", Escape.html("a\\x01|\u0001"));
        assertEquals("a\\tb\\nc", Escape.html("a\tb\nc"));
        assertEquals("&lt;b&gt;&amp;&quot;\\u202e", Escape.html("<b>&\"\u202e"));
        assertEquals("a&#9;b", Escape.xml("a\tb"), "GraphML keeps the tab");
    }
}
