package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** {@code igtrace report}: one HTML file, every section there, the heat map's cells read back against otf2-print. */
class ReportCommandTest {
    @TempDir
    Path dir;

    /**
     * Score-P's late-sender-barrier run: the heat map has a cell per direction of each pair that
     * exchanged messages, holding the bytes otf2-print lists for its MPI_SEND events (Length) on
     * that pair, both directions added; the page loads in headless Chromium without any request
     * or console message, and its DOM holds every section.
     */
    @Tag("slow")
    @Test
    void reportHoldsEverySectionAndTheHeatMapHoldsTheTracesBytes() throws Exception {
        Path trace = TimelineCommandTest.TESTDATA.resolve("otf2/scorep-late-sender-barrier/traces.otf2");
        Path html = dir.resolve("report.html");
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("report", trace.toString(), "-q", "-o", html.toString());
        assertEquals(0, run.code(), run.err());
        String text = Files.readString(html);

        Map<String, Long> expected = new HashMap<>();
        String printed = TimelineCommandTest.command("otf2-print", trace.toString());
        Matcher m = Pattern.compile("(?m)^MPI_SEND\\s+(\\d+)\\s+\\d+\\s+Receiver: (\\d+).*Length: (\\d+)").matcher(printed);
        while (m.find()) {
            int a = Integer.parseInt(m.group(1)), b = Integer.parseInt(m.group(2));
            long bytes = Long.parseLong(m.group(3));
            expected.merge(a + "-" + b, bytes, Long::sum);
            expected.merge(b + "-" + a, bytes, Long::sum);
        }
        assertFalse(expected.isEmpty());
        Map<String, Long> cells = new HashMap<>();
        m = Pattern.compile("<rect class=\"cell\" data-row=\"(\\d+)\" data-column=\"(\\d+)\" data-bytes=\"(\\d+)\"").matcher(text);
        while (m.find()) {
            cells.put(m.group(1) + "-" + m.group(2), Long.parseLong(m.group(3)));
        }
        assertEquals(expected, cells);

        for (String section : new String[] {"summary", "efficiency", "processes", "matrix", "tree", "waits", "timeline", "pairs"}) {
            assertTrue(text.contains("<section id=\"" + section + "\">"), section);
        }
        assertFalse(text.contains("src=\"http") || text.contains("href=\"http"), "self-contained");

        Process p = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                "--v=0", "--dump-dom", html.toUri().toString()).start();
        p.getOutputStream().close();
        byte[] err = new byte[0];
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String log = new String(err, StandardCharsets.UTF_8);
        assertFalse(log.contains("CONSOLE"), log);
        assertTrue(dom.contains("id=\"matrix\"") && dom.contains("class=\"heatmap\""), "Chromium parsed the page");

