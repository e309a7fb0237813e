package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output language on a trace whose host, process, thread, region and communicator names hold
 * markup, both quotes, a backslash, a tab, a line break, the bytes 0x01 and 0x1f and an ANSI escape
 * sequence ({@code testdata/make-hostile-names.py}): each file reads back in its own consumer, and
 * no control character reaches the terminal raw.
 */
class HostileNamesTest {
    /** The names' common tail, as make-hostile-names.py writes it. */
    private static final String HOSTILE = "<b>&amp;\"q\" 'a' \\ \t|\n|\u0001|\u001f|\u001b[31m|]]>--";
    /** The same as GraphML, SVG and HTML carry it: the characters XML 1.0 forbids as U+FFFD. */
    private static final String IN_XML = HOSTILE.replace('\u0001', '\uFFFD').replace('\u001f', '\uFFFD').replace('\u001b', '\uFFFD');
    private static final String TRACE = Path.of(System.getProperty("testdata.dir", "../testdata"))
            .resolve("hostile-names").toAbsolutePath().toString();

    @TempDir
    Path dir;

    @Test
    void dotIsReadByGraphvizWithTheNamesIntact() throws Exception {
        Path dot = dir.resolve("g.dot");
        assertEquals(0, SubcommandsTest.igtrace(TRACE, "-q", "-o", dot.toString()).code());
        String text = Files.readString(dot);
        assertNoControlCharacters(text.replace("\n", ""));
        // dot -Tcanon re-writes what it parsed: the host attribute comes back as igtrace wrote it
        String canon = SubcommandsTest.command("dot", "-Tcanon", dot.toString());
        assertTrue(canon.contains("host <b>&amp;\\\"q\\\" 'a' \\\\ "), canon);
        SubcommandsTest.command("dot", "-Tsvg", "-o", dir.resolve("g.svg").toString(), dot.toString());
    }

    @Tag("slow")
    @Test
    void graphmlCarriesTheNamesToNetworkx() throws Exception {
        Path graphml = dir.resolve("g.graphml");
        assertEquals(0, SubcommandsTest.igtrace(TRACE, "-q", "-o", graphml.toString()).code());
        String host = SubcommandsTest.python("import networkx,sys; g = networkx.read_graphml(sys.argv[1]); "
                + "sys.stdout.buffer.write(g.nodes['n0']['host'].encode('unicode_escape'))", graphml.toString());
        assertEquals(escaped("host " + IN_XML), host);
    }

    @Test
    void timelineSvgAndReportAreWellFormedAndShowTheNamesAsText() throws Exception {
        Path svg = dir.resolve("t.svg");
        Path html = dir.resolve("r.html");
        assertEquals(0, SubcommandsTest.igtrace("timeline", TRACE, "-q", "-o", svg.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("report", TRACE, "-q", "-o", html.toString()).code());
        // An XML parser finds the region's name as text, not as a <b> element
        String legend = SubcommandsTest.python("import sys, xml.etree.ElementTree as E; "
                + "t = [x.text for x in E.parse(sys.argv[1]).iter() if x.text and x.text.startswith('compute in solve')]; "
                + "sys.stdout.buffer.write(t[0].encode('unicode_escape'))", svg.toString());
        // the legend cuts a region's name to 32 characters with an ellipsis (issue 39, item 8: legend entries never overlap)
        assertEquals(escaped(("compute in solve " + IN_XML).substring(0, "compute in ".length() + 31) + "\u2026"), legend);
        for (Path p : new Path[] {svg, html}) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            assertFalse(text.contains("<b>&amp;\"q\""), p + " holds a name's markup raw");
            assertNoControlCharacters(text.replace("\n", "").replace("\t", ""));
        }
    }

