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
        assertEquals("x\uFFFDy", Escape.xml("x\u0001y"));
        assertEquals("ok \uD83D\uDE00 \uFFFD", Escape.xml("ok \uD83D\uDE00 \uD800"));
        assertEquals("\uFFFD\uFFFD", Escape.xml("\uFFFE\uFFFF"));
    }
}
