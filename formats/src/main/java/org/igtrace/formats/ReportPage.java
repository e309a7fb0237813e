package org.igtrace.formats;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The page of {@code igtrace report}: its frame and style come from the resource template
 * {@code report.html} (placeholders {@code {{title}}} and {@code {{sections}}}), the sections from
 * the command. Placeholders are found in the template only, never in what fills them, so a name in
 * the trace that reads {@code {{title}}} stays text.
 */
public final class ReportPage {
    private static final String TITLE = "{{title}}";
    private static final String SECTIONS = "{{sections}}";
    private static final String TEMPLATE = load();

    private ReportPage() {
    }

    /**
     * The whole page.
     *
     * @param title    the page's title, as text (escaped here)
     * @param sections the sections, as HTML already escaped by their writer
     * @return the HTML document
     */
    public static String page(String title, CharSequence sections) {
        StringBuilder b = new StringBuilder(TEMPLATE.length() + sections.length() + 2 * title.length() + 64);
        String escapedTitle = Escape.html(title);
        int from = 0;
        while (true) {
            int t = TEMPLATE.indexOf(TITLE, from);
            int s = TEMPLATE.indexOf(SECTIONS, from);
            int next = t < 0 ? s : s < 0 ? t : Math.min(t, s);
            if (next < 0) {
                return b.append(TEMPLATE, from, TEMPLATE.length()).toString();
            }
            b.append(TEMPLATE, from, next).append(next == t ? escapedTitle : sections);
            from = next + (next == t ? TITLE.length() : SECTIONS.length());
        }
    }

    private static String load() {
        try (InputStream in = ReportPage.class.getResourceAsStream("report.html")) {
            if (in == null) {
                throw new IllegalStateException("report.html is missing from igtrace's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
