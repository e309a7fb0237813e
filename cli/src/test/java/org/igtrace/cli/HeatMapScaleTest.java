package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The report's heat map spans its log scale from the smallest cell that carries bytes to the largest (a review looked at
 * the picture, 2026-12-07): from one byte up, TraceR's 4-D stencil's cells of 0.5 and 1 MiB (pairs that exchange one or two
 * 256 KiB messages each way) were one dark red; under it a line gives the scale's two ends. The pairs' bytes are the
 * graph's CSV's.
 */
@Tag("slow")
class HeatMapScaleTest {
    private static final String TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath()
            .resolve("otf2/scorep-tracer-stencil4d-32").toString();

    private static String out(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    @Test
    void twiceTheBytesIsAnotherShade() {
        long min = Long.MAX_VALUE, max = 0;
        List<String> csv = out(TRACE, "--format", "csv", "-q").lines().toList();
        for (String line : csv.subList(1, csv.size())) {
            long bytes = Long.parseLong(line.split(",")[3]);
            min = Math.min(min, bytes);
            max = Math.max(max, bytes);
        }
        assertEquals(2 * min, max, "the stencil's pairs: one or two messages of 256 KiB each way");
        String html = out("report", TRACE, "-q");
        int at = html.indexOf("<section id=\"matrix\">");
        String matrix = html.substring(at, html.indexOf("</section>", at));
        Map<Long, String> fill = new HashMap<>();
        Matcher m = Pattern.compile("data-bytes=\"(\\d+)\"[^>]*fill=\"(#[0-9a-f]{6})\"").matcher(matrix);
        while (m.find()) {
            String before = fill.putIfAbsent(Long.parseLong(m.group(1)), m.group(2));
            assertTrue(before == null || before.equals(m.group(2)), "one shade per amount");
        }
        assertEquals(2, fill.size(), fill.toString());
        assertNotEquals(fill.get(min), fill.get(max));
        // the green channel's step at least a quarter of the whole scale's (245 for white to 15 for the darkest red)
        int lighter = Integer.parseInt(fill.get(min).substring(3, 5), 16), darker = Integer.parseInt(fill.get(max).substring(3, 5), 16);
        assertTrue(lighter - darker >= 58, fill.toString());
        assertTrue(matrix.contains("<p class=\"key\">Lightest cell " + min + " bytes, darkest " + max + " bytes.</p>"), matrix);
        // delays-4 (testdata/programs/delays.c): two pairs of 100 bytes each, one shade
        String equal = out("report", Path.of(TRACE).getParent().resolve("delays-4").toString(), "-q");
        assertTrue(equal.contains("<p class=\"key\">Every cell with bytes: 100 bytes.</p>"), equal);
    }
}
