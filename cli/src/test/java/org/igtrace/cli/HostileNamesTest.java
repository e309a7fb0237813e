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
    /** The same as GraphML carries it: the characters XML 1.0 forbids in their visible form, \\x01. */
    private static final String IN_XML = inXml(HOSTILE);
    private static final String TRACE = Path.of(System.getProperty("testdata.dir", "../testdata"))
            .resolve("hostile-names").toAbsolutePath().toString();

    @TempDir
    Path dir;

    /** {@code name} as GraphML, SVG and HTML carry it: the control characters XML 1.0 forbids as \\x01, \\x1f, \\x1b. */
    /**
     * As SVG and HTML show it to a person, as the terminal's text does (Escape.html): a backslash doubled, a tab and a
     * line break as \\t and \\n (a browser drew them as spaces), the other controls as \\x01.
     */
    private static String shown(String name) {
        return inXml(name.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n"));
    }

    private static String inXml(String name) {
        return name.replace("\u0001", "\\x01").replace("\u001f", "\\x1f").replace("\u001b", "\\x1b");
    }

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
        Path[] written = timelineAndReport();
        Path svg = written[0], html = written[1];
        // An XML parser finds the region's name as text, not as a <b> element
        String legend = SubcommandsTest.python("import sys, xml.etree.ElementTree as E; "
                + "t = [x.text for x in E.parse(sys.argv[1]).iter() if x.text and x.text.startswith('compute in solve')]; "
                + "sys.stdout.buffer.write(t[0].encode('unicode_escape'))", svg.toString());
        // the legend cuts a region's name to 32 characters with an ellipsis (issue 39, item 8: legend entries never overlap)
        // (cut as the trace has it, then escaped: what XML cannot hold in its visible form)
        assertEquals(escaped("compute in " + shown(("solve " + HOSTILE).substring(0, 31)) + "\u2026"), legend);
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
     * "main ..." until it sends): as written in the trace in why's JSON, in the report as why's text shows it (every
     * control character visible, a backslash doubled), as XML text. Before, the story went through the terminal's escaper into all three,
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
        assertTrue(shown.startsWith(escaped("rank 0's region main " + shown(HOSTILE) + " holds the run back")), shown);
        SubcommandsTest.Run text = SubcommandsTest.igtrace("why", TRACE, "-q");
        assertTrue(text.out().startsWith("rank 0's region main <b>&amp;\"q\" 'a' \\\\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>-- holds"), text.out());
    }

    @Test
    void theTerminalNeverGetsARawControlCharacter() {
        SubcommandsTest.Run info = SubcommandsTest.igtrace("info", TRACE);
        assertEquals(0, info.code(), info.err());
        assertNoControlCharacters(info.out().replace("\n", ""));
        // Each name keeps to its line: the two processes are two lines of the table
        assertTrue(info.out().contains("rank 0 <b>&amp;\"q\" 'a' \\\\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>--"), info.out());
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", TRACE);
        assertNoControlCharacters(stats.err().replace("\n", ""));
        // a note or an error that names a location passes the same escaper
        SubcommandsTest.Run missing = SubcommandsTest.igtrace(TRACE + "/traces/0.evt");
        assertEquals(1, missing.code());
        assertNoControlCharacters(missing.err().replace("\n", ""));
    }

    /**
     * The graph's other formats: the mapping formats and CSV carry no name (numbers and, in a comment, the path) and
     * no control character; the critical-path and delay weights (issue 37) add attributes beside the names, and
     * Graphviz still reads the DOT with the host intact, Python's XML parser the GraphML.
     */
    @Test
    void everyGraphFormatAndWeightIsReadByItsConsumer() throws Exception {
        for (String format : new String[] {"csv", "scotch", "metis", "matrix", "mtx"}) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace(TRACE, "-q", "--format", format);
            assertEquals(0, r.code(), format + ": " + r.err());
            assertNoControlCharacters(r.out().replace("\n", ""));
            assertFalse(r.out().contains("<b>"), format + " carries a name: " + r.out());
        }
        Path mtx = dir.resolve("g.mtx");
        assertEquals(0, SubcommandsTest.igtrace(TRACE, "-q", "-o", mtx.toString()).code());
        // the pair 0-1 of 1 message of 800 bytes (make-hostile-names.py): average 800
        assertEquals("800.0", SubcommandsTest.python("import scipy.io,sys; print(scipy.io.mmread(sys.argv[1]).toarray()[1][0])",
                mtx.toString()));
        for (String weight : new String[] {"critical", "delay"}) {
            Path dot = dir.resolve(weight + ".dot");
            Path graphml = dir.resolve(weight + ".graphml");
            assertEquals(0, SubcommandsTest.igtrace(TRACE, "-q", "--weight", weight, "-o", dot.toString()).code());
            assertEquals(0, SubcommandsTest.igtrace(TRACE, "-q", "--weight", weight, "-o", graphml.toString()).code());
            assertNoControlCharacters(Files.readString(dot).replace("\n", ""));
            String canon = SubcommandsTest.command("dot", "-Tcanon", dot.toString());
            assertTrue(canon.contains("host <b>&amp;\\\"q\\\" 'a' \\\\ ") && canon.contains("critical=") && canon.contains("delay="), canon);
            String host = SubcommandsTest.python("import sys, xml.etree.ElementTree as E; "
                    + "d = [x.text for x in E.parse(sys.argv[1]).iter() if x.get('key') == 'n_host']; "
                    + "k = [x.get('id') for x in E.parse(sys.argv[1]).iter() if x.tag.endswith('key')]; "
                    + "assert {'n_critical', 'n_delay', 'e_critical', 'e_delay'} <= set(k), k; "
                    + "sys.stdout.buffer.write(d[0].encode('unicode_escape'))", graphml.toString());
            assertEquals(escaped("host " + IN_XML), host, weight);
        }
    }

    /**
     * The text every command prints: each name keeps to its line, with no raw control character (stats, predict, map,
     * why, diff; info above), and why's tables name the region with the terminal escaper's visible forms.
     */
    @Test
    void theTextOfEveryCommandHasNoRawControlCharacter() {
        String[][] commands = {{"stats", TRACE}, {"predict", TRACE}, {"map", TRACE, "--topology", "ring"}, {"why", TRACE},
            {"diff", TRACE, TRACE}};
        for (String[] c : commands) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace(c);
            assertEquals(0, r.code(), String.join(" ", c) + ": " + r.err());
            assertNoControlCharacters(r.out().replace("\n", ""));
            assertNoControlCharacters(r.err().replace("\n", ""));
        }
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", TRACE);
        assertTrue(why.out().contains("\nsolve <b>&amp;\"q\" 'a' \\\\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>--  "), why.out());
    }

    /**
     * A name's line break split a note on standard error into a second line that did not start with igtrace (the
     * location a missing event file left out, diff's story), and stats' text and predict's "trace" line wrote notes and
     * the path raw: every line igtrace writes is its own, and no control character comes out raw.
     */
    @Test
    void aNameOrPathNeverStartsALineOfItsOwn() throws Exception {
        Path copy = dir.resolve("d\u001b[31m\n\u202Eq");
        DamagedTraceFuzzTest.copyTree(Path.of(TRACE), copy);
        java.nio.file.Files.delete(copy.resolve("traces/1.evt"));
        for (String[] c : new String[][] {{"stats", copy.toString(), "--skip-missing"}, {"predict", copy.toString(), "--skip-missing"},
            {copy.toString(), "--skip-missing", "-o", dir.resolve("g.graphml").toString()}, {"diff", TRACE, TRACE, "--format", "json"}}) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace(c);
            assertEquals(0, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().lines().allMatch(l -> l.startsWith("igtrace")), r.err());
            assertNoControlCharacters(r.err().replace("\n", ""));
            if (!c[c.length - 1].equals("json") && !c[c.length - 2].equals("-o")) {
                assertNoControlCharacters(r.out().replace("\n", ""));
                assertFalse(r.out().lines().anyMatch(l -> l.startsWith("|") || l.startsWith("q")), r.out()); // a name's or the path's tail
            }
        }
        // the warning about an -o extension no format claims names the path: one line too
        SubcommandsTest.Run warned = SubcommandsTest.igtrace("why", TRACE, "-q", "-o", dir.resolve("w\n\u001b[31m.csv").toString());
        assertTrue(warned.err().lines().allMatch(l -> l.startsWith("igtrace")) && warned.err().contains("w\\n\\x1b[31m.csv will hold text"),
                warned.err());
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", copy.toString(), "--skip-missing");
        assertTrue(stats.out().contains("left out, its event file missing (traces/1.evt of location 1, \"thread <b>&amp;\"q\" 'a' \\ \\t|\\n|"),
                stats.out());
    }

    /** The JSON of why and diff (issue 37) keeps the region names exactly, as info's and the trace-event export's do. */
    @Test
    void whyAndDiffJsonKeepTheNamesExactly() throws Exception {
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", TRACE, "-q", "--format", "json");
        SubcommandsTest.Run diff = SubcommandsTest.igtrace("diff", TRACE, TRACE, "-q", "--format", "json");
        assertEquals(0, why.code(), why.err());
        assertEquals(0, diff.code(), diff.err());
        String names = SubcommandsTest.python("import json,sys; w = json.loads(sys.argv[1]); d = json.loads(sys.argv[2]); "
                + "n = [r['name'] for r in w['critical_path']['regions']] + [c['region'] for c in w['causes']] "
                + "+ [r['name'] for r in d['regions']]; n = [x for x in n if x.startswith(('main <', 'solve <'))]; "
                + "sys.stdout.buffer.write('/'.join(sorted(set(n))).encode('unicode_escape'))", why.out(), diff.out());
        assertEquals(escaped("main " + HOSTILE + "/solve " + HOSTILE), names);
        for (String command : new String[] {"stats", "predict"}) {
            SubcommandsTest.Run r = SubcommandsTest.igtrace(command, TRACE, "-q", "--format", "json");
            assertEquals(0, r.code(), r.err());
            assertEquals("ok", SubcommandsTest.python("import json,sys; json.loads(sys.argv[1]); print('ok')", r.out()));
        }
        SubcommandsTest.Run map = SubcommandsTest.igtrace("map", TRACE, "--topology", "ring", "-q", "--format", "json");
        assertEquals("ok", SubcommandsTest.python("import json,sys; json.loads(sys.argv[1]); print('ok')", map.out()));
    }

    /** Perfetto's protobuf trace carries the names as they are: protoc decodes them (its own escapes in its text format). */
    @Test
    void perfettoCarriesTheNamesIntact() throws Exception {
        Path trace = dir.resolve("t.pftrace");
        assertEquals(0, SubcommandsTest.igtrace("timeline", TRACE, "-q", "--format", "perfetto", "-o", trace.toString()).code());
        Path proto = Path.of(TRACE).resolveSibling("perfetto");
        Process p = new ProcessBuilder("protoc", "--proto_path=" + proto, "--decode=perfetto.protos.Trace", "perfetto_trace.proto")
                .redirectInput(trace.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String decoded = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        // protoc's C escapes: \t \n as such, 0x01 0x1f 0x1b in octal, both quotes and the backslash escaped
        assertTrue(decoded.contains("name: \"solve <b>&amp;\\\"q\\\" \\'a\\' \\\\ \\t|\\n|\\001|\\037|\\033[31m|]]>--\""), decoded);
    }

    /** SimGrid's export names hosts h0, h1, ...: no trace name reaches it, and its platform is well-formed XML. */
    @Test
    void simGridExportIsWellFormed() throws Exception {
        Path out = dir.resolve("simgrid");
        SubcommandsTest.Run r = SubcommandsTest.igtrace("predict", TRACE, "-q", "--format", "simgrid", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                String text = Files.readString(f);
                assertNoControlCharacters(text.replace("\n", ""));
                assertFalse(text.contains("<b>"), f + " carries a name");
            }
        }
        assertEquals("2", SubcommandsTest.python("import sys, xml.etree.ElementTree as E; "
                + "print(len([h for h in E.parse(sys.argv[1]).iter('host')]))", out.resolve("platform.xml").toString()));
    }

    /**
     * A browser reads the names as text: Chromium's DOM of the report (its why section too) and of the timeline's SVG
     * holds no element a name's markup would have made.
     */
    @Tag("slow")
    @Test
    void chromiumShowsTheNamesAsText() throws Exception {
        for (Path p : timelineAndReport()) {
            String dom = SubcommandsTest.command("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--user-data-dir=" + dir.resolve("chromium"), "--dump-dom", p.toUri().toString());
            assertTrue(dom.contains("solve &lt;b&gt;&amp;amp;"), p + ": " + dom);
            assertFalse(dom.contains("<b>"), p + ": a name's markup became an element");
        }
    }

    /**
     * Threads' names (testdata/hostile-thread-names: one process, threads "master ..." and "worker ..." of the hostile
     * tail) in stats' table of the threads, exactly in JSON, made visible in its text; in the report and the
     * timeline's SVG as XML text; in Chrome's JSON exactly, through the one JSON escaper.
     */
    @Test
    void threadNamesReachEveryOutputEscaped() throws Exception {
        String trace = Path.of(TRACE).resolveSibling("hostile-thread-names").toString();
        Path json = dir.resolve("s.json"), chrome = dir.resolve("c.json");
        assertEquals(0, SubcommandsTest.igtrace("stats", trace, "-q", "-o", json.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("timeline", trace, "-q", "--format", "chrome", "-o", chrome.toString()).code());
        String names = SubcommandsTest.python(String.join("\n",
                "import json, sys",
                "s = [t['name'] for t in json.load(open(sys.argv[1]))['threads']]",
                "c = [e['args']['name'] for e in json.load(open(sys.argv[2]))['traceEvents'] if e.get('name') == 'thread_name']",
                "sys.stdout.buffer.write('\\n'.join(n.encode('unicode_escape').decode() for n in s + c).encode())"),
                json.toString(), chrome.toString());
        String master = escaped("master " + HOSTILE), worker = escaped("worker " + HOSTILE);
        assertEquals(String.join("\n", master, worker, master, worker), names.strip());
        SubcommandsTest.Run text = SubcommandsTest.igtrace("stats", trace, "-q");
        assertNoControlCharacters(text.out().replace("\n", ""));
        assertTrue(text.out().contains("   0       1  worker <b>&amp;\"q\" 'a' \\\\ \\t|\\n|\\x01|\\x1f|\\x1b[31m|]]>--"), text.out());
        Path svg = dir.resolve("t.svg"), html = dir.resolve("r.html");
        assertEquals(0, SubcommandsTest.igtrace("timeline", trace, "-q", "-o", svg.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("report", trace, "-q", "-o", html.toString()).code());
        // the worker's row label, as an XML parser reads it: "0 " and the name cut to 14 characters
        String label = SubcommandsTest.python("import sys, xml.etree.ElementTree as E; "
                + "t = [x.text for x in E.parse(sys.argv[1]).iter() if x.text and x.text.startswith('0 worker')]; "
                + "sys.stdout.buffer.write(t[0].encode('unicode_escape'))", svg.toString());
        assertEquals("0 worker <b>&am\\u2026", label);
        for (Path p : new Path[] {svg, html}) {
            String written = Files.readString(p, StandardCharsets.UTF_8);
            assertFalse(written.contains("<b>&amp;\"q\""), p + " holds a name's markup raw");
            assertNoControlCharacters(written.replace("\n", "").replace("\t", ""));
        }
        assertTrue(Files.readString(html, StandardCharsets.UTF_8).contains("worker &lt;b&gt;&amp;amp;"), "the report's table of the threads");
    }

    /** The timeline's SVG and the report's HTML of the trace, written to files: {svg, html}. */
    private Path[] timelineAndReport() {
        Path svg = dir.resolve("t.svg");
        Path html = dir.resolve("r.html");
        assertEquals(0, SubcommandsTest.igtrace("timeline", TRACE, "-q", "-o", svg.toString()).code());
        assertEquals(0, SubcommandsTest.igtrace("report", TRACE, "-q", "-o", html.toString()).code());
        return new Path[] {svg, html};
    }

    private static void assertNoControlCharacters(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            assertFalse(org.igtrace.formats.Escape.isControl(c),
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
