package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A GraphML of 10^5 processes holds 3.5 million data values, nearly all numbers: {@link Escape#xml}
 * hands a text that needs no change back as it is (issue 41 item 6), where it copied each one
 * character by character into a new builder. What it changes, it changes as before.
 */
class XmlEscapeCopiesTest {
    @Test
    void plainTextIsNotCopied() {
        String number = "1234.5678";
        assertSame(number, Escape.xml(number));
        String name = "MPI Rank 99999\twith tab\nand é, 中";
        assertSame(name, Escape.xml(name));
    }

    @Test
    void whatNeedsEscapingIsEscapedAsBefore() {
        assertEquals("a&amp;b&lt;c&gt;&quot;d", Escape.xml("a&b<c>\"d"));
        assertEquals("x\uFFFDy", Escape.xml("x\u0001y"));
        assertEquals("ok \uD83D\uDE00 \uFFFD", Escape.xml("ok \uD83D\uDE00 \uD800"));
        assertEquals("\uFFFD\uFFFD", Escape.xml("\uFFFE\uFFFF"));
    }
}
