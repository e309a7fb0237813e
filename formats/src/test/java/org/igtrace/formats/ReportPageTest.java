package org.igtrace.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReportPageTest {
    @Test
    void titleIsEscapedAndPlaceholdersInTheContentStayText() {
        String page = ReportPage.page("run <a> & {{sections}}", "<section>{{title}}</section>\n");
        // the title twice (head and heading), escaped; what fills a placeholder is not searched again
        assertTrue(page.contains("<title>run &lt;a&gt; &amp; {{sections}}</title>"), page);
        assertTrue(page.contains("<h1>run &lt;a&gt; &amp; {{sections}}</h1>\n<section>{{title}}</section>\n</body></html>\n"), page);
        assertTrue(page.startsWith("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"), page);
        assertFalse(page.contains("<a>"), page);
    }

    @Test
    void theStyleComesFromTheTemplate() {
        String page = ReportPage.page("t", "");
        assertEquals(1, page.split("<style>", -1).length - 1);
        assertTrue(page.contains("table{border-collapse:collapse}"), page);
    }
}