        Path png = dir.resolve("report.png");
        TimelineCommandTest.screenshot(html, png, 1200, 2400);
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(TimelineCommandTest.pixels(image, 0x81c784) > 500, "compute bars and timeline in the screenshot");
    }

    /**
     * definitions section 7: the report's data attributes are numbers as every format writes them (no exponent, at most 15
     * significant digits). testdata/hostile-names (make-hostile-names.py): both ranks' T is 100 us, so the run time is
     * 0.0001 s, which the efficiency rows wrote as "1.0E-4" (review).
     */
    @Test
    void theEfficiencyRowsDataAreNumbersAsEveryFormatWritesThem() throws Exception {
        Path html = dir.resolve("h.html");
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("report", TimelineCommandTest.TESTDATA.resolve("hostile-names").toString(), "-q",
                "-o", html.toString());
        assertEquals(0, run.code(), run.err());
        String text = Files.readString(html);
        Matcher m = Pattern.compile(" data-(runtime|useful|lost-idle|lost-wait|lost-transfer)=\"([^\"]*)\"").matcher(text);
        int values = 0;
        while (m.find()) {
            values++;
            assertTrue(m.group(2).matches("-?\\d+(\\.\\d+)?") && m.group(2).replaceAll("[-.]", "").replaceFirst("^0+", "").length() <= 15,
                    m.group());
            if (m.group(1).equals("runtime")) {
                assertEquals("0.0001", m.group(2));
            }
        }
        assertEquals(2 * 5, values, text);
    }

    /**
     * definitions sections 10 and 11: with --ranks 1,3 the efficiency rows and the process table
     * hold ranks 1 and 3 only, each row's useful + lost idle + lost wait + lost transfer is the run
     * time T (the identity of section 10), and T is the longer of the two processes' times.
     */
    @Test
    void efficiencySectionOfSelectedRanksAddsUp() throws Exception {
        Path html = dir.resolve("r.html");
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("report", TimelineCommandTest.DELAYS, "--ranks", "1,3", "-q",
                "-o", html.toString());
        assertEquals(0, run.code(), run.err());
        String text = Files.readString(html);
        Matcher m = Pattern.compile("<tr class=\"efficiency\" data-rank=\"(\\d+)\" data-runtime=\"([^\"]+)\" data-useful=\"([^\"]+)\" "
                + "data-lost-idle=\"([^\"]+)\" data-lost-wait=\"([^\"]+)\" data-lost-transfer=\"([^\"]+)\"").matcher(text);
        java.util.List<Integer> ranks = new java.util.ArrayList<>();
        double runtime = 0;
        while (m.find()) {
            ranks.add(Integer.parseInt(m.group(1)));
            runtime = Double.parseDouble(m.group(2));
            double sum = 0;
            for (int g = 3; g <= 6; g++) {
                sum += Double.parseDouble(m.group(g));
            }
            assertEquals(runtime, sum, 1e-9, m.group());
        }
        assertEquals(java.util.List.of(1, 3), ranks);
        // the wait states' block counts the ranks kept, as its summary line and stats --ranks do (it said 4: review)
        assertTrue(text.contains("waiting per pattern, summed over 2 processes (of time"), text);
        assertTrue(!text.contains("summed over 4 processes"), text);
        // a tree wider than the page (alltoall-32's 32 nodes in a row: 4246 pt) scrolls in its own box, not the page
        assertTrue(text.contains("#tree,#timeline,#matrix{overflow-x:auto}"), text);
        Matcher times = Pattern.compile("<tr><td>(\\d+)</td><td class=\"l\"><span class=\"n\" title=\"[^\"]*\">[^<]*</span></td><td>([0-9.e-]+)</td>").matcher(text);
        double longest = 0;
        java.util.List<Integer> rows = new java.util.ArrayList<>();
        while (times.find()) {
            rows.add(Integer.parseInt(times.group(1)));
            longest = Math.max(longest, Double.parseDouble(times.group(2)));
        }
        assertEquals(java.util.List.of(1, 3), rows, "the process table");
        assertEquals(longest, runtime, 1e-3 * runtime, "T = max T_i (the table rounds to 4 digits)");
    }

    /** {@code --no-why} leaves out the why section (issue 38: the report near graph's cost); the other sections stay. */
    @Test
    void noWhyLeavesOutTheWhySection() throws Exception {
        Path with = dir.resolve("with.html"), without = dir.resolve("without.html");
        TimelineCommandTest.Run a = TimelineCommandTest.igtrace("report", TimelineCommandTest.DELAYS, "-q", "-o", with.toString());
        TimelineCommandTest.Run b = TimelineCommandTest.igtrace("report", TimelineCommandTest.DELAYS, "-q", "--no-why", "-o", without.toString());
        assertEquals(0, a.code(), a.err());
        assertEquals(0, b.code(), b.err());
        String full = Files.readString(with), cut = Files.readString(without);
        assertTrue(full.contains("<section id=\"why\">"), full);
        assertFalse(cut.contains("<section id=\"why\">"), cut);
        assertTrue(cut.contains("<section id=\"timeline\">"), cut);
        // the same page but for the section and the critical path the timeline draws (the line and its legend entry)
        int from = full.indexOf("<section id=\"why\">"), to = full.indexOf("</section>", from) + "</section>\n".length();
        String withoutPath = (full.substring(0, from) + full.substring(to)).replaceAll("(?s)<g class=\"critical-path\".*?</g>\n", "")
                .replaceAll("<line [^>]*stroke=\"#aa00ff\"[^>]*/><text [^>]*>critical path</text>\n", "");
        assertEquals(withoutPath, cut);
    }
    /**
     * Issue 37: the report's story is {@code igtrace why}'s, with the gain of fixing the first cause. On
     * testdata/why/slow-rank (make-why.py: 8 ranks, 10 iterations of solve, 100 us and 300 us on rank 5) balancing
     * solve makes it 125 us everywhere (the mean, (7 x 100 + 300) / 8), so the run gains 10 x (300 - 125) us = 1.75 ms;
     * on testdata/why/chain the stories are equal too.
     */
    @Test
    void theStoryStatesWhysGain() {
        for (String trace : new String[] {"why/slow-rank/traces.otf2", "why/chain/traces.otf2"}) {
            String path = TimelineCommandTest.TESTDATA.resolve(trace).toString();
            TimelineCommandTest.Run report = TimelineCommandTest.igtrace("report", path, "-q");
            TimelineCommandTest.Run why = TimelineCommandTest.igtrace("why", path, "-q");
            assertEquals(0, report.code(), report.err());
            assertEquals(0, why.code(), why.err());
            String story = why.out().substring(0, why.out().indexOf('\n'));
            assertTrue(story.contains(" would save "), story);
            Matcher told = Pattern.compile("<section id=\"why\"><h2>Why</h2><p>([^<]*)</p>").matcher(report.out());
            assertTrue(told.find(), report.out());
            assertEquals(org.igtrace.formats.Escape.xml(story), told.group(1), trace);
            if (trace.contains("slow-rank")) {
                Matcher gain = Pattern.compile("balancing it would save ([0-9.]+) ms of ").matcher(told.group(1));
                assertTrue(gain.find(), told.group(1));
                double expected = 10 * (300 - 125) * 1e-3; // ms
                assertEquals(expected, Double.parseDouble(gain.group(1)), 0.1 * expected, told.group(1));
            }
        }
    }

    /**
     * The report's timeline says what its picture left out, as igtrace timeline's does: vt-md-mpi-cuda has more collective
     * instances than a picture marks, and the timeline's SVG says how many; the report's said nothing of them.
     */
    @Test
    void theReportsTimelineSaysWhatItLeftOut() {
        String trace = TimelineCommandTest.TESTDATA.resolve("otf1/vt-md-mpi-cuda").toString();
        TimelineCommandTest.Run svg = TimelineCommandTest.igtrace("timeline", trace, "-q");
        Matcher m = Pattern.compile("\\d+ collective instances not marked").matcher(svg.out());
        assertTrue(m.find(), svg.out());
        TimelineCommandTest.Run report = TimelineCommandTest.igtrace("report", trace, "-q");
        // its own count: the report's picture is narrower, so it marks a few instances fewer (358 against 356 here)
        assertTrue(Pattern.compile("\\d+ collective instances not marked").matcher(report.out()).find(), "no such note in the report");
    }

    /**
     * The report's what-if "rank r at median compute" is of the ranks it reads: under {@code --ranks 1-2} of Score-P's
     * late-sender-barrier run, rank 1's foo regions take 3.085 s and rank 2's 3.096 s (otf2-print's enters and leaves),
     * so rank 1, the first cause, is below their median and is not brought to it (that would make it slower). The
     * ranks left out counted as computing nothing: the median was 1.54 s, and the headline said bringing rank 1 to it
     * would save 1.02 s.
     */
    @Test
    void theMedianComputeIsOfTheRanksRead() throws Exception {
        Path trace = TimelineCommandTest.TESTDATA.resolve("otf2/scorep-late-sender-barrier/traces.otf2");
        Map<String, Long> foo = new HashMap<>(), entered = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"foo\"")
                .matcher(TimelineCommandTest.command("otf2-print", trace.toString()));
        while (m.find()) {
            long t = Long.parseLong(m.group(3));
            if (m.group(1).equals("ENTER")) {
                entered.put(m.group(2), t);
            } else {
                foo.merge(m.group(2), t - entered.remove(m.group(2)), Long::sum);
            }
        }
        assertTrue(foo.get("1") < foo.get("2"), "rank 1 computes less than rank 2: " + foo);
        Path html = dir.resolve("report.html");
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("report", trace.toString(), "--ranks", "1-2", "-q", "-o", html.toString());
        assertEquals(0, run.code(), run.err());
        String text = Files.readString(html);
        assertTrue(text.contains("rank 1&#39;s region foo") || text.contains("rank 1's region foo"), "the first cause");
        assertFalse(text.contains("rank 1 at median compute"), "rank 1 below the median of ranks 1 and 2");
        assertFalse(text.contains("to the median compute would save"), "no saving claimed by the median");
    }

    /**
     * A terminal as standard output gets no HTML page: a usage error before the read that says what to do (the whole page
     * scrolled past, exit 0); piped, the page is written (the other tests here).
     */
    @Test
    @Tag("slow")
    void aTerminalGetsNoPage() throws Exception {
        Terminal.Run r = Terminal.igtrace(dir, "report", TimelineCommandTest.DELAYS);
        assertEquals(2, r.code(), r.typescript());
        assertTrue(r.typescript().contains("igtrace: report writes an HTML page for a browser: give -o FILE.html, or pipe standard output"),
                r.typescript());
        assertFalse(r.typescript().contains("<html"), r.typescript());
    }
}