    @Test
    void jsonOutputsKeepTheNamesExactly() throws Exception {
        Path info = dir.resolve("i.json");
        Path perfetto = dir.resolve("p.json");
        assertEquals(0, SubcommandsTest.igtrace("info", TRACE, "-o", info.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("timeline", TRACE, "-q", "-o", perfetto.toString()).code());
        String host = SubcommandsTest.python("import json,sys; d = json.load(open(sys.argv[1])); "
                + "sys.stdout.buffer.write(d['processes'][0]['host'].encode('unicode_escape'))", info.toString());
        assertEquals(escaped("host " + HOSTILE), host);
        String region = SubcommandsTest.python("import json,sys; d = json.load(open(sys.argv[1])); "
                + "n = [e['name'] for e in d['traceEvents'] if e.get('name', '').startswith('solve')]; "
                + "sys.stdout.buffer.write(n[0].encode('unicode_escape'))", perfetto.toString());
        assertEquals(escaped("solve " + HOSTILE), region);
        // written by the one JSON escaper (a tab as \t, as info's JSON writes it; the Chrome writer had one of its own: \u0009)
        assertTrue(Files.readString(perfetto, StandardCharsets.UTF_8).contains("\"name\":" + org.igtrace.formats.Escape.json("solve " + HOSTILE)),
                "the region's name as Escape.json writes it");
    }

    /**
     * The why story names the region that caused the waiting (rank 1 waits 5 us in MPI_Recv for rank 0, which is in
     * "main ..." until it sends): as written in the trace in why's JSON, as XML text (U+FFFD for what XML cannot hold)
     * in the report, made visible in why's text. Before, the story went through the terminal's escaper into all three,
     * and JSON and HTML showed "\\t|\\x01" instead of the name.
     */
    @Test
    void whyStoryKeepsTheNamesPerOutputLanguage() throws Exception {
        Path json = dir.resolve("w.json");
        Path html = dir.resolve("r.html");
        assertEquals(0, SubcommandsTest.igtrace("why", TRACE, "-q", "-o", json.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("report", TRACE, "-q", "-o", html.toString()).code());
        String story = SubcommandsTest.python("import json,sys; d = json.load(open(sys.argv[1])); "
                + "sys.stdout.buffer.write(d['story'].encode('unicode_escape'))", json.toString());
        assertTrue(story.startsWith(escaped("rank 0's region main " + HOSTILE + " holds the run back")), story);
        String shown = SubcommandsTest.python("import sys, html.parser\n"
                + "class P(html.parser.HTMLParser):\n"
                + "    why = False; p = None; text = []\n"
                + "    def handle_starttag(self, tag, attrs):\n"
                + "        if tag == 'section': self.why = ('id', 'why') in attrs\n"
                + "        if tag == 'p' and self.why and self.p is None: self.p = True\n"
                + "    def handle_endtag(self, tag):\n"
                + "        if tag == 'p' and self.p: self.p = False\n"
                + "    def handle_data(self, data):\n"
                + "        if self.p: self.text.append(data)\n"
                + "p = P(convert_charrefs=True); p.feed(open(sys.argv[1], encoding='utf-8').read())\n"
                + "sys.stdout.buffer.write(''.join(p.text).encode('unicode_escape'))", html.toString());
        assertTrue(shown.startsWith(escaped("rank 0's region main " + IN_XML + " holds the run back")), shown);
        SubcommandsTest.Run text = SubcommandsTest.igtrace("why", TRACE, "-q");
        assertTrue(text.out().startsWith("rank 0's region main <b>&amp;\"q\" 'a' \\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>-- holds"), text.out());
    }

    @Test
    void theTerminalNeverGetsARawControlCharacter() {
        SubcommandsTest.Run info = SubcommandsTest.igtrace("info", TRACE);
        assertEquals(0, info.code(), info.err());
        assertNoControlCharacters(info.out().replace("\n", ""));
        // Each name keeps to its line: the two processes are two lines of the table
        assertTrue(info.out().contains("rank 0 <b>&amp;\"q\" 'a' \\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>--"), info.out());
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", TRACE);
        assertNoControlCharacters(stats.err().replace("\n", ""));
        // a note or an error that names a location passes the same escaper
        SubcommandsTest.Run missing = SubcommandsTest.igtrace(TRACE + "/traces/0.evt");
        assertEquals(1, missing.code());
        assertNoControlCharacters(missing.err().replace("\n", ""));
    }

    private static void assertNoControlCharacters(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            assertFalse(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0),
                    "control character " + (int) c + " at " + i + ": " + text.substring(Math.max(0, i - 40), i));
        }
    }

    /** Python's unicode_escape of a string, for comparing a value a Python consumer read. */
    private static String escaped(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else if (c > 0x7e) {
                        b.append(String.format(c > 0xff ? "\\u%04x" : "\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
