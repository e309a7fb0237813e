package org.igtrace.formats.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** The timeline SVG as a person reads it: well-formed whatever a trace's names hold, ticks on the axis, labels apart. */
class SvgTimelineWriterTest {
    @Test
    void controlCharactersInANameStillMakeWellFormedXml() throws Exception {
        // a region name with U+0001 made Chromium stop at "Invalid character" (exit 0 before)
        String name = "solve\u0001<phase> & \"x\"\uD83D\uDE00\uFFFF";
        String escaped = org.igtrace.formats.Escape.xml(name);
        assertEquals("solve\\x01&lt;phase&gt; &amp; &quot;x&quot;\uD83D\uDE00\uFFFD", escaped);
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>" + escaped + "</text></svg>";
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("solve\\x01<phase> & \"x\"\uD83D\uDE00\uFFFD", doc.getDocumentElement().getTextContent());
    }

    /** The axis steps go down 5, 2, 1, 0.5 x 10^n: a 484 ms run 300 px wide had one tick (0 ms) at a 0.5 s step. */
    @Test
    void smallerStepsStayNice() {
        assertEquals(0.2, SvgTimelineWriter.smallerStep(0.5), 1e-15);
        assertEquals(0.1, SvgTimelineWriter.smallerStep(0.2), 1e-15);
        assertEquals(0.05, SvgTimelineWriter.smallerStep(0.1), 1e-15);
        assertEquals(5e-6, SvgTimelineWriter.smallerStep(1e-5), 1e-20);
    }
    /**
     * 200 rows (2.8 px apart, labels at least 6 px): every other row is labelled, so no two labels
     * overlap; 8 rows: every row. Beyond about 140 rows every label was written into one smear.
     */
    @Test
    void denseRowsAreLabelledSparselyEnoughToRead() throws Exception {
        for (int n : new int[] {8, 200}) {
            java.util.List<org.igtrace.core.timeline.Timeline.Row> rows = new java.util.ArrayList<>();
            for (int r = 0; r < n; r++) {
                rows.add(new org.igtrace.core.timeline.Timeline.Row(r, "rank " + r,
                        java.util.List.of(new org.igtrace.core.timeline.Timeline.State(0, 1, 0)), null));
            }
            var t = new org.igtrace.core.timeline.Timeline(1000, 0, 1, rows, java.util.List.of(), 0, java.util.List.of(), 0,
                    java.util.List.of(), false);
            java.io.StringWriter out = new java.io.StringWriter();
            SvgTimelineWriter.write(t, "t", java.util.List.of(), out);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<text x=\"[0-9.]+\" y=\"([0-9.]+)\" text-anchor=\"end\" font-size=\"(\\d+)\">rank ")
                    .matcher(out.toString());
            java.util.List<Double> ys = new java.util.ArrayList<>();
            int font = 0;
            while (m.find()) {
                ys.add(Double.parseDouble(m.group(1)));
                font = Integer.parseInt(m.group(2));
            }
            assertEquals(n == 8 ? 8 : 100, ys.size(), n + " rows");
            for (int k = 1; k < ys.size(); k++) {
                assertTrue(ys.get(k) - ys.get(k - 1) >= font, n + " rows: labels " + ys.get(k - 1) + " and " + ys.get(k) + ", font " + font);
            }
        }
    }
    /**
     * A legend entry wider than the picture is cut a code point at a time: counted in UTF-16 units, a region name of 40
     * tag characters (U+E0041, each drawn as the ten characters \U000e0041) was "cut" to itself, and the timeline and
     * the report never finished. It ends now, its entries within the picture.
     */
    @Test
    void aLegendOfCharactersAboveTheBasicPlaneIsCutAndEnds() throws Exception {
        String tags = "\uDB40\uDC41".repeat(40), emoji = "\uD83D\uDE00".repeat(40);
        java.util.List<org.igtrace.core.timeline.Timeline.Row> rows = java.util.List.of(new org.igtrace.core.timeline.Timeline.Row(0, "rank 0",
                java.util.List.of(new org.igtrace.core.timeline.Timeline.State(0, 0.5, org.igtrace.core.timeline.StateClass.computeIn(0)),
                        new org.igtrace.core.timeline.Timeline.State(0.5, 1, org.igtrace.core.timeline.StateClass.computeIn(1))), null));
        var t = new org.igtrace.core.timeline.Timeline(SvgTimelineWriter.columns(300), 0, 1, rows, java.util.List.of(), 0, java.util.List.of(), 0,
                java.util.List.of(tags, emoji), false);
        java.io.StringWriter out = new java.io.StringWriter();
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                () -> SvgTimelineWriter.write(t, "t", java.util.List.of(), out));
        assertTrue(out.toString().contains("compute in \\U000e0041"), "the tag characters in their visible form");
        assertTrue(out.toString().contains("\u2026"), "cut with an ellipsis");
    }

    /**
     * Row labels fit left of their rows, measured with the font the picture is shown in (AWT's SansSerif, DejaVu Sans here,
     * as Chromium's): a name of 18 capital Ws is cut to 13 and an ellipsis after its rank ("12 WWWWWWWWWWWWW\u2026", about
     * 175 px at 11 px), and a name with markup and control characters; before, every label ended at x = 90 and began
     * left of the picture (x < 0). The rows and the axis start right of the widest label; rows of short labels keep
     * the 96 px margin.
     */
    @Test
    void rowLabelsFitLeftOfTheirRows() throws Exception {
        java.util.List<org.igtrace.core.timeline.Timeline.Row> rows = java.util.List.of(
                new org.igtrace.core.timeline.Timeline.Row(0, "rank 0", java.util.List.of(), null),
                new org.igtrace.core.timeline.Timeline.Row(12, "W".repeat(18), java.util.List.of(), null),
                new org.igtrace.core.timeline.Timeline.Row(3, "<b>&\"q\"\t\u0001\u001f", java.util.List.of(), null));
        java.awt.Font font = new java.awt.Font("SansSerif", java.awt.Font.PLAIN, 11);
        java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, true);
        for (int shown : new int[] {3, 1}) {
            var t = new org.igtrace.core.timeline.Timeline(SvgTimelineWriter.columns(800), 0, 1, rows.subList(0, shown), java.util.List.of(), 0,
                    java.util.List.of(), 0, java.util.List.of(), false);
            java.io.StringWriter out = new java.io.StringWriter();
            SvgTimelineWriter.write(t, "t", java.util.List.of(), out);
            String svg = out.toString();
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
            var texts = doc.getElementsByTagName("text");
            double rowsFrom = Double.parseDouble(((org.w3c.dom.Element) doc.getElementsByTagName("rect").item(1)).getAttribute("x"));
            int labels = 0;
            for (int i = 0; i < texts.getLength(); i++) {
                var e = (org.w3c.dom.Element) texts.item(i);
                if (!"end".equals(e.getAttribute("text-anchor")) || !(e.getParentNode() instanceof org.w3c.dom.Element g
                        && "row".equals(g.getAttribute("class")))) {
                    continue;
                }
                labels++;
                double right = Double.parseDouble(e.getAttribute("x"));
                double width = font.deriveFont(Float.parseFloat(e.getAttribute("font-size"))).getStringBounds(e.getTextContent(), frc).getWidth();
                assertTrue(right - width >= 0, "label '" + e.getTextContent() + "' starts at " + (right - width));
                assertTrue(right < rowsFrom, "label ends at " + right + ", its row starts at " + rowsFrom);
            }
            assertEquals(shown, labels, svg);
            if (shown == 1) {
                assertEquals(SvgTimelineWriter.LABEL_WIDTH, rowsFrom, "short labels keep the margin");
            }
        }
    }

    /** At a narrow width notes are broken at spaces into lines that fit, and a long title or legend text ends in an ellipsis. */
    @Test
    void narrowPicturesWrapNotesAndShortenTitles() {
        java.util.List<String> lines = SvgText.wrap(java.util.List.of("Clocks needed no correction; 0 clock conflicts.", "short"), 30);
        assertEquals(java.util.List.of("Clocks needed no correction; 0", "  clock conflicts.", "short"), lines);
        for (String line : lines) {
            assertTrue(line.length() <= 30, line);
        }
        assertEquals("igtrace timeline: testdata/ot\u2026", SvgText.shorten("igtrace timeline: testdata/otf2/scorep", 30));
        assertEquals("short", SvgText.shorten("short", 30));
    }

    /**
     * Legend entries never overlap, measured with the font the picture is shown in (AWT's
     * SansSerif, DejaVu Sans here, as Chromium's sans-serif): region names in capitals, and one
     * longer than the picture. Before, every character counted 6.2 px, and "compute in
     * MOM_DYNAMICS_..." (9 px a capital) ran into the next entry.
     */
    @Test
    void legendEntriesDoNotOverlap() throws Exception {
        java.util.List<String> regions = java.util.List.of("MOM_DYNAMICS_BAROTROPIC_WWW", "ATM_PHYSICS_RADIATION_MMM", "x",
                "OCEAN_" + "W".repeat(200), "COUPLER_EXCHANGE_FLUXES", "WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMM", "other regions");
        for (int width : new int[] {400, 1200}) {
            // every compute and MPI state, a message back in time (a clock conflict) and a collective mark: every entry in the
            // legend (which names only the classes drawn)
            java.util.List<org.igtrace.core.timeline.Timeline.State> states = new java.util.ArrayList<>();
            for (int k = 0; k <= regions.size(); k++) {
                int c = k == 0 ? org.igtrace.core.timeline.StateClass.COMPUTE : org.igtrace.core.timeline.StateClass.computeIn(k - 1);
                states.add(new org.igtrace.core.timeline.Timeline.State(0.5 + 0.01 * k, 0.505 + 0.01 * k, c));
            }
            int[] mpi = {org.igtrace.core.timeline.StateClass.MPI_POINT_TO_POINT, org.igtrace.core.timeline.StateClass.MPI_COLLECTIVE,
                    org.igtrace.core.timeline.StateClass.MPI_OTHER, org.igtrace.core.timeline.StateClass.WAITING};
            for (int k = 0; k < mpi.length; k++) {
                states.add(new org.igtrace.core.timeline.Timeline.State(0.1 * k, 0.1 * k + 0.05, mpi[k]));
            }
            var t = new org.igtrace.core.timeline.Timeline(SvgTimelineWriter.columns(width), 0, 1, java.util.List.of(
                    new org.igtrace.core.timeline.Timeline.Row(0, "rank 0", states, null),
                    new org.igtrace.core.timeline.Timeline.Row(1, "rank 1", java.util.List.of(), null)),
                    java.util.List.of(new org.igtrace.core.timeline.Timeline.Arrow(0, 1, 0.6, 0.5, 1)), 0,
                    java.util.List.of(new org.igtrace.core.timeline.Timeline.CollectiveMark(new int[] {0, 1}, 0.7, 0.8, "barrier")), 0,
                    regions, false);
            java.io.StringWriter out = new java.io.StringWriter();
            SvgTimelineWriter.write(t, "t", java.util.List.of(), out);
            String svg = out.toString();
            String legend = svg.substring(svg.indexOf("<g class=\"legend\">"), svg.indexOf("</g>", svg.indexOf("<g class=\"legend\">")));
            java.awt.Font font = new java.awt.Font("SansSerif", java.awt.Font.PLAIN, 11);
            java.awt.font.FontRenderContext frc = new java.awt.font.FontRenderContext(null, true, true);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<(rect|line) x1?=\"(\\d+)\"[^>]*/><text x=\"(\\d+)\" y=\"(\\d+)\">([^<]*)</text>")
                    .matcher(legend);
            java.util.List<double[]> boxes = new java.util.ArrayList<>();
            while (m.find()) {
                String text = m.group(5).replace("&amp;", "&");
                double x = Double.parseDouble(m.group(3));
                // from the swatch's left to the text's right
                boxes.add(new double[] {Double.parseDouble(m.group(2)), x + font.getStringBounds(text, frc).getWidth(), Double.parseDouble(m.group(4))});
            }
            assertEquals(regions.size() + 8, boxes.size(), legend);
            for (int a = 0; a < boxes.size(); a++) {
                assertTrue(boxes.get(a)[1] <= width, width + " px: legend entry " + a + " ends at " + boxes.get(a)[1] + ": " + legend);
                for (int b = a + 1; b < boxes.size(); b++) {
                    boolean sameLine = boxes.get(a)[2] == boxes.get(b)[2];
                    assertFalse(sameLine && boxes.get(a)[0] < boxes.get(b)[1] && boxes.get(b)[0] < boxes.get(a)[1],
                            width + " px: legend entries " + a + " and " + b + " overlap: " + legend);
                }
            }
        }
    }
}
