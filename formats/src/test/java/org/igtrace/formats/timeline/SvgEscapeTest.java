package org.igtrace.formats.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** Text the timeline writes into its SVG is well-formed XML whatever a trace's names hold. */
class SvgEscapeTest {
    @Test
    void controlCharactersInANameStillMakeWellFormedXml() throws Exception {
        // a region name with U+0001 made Chromium stop at "Invalid character" (exit 0 before)
        String name = "solve\u0001<phase> & \"x\"\uD83D\uDE00\uFFFF";
        String escaped = SvgTimelineWriter.escape(name);
        assertEquals("solve\uFFFD&lt;phase&gt; &amp; &quot;x&quot;\uD83D\uDE00\uFFFD", escaped);
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>" + escaped + "</text></svg>";
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("solve\uFFFD<phase> & \"x\"\uD83D\uDE00\uFFFD", doc.getDocumentElement().getTextContent());
    }

    /** The axis steps go down 5, 2, 1, 0.5 x 10^n: a 484 ms run 300 px wide had one tick (0 ms) at a 0.5 s step. */
    @Test
    void smallerStepsStayNice() {
        assertEquals(0.2, SvgTimelineWriter.smallerStep(0.5), 1e-15);
        assertEquals(0.1, SvgTimelineWriter.smallerStep(0.2), 1e-15);
        assertEquals(0.05, SvgTimelineWriter.smallerStep(0.1), 1e-15);
        assertEquals(5e-6, SvgTimelineWriter.smallerStep(1e-5), 1e-20);
    }
}
