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
        String name = "MPI Rank 99999 and é, 中";
        assertSame(name, Escape.xml(name));
    }

    /**
     * Tab, line feed and carriage return as character references: raw, an XML parser read a CR as LF and, in an
     * attribute value, each of the three as a space.
     */
    @Test
    void tabsAndLineBreaksAreReferencesThatParsersKeep() throws Exception {
        String name = "a\tb\nc\rd";
        assertEquals("a&#9;b&#10;c&#13;d", Escape.xml(name));
        String doc = "<r v=\"" + Escape.xml(name) + "\">" + Escape.xml(name) + "</r>";
        org.w3c.dom.Element r = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(doc.getBytes(java.nio.charset.StandardCharsets.UTF_8))).getDocumentElement();
        assertEquals(name, r.getTextContent());
        assertEquals(name, r.getAttribute("v"));
    }

    @Test
    void whatNeedsEscapingIsEscapedAsBefore() {
        assertEquals("a&amp;b&lt;c&gt;&quot;d", Escape.xml("a&b<c>\"d"));
        assertEquals("x\\x01y", Escape.xml("x\u0001y"), "in its visible form: x<U+0002>y stays apart from it");
        assertEquals("ok \uD83D\uDE00 \uFFFD", Escape.xml("ok \uD83D\uDE00 \uD800"));
        assertEquals("\uFFFD\uFFFD", Escape.xml("\uFFFE\uFFFF"));
    }

    /**
     * DEL, the C1 controls (U+0085, the single-byte CSI U+009B) and the Unicode controls that reorder or break a line
     * came out raw in XML, JSON and DOT: on a terminal a raw CSI drives it, and in the report a right-to-left override in
     * a region's name reversed the rest of the sentence it stood in.
     */
    @Test
    void delC1AndBidirectionalControlsNeverComeOutRaw() {
        String name = "a\u007Fb\u0085c\u009B31md\u202EEXE.txt\u2028e";
        assertEquals("a\\x7fb\\x85c\\x9b31md\\u202eEXE.txt\\u2028e", Escape.xml(name));
        assertEquals("\"a\\u007fb\\u0085c\\u009b31md\\u202eEXE.txt\\u2028e\"", Escape.json(name));
        assertEquals("a\\\\x7fb\\\\x85c\\\\x9b31md\\\\u202eEXE.txt\\\\u2028e", Escape.dot(name));
        for (String out : new String[] {Escape.xml(name), Escape.json(name), Escape.dot(name)}) {
            assertEquals(-1, out.chars().filter(c -> Escape.isControl((char) c)).findAny().orElse(-1), out);
        }
        assertSame("\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627", Escape.xml("\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627"),
                "right-to-left letters themselves are text, kept as they are");
    }
}
