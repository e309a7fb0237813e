package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code igtrace timeline}: the SVG read back and counted against the trace (delays-4, made by
 * testdata/programs/delays.c, and otf2-print's view of it), rendered by headless Chromium and
 * looked at pixel by pixel, and the Perfetto export checked against the trace-event format's fields.
 */
class TimelineCommandTest {
    static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();
    static final String DELAYS = TESTDATA.resolve("otf2/delays-4").toString();

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    /**
     * Threads named after their process (otf1/pthreads-no-mpi's .def: "Process 0 Pthread 1" .. 4; the longest-running is
     * the master row, labelled "Process 0") keep what tells them apart: cut to 14 characters every row read
     * "0 Process 0 Pth...".
     */
    @Test
    void threadRowsNamedAfterTheirProcessKeepWhatTellsThemApart() {
        Run r = igtrace("timeline", TESTDATA.resolve("otf1/pthreads-no-mpi").toString(), "-q");
        assertEquals(0, r.code(), r.err());
        List<String> labels = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("text-anchor=\"end\" font-size=\"11\">([^<]*)</text>").matcher(r.out());
        while (m.find()) {
            labels.add(m.group(1));
        }
        assertEquals(List.of("Process 0", "0 Pthread 2", "0 Pthread 3", "0 Pthread 4"), labels);
    }

    /**
     * halo3d-32 under --ranks 0-7 --window 2s:4s: rank 6's receives from ranks 0, 4 and 7 at 3.99602-3.99611 s on its own
     * clock (otf2-print -L 402653178) fall at about 4.029 s once its 33.1 ms clock offset is added, past the window's end:
     * their arrows ran to x = 1191.8, 16 px past the axis's end (1176), heads where no time scale is. Every arrow now stays
     * between the axis's ends, and those cut at the end have no head.
     */
    @Test
    void arrowsStayOnTheTimeAxisUnderAWindow() {
        Run r = igtrace("timeline", TESTDATA.resolve("otf2/halo3d-32").toString(), "--ranks", "0-7", "--window", "2s:4s", "-q");
        assertEquals(0, r.code(), r.err());
        Matcher axis = Pattern.compile("<g class=\"axis\">\n<line x1=\"([0-9.]+)\" y1=\"[0-9.]+\" x2=\"([0-9.]+)\"").matcher(r.out());
        assertTrue(axis.find(), r.out());
        double lo = Double.parseDouble(axis.group(1)), hi = Double.parseDouble(axis.group(2));
        Matcher msg = Pattern.compile("<line class=\"msg[^\"]*\" data-count=\"\\d+\" x1=\"([0-9.]+)\" y1=\"[0-9.]+\" x2=\"([0-9.]+)\"[^>]*>")
                .matcher(r.out());
        int arrows = 0, headless = 0;
        while (msg.find()) {
            arrows++;
            for (int g = 1; g <= 2; g++) {
                double x = Double.parseDouble(msg.group(g));
                assertTrue(x >= lo - 1e-9 && x <= hi + 1e-9, x + " outside [" + lo + ", " + hi + "]: " + msg.group());
            }
            headless += msg.group().contains("marker-end") ? 0 : 1;
        }
        assertTrue(arrows > 50, "arrows: " + arrows);
        assertTrue(headless >= 1, "the arrows cut at the window's end: " + headless);
    }

    /**
     * otf2/tasks-2 under --window 108ms:126ms: otf2-print gives rank 0's locations (0 and 1) region events from 0.213 ms to
     * 17.82 ms only, rank 1's up to 125.4 ms, so rank 0 has nothing in the window and its row is blank. The picture said
     * nothing of it (stats did: "rank 0 has no row"); a note under it now says why.
     */
    @Test
    void aBlankRowIsExplainedUnderThePicture() {
        Run r = igtrace("timeline", TESTDATA.resolve("otf2/tasks-2").toString(), "--window", "108ms:126ms", "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(">Rank 0's row is blank or shows only MPI_Init and MPI_Finalize: no region event was read (none"
                + " recorded, none inside the --window, which each process's own clock selects, or the files left"), r.out());
        assertFalse(r.out().contains("Rank 1's row"), r.out());
        Run whole = igtrace("timeline", TESTDATA.resolve("otf2/tasks-2").toString(), "-q");
        assertFalse(whole.out().contains("row is blank"), whole.out());
    }

    /**
     * The legend lists what is drawn: scorep-hip-mi300 has no MPI region (otf2-print -G: its regions are HIP calls, main and
     * kernels' stubs; SOURCES.md: no MPI), so none of the MPI entries, messages, conflicts or collective marks; jacobi-8
     * (EZTrace, MPI_Sendrecv, MPI_Allreduce, corrected clocks: "0 clock conflicts remain") lists messages and collectives,
     * no clock conflict. Both listed every MPI entry before.
     */
    @Test
    void theLegendListsWhatIsDrawn() {
        Run hip = igtrace("timeline", TESTDATA.resolve("otf2/scorep-hip-mi300").toString(), "-q");
        assertEquals(0, hip.code(), hip.err());
        for (String entry : new String[] {">MPI point-to-point<", ">MPI collective<", ">MPI other<", ">waiting in MPI", ">message<",
                ">clock conflict<", ">collective (last member arrives)<"}) {
            assertFalse(hip.out().contains(entry), entry);
        }
        assertTrue(hip.out().contains(">compute in hipEventSynchronize<"), hip.out());
        Run jacobi = igtrace("timeline", TESTDATA.resolve("otf2/jacobi-8").toString(), "-q");
        assertTrue(jacobi.out().contains("0 clock conflicts remain"), jacobi.out());
        for (String entry : new String[] {">MPI point-to-point<", ">MPI collective<", ">message<", ">collective (last member arrives)<"}) {
            assertTrue(jacobi.out().contains(entry), entry);
        }
        assertFalse(jacobi.out().contains(">clock conflict<"), jacobi.out());
    }

    static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    static String command(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** The rows of an SVG timeline, by rank: the text of each {@code <g class="row">}. */
    static Map<Integer, String> rows(String svg) {
        Map<Integer, String> rows = new TreeMap<>();
        Matcher m = Pattern.compile("<g class=\"row\" data-rank=\"(\\d+)\">(.*?)</g>", Pattern.DOTALL).matcher(svg);
        while (m.find()) {
            rows.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        return rows;
    }

    static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** Seconds covered by the exact state rectangles of a class in a row ({@code data-t0}, {@code data-t1}). */
    static double seconds(String row, String cls) {
        Matcher m = Pattern.compile("<rect class=\"" + cls + "\" data-t0=\"([0-9.-]+)\" data-t1=\"([0-9.-]+)\"").matcher(row);
        double s = 0;
        while (m.find()) {
            s += Double.parseDouble(m.group(2)) - Double.parseDouble(m.group(1));
        }
        return s;
    }

    /** Per location of otf2-print's event listing (in the order locations first appear sorted by id), outermost MPI calls. */
    private static List<Integer> mpiCallsPerLocation(String trace) throws Exception {
        String printed = command("otf2-print", trace);
        Map<Long, int[]> depth = new TreeMap<>();
        Map<Long, Integer> calls = new TreeMap<>();
        Pattern line = Pattern.compile("^(ENTER|LEAVE)\\s+(\\d+)\\s+\\d+\\s+Region: \"([^\"]*)\"", Pattern.MULTILINE);
        Matcher m = line.matcher(printed);
        while (m.find()) {
            long location = Long.parseLong(m.group(2));
            if (!m.group(3).startsWith("MPI_")) {
                continue;
            }
            int[] d = depth.computeIfAbsent(location, k -> new int[1]);
            if (m.group(1).equals("ENTER")) {
                if (d[0]++ == 0) {
                    calls.merge(location, 1, Integer::sum);
                }
            } else {
                d[0]--;
            }
        }
        return new ArrayList<>(calls.values());
    }

    /**
     * delays-4 drawn: 4 rows; per row one MPI bar per outermost MPI call otf2-print lists for that
     * rank's location (28 MPI_Sendrecv of the resyncs plus the phase's calls); 2 arrows, the
     * program's two messages (MPI_Send 0 -> 1, MPI_Ssend 2 -> 3; EZTrace records none for
     * MPI_Sendrecv); 4 collective marks (Barrier, Allreduce, Bcast, Reduce).
     */
    @Tag("slow")
    @Test
    void delaysTimelineHasARowPerProcessABarPerCallAnArrowPerMessage() throws Exception {
        Path svg = dir.resolve("delays.svg");
        Run run = igtrace("timeline", DELAYS, "-o", svg.toString());
        assertEquals(0, run.code, run.err);
        String text = Files.readString(svg);
        Map<Integer, String> rows = rows(text);
        assertEquals(List.of(0, 1, 2, 3), new ArrayList<>(rows.keySet()));
        List<Integer> calls = mpiCallsPerLocation(TESTDATA.resolve("otf2/delays-4/eztrace_log.otf2").toString());
        assertEquals(4, calls.size());
        for (int r = 0; r < 4; r++) {
            assertEquals(calls.get(r), count(rows.get(r), "<rect class=\"state mpi "), "MPI bars of rank " + r);
        }
        assertEquals(2, count(text, "<line class=\"msg\""));
        assertEquals(0, count(text, "class=\"msg conflict\""));
        assertEquals(4, count(text, "<line class=\"coll\""));
        assertTrue(text.contains(">MPI point-to-point</text>") && text.contains(">waiting in MPI (the call drawn darker)</text>"), "legend");
        // waiting swatches as the picture draws it, the call's colour under half black: point-to-point #64b5f6 halved is
        // #325a7b, a collective's #9575cd #4a3a66 (the legend had one navy swatch, #1f3a5c, and none for a collective)
        assertTrue(Pattern.compile("fill=\"#325a7b\"/><text x=\"\\d+\" y=\"\\d+\">waiting in MPI \\(").matcher(text).find(), "legend");
        assertTrue(Pattern.compile("fill=\"#4a3a66\"/><text x=\"\\d+\" y=\"\\d+\">waiting in a collective \\(drawn darker\\)</text>")
                .matcher(text).find(), "legend");
        assertTrue(text.contains(" ms</text>"), "axis ticks in ms for a 0.46 s run");
    }

    /**
     * The darker waiting parts add up to the program's delays, each pattern within [-1, +5] ms
     * (DelaysTraceTest's tolerance): rank 0 waits in the barrier (rank 3 late 70 ms) and the
     * Allreduce (rank 1 late 80 ms): 150; rank 1: late sender 50 + barrier 70 + Bcast 90 = 210;
     * rank 2: late receiver 60 + 70 + 80 + 90 + early reduce 100 = 400; rank 3: 80 + 90 = 170.
     */
    @Test
    void waitingPartsAddUpToTheProgramsDelays() throws Exception {
        Path svg = dir.resolve("delays.svg");
        assertEquals(0, igtrace("timeline", DELAYS, "-q", "-o", svg.toString()).code);
        Map<Integer, String> rows = rows(Files.readString(svg));
        int[] expectedMs = {150, 210, 400, 170};
        int[] patterns = {2, 3, 5, 2};
        for (int r = 0; r < 4; r++) {
            double ms = seconds(rows.get(r), "wait") * 1000;
            assertTrue(ms >= expectedMs[r] - patterns[r] && ms <= expectedMs[r] + 5 * patterns[r],
                    "rank " + r + " waits " + ms + " ms, expected " + expectedMs[r]);
        }
    }

    /**
     * One call waits once (issue 34 item 4), in the picture as in the numbers: testdata/waitall's
     * rank 0 (testdata/make-waitall.py) waits in its first MPI_Waitall [100, 420] us from 100 to
     * rank 2's send at 400, and in its second [510, 720] from 510 to 600: two darker parts,
     * [100, 400] and [510, 600], 390 us, not one part per receive (680 us, overlapping). On raw
     * clocks (they agree; the offsets are another item's). The halo exchange's blocking sends find
     * their receives posted (item 5): rank 0's late receiver is 50 + 20 us, rank 1's 30 us.
     */
    @Test
    void aWaitallIsDrawnWaitingOnce() throws Exception {
        Path svg = dir.resolve("waitall.svg");
        assertEquals(0, igtrace("timeline", TESTDATA.resolve("waitall").toString(), "--clock-correction", "none", "-q", "-o",
                svg.toString()).code);
        String row = rows(Files.readString(svg)).get(0);
        assertEquals(390e-6, seconds(row, "wait"), 1e-9);
        assertEquals(2, Pattern.compile("<rect class=\"wait\"").matcher(row).results().count(), row);
        Path halo = dir.resolve("halo.svg");
        assertEquals(0, igtrace("timeline", TESTDATA.resolve("halo").toString(), "--clock-correction", "none", "-q", "-o",
                halo.toString()).code);
        Map<Integer, String> rows = rows(Files.readString(halo));
        assertEquals(70e-6, seconds(rows.get(0), "wait"), 1e-9);
        assertEquals(30e-6, seconds(rows.get(1), "wait"), 1e-9);
    }

    /**
     * Raw clocks on the ping-pong copy whose rank 1 runs 1 ms behind: every message whose receive
     * otf2-print shows before its send (FIFO per sender, receiver, tag) is a red arrow.
     */
    @Test
    void rawClocksDrawClockConflictsInTheWarningColour() throws Exception {
        String trace = TESTDATA.resolve("skew/pingpong-rank1-minus-1ms/traces.otf2").toString();
        Path svg = dir.resolve("raw.svg");
        assertEquals(0, igtrace("timeline", trace, "--clock-correction", "none", "-q", "-o", svg.toString()).code);
        String text = Files.readString(svg);
        int conflicts = conflictsByOtf2Print(trace);
        assertTrue(conflicts > 0, "a 1 ms shift puts some receives before their sends");
        assertEquals(conflicts, sumCounts(text, "msg conflict"));
        assertTrue(text.contains("stroke=\"#e53935\""));
        Path corrected = dir.resolve("corrected.svg");
        assertEquals(0, igtrace("timeline", trace, "-q", "-o", corrected.toString()).code);
        assertEquals(0, sumCounts(Files.readString(corrected), "msg conflict"), "offsets remove them");
    }

    /**
     * A window on a trace whose ranks 0-2 run 1 s behind rank 3 (the skew copy): corrected, their
     * kept calls lie past the window's end and are cut; the picture says so, and that the window is
     * on each process's own clock (there was no word of it).
     */
    @Test
    void aWindowCutAfterClockCorrectionIsNoted() throws Exception {
        Path svg = dir.resolve("w.svg");
        String trace = TESTDATA.resolve("skew/oneway-star-rank3-plus-1s").toString();
        assertEquals(0, igtrace("timeline", trace, "--window", "0s:1400ms", "-q", "-o", svg.toString()).code);
        assertTrue(Files.readString(svg).contains("The window is on each process's own clock; corrected, the processes' parts are"
                + " shifted by up to 1 s against each other, and what falls outside the window is cut."));
        Path plain = dir.resolve("p.svg");
        assertEquals(0, igtrace("timeline", trace, "-q", "-o", plain.toString()).code);
        assertFalse(Files.readString(plain).contains("own clock"), "no window, no note");
    }

    private static int sumCounts(String svg, String cls) {
        Matcher m = Pattern.compile("<line class=\"" + cls + "\" data-count=\"(\\d+)\"").matcher(svg);
        int n = 0;
        while (m.find()) {
            n += Integer.parseInt(m.group(1));
        }
        return n;
    }

    /** Messages received before they were sent, matched FIFO by (sender, receiver, tag) from otf2-print's listing. */
    static int conflictsByOtf2Print(String trace) throws Exception {
        String printed = command("otf2-print", trace);
        Pattern send = Pattern.compile("^MPI_SEND\\s+(\\d+)\\s+(\\d+)\\s+Receiver: (\\d+).*Tag: (\\d+)", Pattern.MULTILINE);
        Pattern recv = Pattern.compile("^MPI_RECV\\s+(\\d+)\\s+(\\d+)\\s+Sender: (\\d+).*Tag: (\\d+)", Pattern.MULTILINE);
        Map<String, ArrayDeque<Long>> sends = new HashMap<>();
        Matcher m = send.matcher(printed);
        while (m.find()) {
            sends.computeIfAbsent(m.group(1) + ">" + m.group(3) + "#" + m.group(4), k -> new ArrayDeque<>()).add(Long.parseLong(m.group(2)));
        }
        int conflicts = 0;
        m = recv.matcher(printed);
        while (m.find()) {
            ArrayDeque<Long> q = sends.get(m.group(3) + ">" + m.group(1) + "#" + m.group(4));
            if (q != null && !q.isEmpty() && Long.parseLong(m.group(2)) < q.poll()) {
                conflicts++;
            }
        }
        return conflicts;
    }

    /** --ranks 1-2 draws two rows; neither of the program's messages runs between them, so no arrow. */
    @Test
    void ranksSelectTheRowsAndTheArrowsAmongThem() throws Exception {
        Path svg = dir.resolve("r.svg");
        Run run = igtrace("timeline", DELAYS, "--ranks", "1-2", "-o", svg.toString());
        assertEquals(0, run.code, run.err);
        String text = Files.readString(svg);
        assertEquals(List.of(1, 2), new ArrayList<>(rows(text).keySet()));
        assertEquals(0, count(text, "<line class=\"msg"));
        assertTrue(text.contains("(--ranks 1-2)"), "the title names the selection");
    }

    @Test
    void badSelectionsAreUsageErrorsAndAnEmptyOneNamesItself() {
        Path svg = dir.resolve("x.svg");
        Run empty = igtrace("timeline", DELAYS, "--window", "2s:1s", "-o", svg.toString());
        assertEquals(2, empty.code);
        assertTrue(empty.err.startsWith("igtrace: --window '2s:1s' is empty"), empty.err);
        assertEquals(2, igtrace("timeline", DELAYS, "--ranks", "0-4", "-o", svg.toString()).code);
        assertEquals(2, igtrace("timeline", DELAYS, "--region", "solver", "-o", svg.toString()).code);
        Run nothing = igtrace("timeline", DELAYS, "--window", "10s:", "-o", svg.toString());
        assertEquals(1, nothing.code);
        assertTrue(nothing.err.contains("the selection (--window 10s:) keeps no event of the trace"), nothing.err);
        assertEquals(1, nothing.err.strip().lines().count(), nothing.err);
        assertFalse(Files.exists(svg), "no partial output");
    }

    /**
     * Headless Chromium renders the picture (as a person would open it): the screenshot has the
     * requested width and shows the point-to-point colour, the collective mark's orange and the
     * message arrows' black. Tag slow (-Pfull): ReportCommandTest has Chromium render a page by default.
     */
    @Tag("slow")
    @Test
    void chromiumRendersTheTimeline() throws Exception {
        Path svg = dir.resolve("delays.svg");
        assertEquals(0, igtrace("timeline", DELAYS, "-q", "--width", "900", "-o", svg.toString()).code);
        Path png = dir.resolve("delays.png");
        screenshot(svg, png, 900, 300);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        assertTrue(pixels(image, 0x64b5f6) > 1000, "MPI point-to-point bars");
        assertTrue(pixels(image, 0xff6d00) > 20, "collective marks");
        assertTrue(pixels(image, 0x81c784) > 1000, "compute in the user region Working");
    }

    static void screenshot(Path page, Path png, int width, int height) throws Exception {
        command("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--window-size=" + width + "," + height, "--screenshot=" + png, page.toUri().toString());
        assertTrue(Files.size(png) > 1000, "chromium wrote a screenshot");
    }

    static int pixels(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * The Perfetto export is the trace-event format's JSON object form: every event has name, ph,
     * pid, tid; complete events (X) have ts and dur in microseconds, one per region call otf2-print
     * lists (ENTER count); flows (s, f) share an id per message and the end binds to its enclosing
     * slice (bp e); metadata (M) names each process and each thread. Python's json module reads it.
     */
    @Test
    void perfettoExportHasTheTraceEventFormatsFields() throws Exception {
        Path json = dir.resolve("delays.json");
        Run run = igtrace("timeline", DELAYS, "-o", json.toString());
        assertEquals(0, run.code, run.err);
        String printed = command("otf2-print", TESTDATA.resolve("otf2/delays-4/eztrace_log.otf2").toString());
        int enters = count(printed, "(?m)^ENTER ");
        String out = command("/usr/bin/python3", "-c", String.join("\n",
                "import json, sys, collections",
                "d = json.load(open(sys.argv[1]))",
                "ev = d['traceEvents']",
                "assert d['displayTimeUnit'] in ('ms', 'ns')",
                "assert all(all(k in e for k in ('name', 'ph', 'pid', 'tid')) for e in ev)",
                "x = [e for e in ev if e['ph'] == 'X']",
                "assert all(isinstance(e['ts'], (int, float)) and e['dur'] >= 0 and e['cat'] in ('mpi', 'user') for e in x)",
                "s = {e['id']: e for e in ev if e['ph'] == 's'}",
                "f = {e['id']: e for e in ev if e['ph'] == 'f'}",
                "assert s.keys() == f.keys() and all(f[i]['bp'] == 'e' and f[i]['ts'] >= s[i]['ts'] for i in s)",
                "m = [e for e in ev if e['ph'] == 'M' and e['name'] == 'process_name']",
                "assert all('name' in e['args'] for e in m)",
                "t = {(e['pid'], e['tid']): e['args']['name'] for e in ev if e['ph'] == 'M' and e['name'] == 'thread_name'}",
                "assert {(e['pid'], e['tid']) for e in x} <= t.keys()",
                "print(len(x), len(s), len(m), sorted(set(t.values())))"), json.toString());
        // every thread with calls is named (the viewer showed its location number): one thread per rank here
        assertEquals(enters + " 2 4 ['thread 0']", out.strip());
    }

    /**
     * The synthetic OTF2 run has a GPU stream on rank 0 (otf2-print lists a location of type
     * ACCELERATOR_STREAM), which no timeline draws: the Perfetto export says so on stderr, as the SVG
     * does in its notes (it said nothing).
     */
    @Test
    void perfettoExportSaysWhatTheReaderLeftOut() throws Exception {
        String printed = command("otf2-print", "-G", TESTDATA.resolve("otf2/synth/synth.otf2").toString());
        assertEquals(1, count(printed, "(?m)^LOCATION .*Type: ACCELERATOR_STREAM"));
        Run run = igtrace("timeline", TESTDATA.resolve("otf2/synth").toString(), "--format", "perfetto", "-o", dir.resolve("s.pftrace").toString());
        assertEquals(0, run.code, run.err);
        assertTrue(run.err.contains("igtrace timeline: note: 1 location that is not a CPU thread of a process (GPU streams, metric locations)"
                + " ignored"), run.err);
    }
}
