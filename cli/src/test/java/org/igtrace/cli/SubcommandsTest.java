package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/** The subcommands graph, stats, info and help, the short form, and where the output format comes from. */
class SubcommandsTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    static String trace(String name) {
        return TESTDATA.resolve("otf2").resolve(name).toString();
    }

    static String command(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    static String python(String script, String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of("/usr/bin/python3", "-c", script));
        c.addAll(List.of(args));
        return command(c.toArray(new String[0])).strip();
    }

    @Tag("slow")
    @Test
    void graphCommandAndShortFormGiveTheSameOutput() {
        Run shortForm = igtrace(trace("patterns-4"), "--format", "dot", "--graph", "tree");
        Run named = igtrace("graph", trace("patterns-4"), "--format", "dot", "--graph", "tree");
        Run optionsFirst = igtrace("--format", "dot", "--graph", "tree", trace("patterns-4"));
        assertEquals(0, named.code, named.err);
        assertEquals(shortForm.out, named.out);
        assertEquals(shortForm.err, named.err);
        assertEquals(named.out, optionsFirst.out);
        assertTrue(named.out.startsWith("strict graph igtrace {"), named.out);
    }

    /** The format follows the -o file's extension; a --format that disagrees is a usage error and writes nothing. */
    @Tag("slow")
    @Test
    void outputFormatFollowsTheExtension() throws Exception {
        for (String name : List.of("g.dot", "g.gv")) {
            assertEquals(0, igtrace(trace("pi-4"), "-q", "-o", dir.resolve(name).toString()).code);
            assertTrue(Files.readString(dir.resolve(name)).startsWith("strict graph igtrace {"), name);
        }
        assertEquals(0, igtrace(trace("patterns-8"), "-q", "-o", dir.resolve("g.grf").toString()).code);
        // Scotch's own test program loads it: 8 vertices, 16 edges (patterns.c by design)
        String gtst = command("gtst", dir.resolve("g.grf").toString());
        assertTrue(gtst.contains("Vertex\tnbr=8") && gtst.contains("Edge\tnbr=16") && !gtst.contains("ERROR"), gtst);
        assertEquals(0, igtrace(trace("pi-4"), "-q", "-o", dir.resolve("g.csv").toString()).code);
        assertTrue(Files.readString(dir.resolve("g.csv")).startsWith("source,target,"));
        assertEquals(0, igtrace(trace("pi-4"), "-q", "-o", dir.resolve("g.unknown").toString()).code);
        assertTrue(Files.readString(dir.resolve("g.unknown")).contains("<graphml"), "other extensions: graphml");

        Run conflict = igtrace(trace("pi-4"), "--format", "dot", "-o", dir.resolve("c.graphml").toString());
        assertEquals(2, conflict.code);
        assertTrue(conflict.err.startsWith("igtrace: --format dot does not match the output file "), conflict.err);
        assertFalse(Files.exists(dir.resolve("c.graphml")));
        assertEquals(0, igtrace(trace("pi-4"), "--format", "DOT", "-q", "-o", dir.resolve("ok.gv").toString()).code,
                "enum values in any case");
    }

    /**
     * Each check happens before the trace is read: the trace named does not exist, yet the answer
     * is the usage error (exit 2), not the missing file (exit 1).
     */
    @Test
    void optionsAreCheckedBeforeTheTraceIsRead() {
        String none = TESTDATA.resolve("no-such-trace.otf2").toString();
        String[][] cases = {
            {"--threads", "0"}, {"--threads", "-1"}, {"--threads", "1000"},
            {"--no-waits", "--clock-correction", "none"}, {"--no-waits", "--weight", "wait"},
            {"--topology", "ring", "--centre", "1"}, {"--topology", "star", "--centre", "-1"},
            {"--topology", "ring", "--format", "metis"}, {"--placement", "p.txt"},
            {"--format", "scotch", "-o", "x.dot"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of(none));
            args.addAll(List.of(c));
            Run r = igtrace(args.toArray(new String[0]));
            assertEquals(2, r.code, String.join(" ", c) + ": " + r.err);
            assertEquals(2, r.err.lines().count(), r.err);
            assertTrue(r.err.lines().toList().get(1).startsWith("Try 'igtrace graph --help'"), r.err);
        }
        assertTrue(igtrace(none, "--threads", "1000").err.startsWith("igtrace: --threads 1000 is out of range: give 1 to 256"));
        assertTrue(igtrace(none, "--placement", "p.txt").err.startsWith("igtrace: --placement and --centre need --topology"));
        assertEquals(2, igtrace("stats", none, "--threads", "0").code);
        // report had a -j of its own that took -1 and 0 (and no --skip-missing, which the reader's errors suggest)
        for (String command : new String[] {"report", "timeline", "predict", "info"}) {
            Run r = igtrace(command, none, "-j", "-1");
            assertEquals(2, r.code, command + ": " + r.err);
            assertTrue(r.err.startsWith("igtrace: --threads -1 is out of range"), command + ": " + r.err);
        }
        assertEquals(1, igtrace("report", none, "--skip-missing", "--skip-damaged").code, "accepted: the trace is then looked for");
        assertEquals(1, igtrace(none, "--threads", "256").code, "256 is accepted: the trace is then looked for");
        Run missingDir = igtrace(none, "-o", dir.resolve("absent").resolve("g.graphml").toString());
        assertEquals(1, missingDir.code);
        assertTrue(missingDir.err.contains("absent/g.graphml: directory ") && missingDir.err.contains(" does not exist"), missingDir.err);
    }

    /**
     * What needs the number of processes is checked once the definitions are read, before any
     * event: on a copy of pi-4 (ranks 0..3) whose events of location 0 are damaged in the middle
     * (40 bytes of 0xFF at a third of 0.evt; its end-of-file record intact, so only reading the
     * events finds it), --centre 99, a mesh of 2 nodes for 4 processes and a placement file of
     * the wrong length still give their own error, not the damaged events.
     */
    @Test
    void optionsThatNeedTheProcessesAreCheckedBeforeAnyEventIsRead() throws Exception {
        Path copy = dir.resolve("pi-4");
        Files.createDirectories(copy.resolve("eztrace_log"));
        try (Stream<Path> files = Files.walk(Path.of(trace("pi-4")))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, copy.resolve(Path.of(trace("pi-4")).relativize(f).toString()));
            }
        }
        Path events = copy.resolve("eztrace_log/0.evt");
        byte[] bytes = Files.readAllBytes(events);
        // damage only reading the events notices (the file's record structure, checked when it is opened, stays whole):
        // the first MpiCollectiveEnd record (type 23, 7 bytes, at 0x4b: the Bcast) gets 7 as its communicator's size
        // byte, which libotf2 refuses ("Invalid size in compressed length byte") when it reads the record
        assertEquals("1707010000010801", String.format("%02x%02x%02x%02x%02x%02x%02x%02x", bytes[0x4b], bytes[0x4c], bytes[0x4d],
                bytes[0x4e], bytes[0x4f], bytes[0x50], bytes[0x51], bytes[0x52]));
        bytes[0x4e] = 7;
        Files.write(events, bytes);
        Path graph = dir.resolve("s.graphml");
        Run damaged = igtrace(copy.toString(), "-o", graph.toString());
        assertEquals(1, damaged.code, damaged.err);
        assertTrue(damaged.err.startsWith("igtrace: " + events + ": damaged or truncated (events of location 0"), damaged.err);

        Run centre = igtrace(copy.toString(), "--topology", "star", "--centre", "99", "-o", graph.toString());
        assertEquals(2, centre.code, centre.err);
        assertEquals(List.of("igtrace: --centre 99: there is no such rank (0..3)", "Try 'igtrace graph --help' for more information."),
                centre.err.lines().toList());
        Run mesh = igtrace(copy.toString(), "--topology", "mesh:1x2", "-o", graph.toString());
        assertEquals(2, mesh.code, mesh.err);
        assertTrue(mesh.err.startsWith("igtrace: the topology mesh:1x2 has 2 nodes, fewer than the 4 processes;"), mesh.err);
        Path placement = dir.resolve("two-ranks.txt");
        Files.writeString(placement, "0\n1\n");
        Run placed = igtrace(copy.toString(), "--topology", "mesh:2x2", "--placement", placement.toString(), "-o", graph.toString());
        assertEquals(1, placed.code, placed.err);
        assertEquals(List.of("igtrace: " + placement + ": places 2 ranks, the trace has 4 processes"), placed.err.lines().toList());
        assertFalse(Files.exists(graph));
        // too few lines, and words: the word is said first (it said "places 2 ranks": a hunt)
        Files.writeString(placement, "a\nb\n");
        Run words = igtrace(copy.toString(), "--topology", "mesh:2x2", "--placement", placement.toString(), "-o", graph.toString());
        assertEquals(1, words.code, words.err);
        assertTrue(words.err.startsWith("igtrace: " + placement + ": line 1: 'a' is not a whole number"), words.err);
        // a word that is no number: the line and the word (it said "not a whole number (For input string: ...)": review)
        Files.writeString(placement, "# nodes\n0\n1\n\nx2\n3\n");
        Run word = igtrace(copy.toString(), "--topology", "mesh:2x2", "--placement", placement.toString(), "-o", graph.toString());
        assertEquals(1, word.code, word.err);
        assertEquals(List.of("igtrace: " + placement + ": line 5: 'x2' is not a whole number from -2147483648 to 2147483647"), word.err.lines().toList());
        Run fits = igtrace(trace("pi-4"), "--topology", "star", "--centre", "3", "-o", graph.toString());
        assertEquals(0, fits.code, fits.err);
    }

    @Test
    void twoTracesGetAnIgtraceMessage() {
        Run r = igtrace(trace("pi-4"), trace("pi-8"));
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("igtrace: one trace at a time: '" + trace("pi-8") + "' is a second trace"), r.err);
        assertFalse(r.err.contains("Unmatched argument"), r.err);
        Run unknown = igtrace(trace("pi-4"), "--no-such-option");
        assertEquals(2, unknown.code);
        assertTrue(unknown.err.contains("Unknown option: '--no-such-option'"), unknown.err);
    }

    /**
     * delays-4 (testdata/programs/delays.c): rank 1 waits 50 ms as late sender; otf2-print shows 224
     * enter/leave events of MPI_Sendrecv, 112 calls, none with message events.
     */
    @Tag("slow")
    @Test
    void statsAsTextCsvAndJson() throws Exception {
        Run text = igtrace("stats", trace("delays-4"));
        assertEquals(0, text.code, text.err);
        List<String> lines = text.out.lines().toList();
        assertEquals("Waiting per wait-state pattern, summed over 4 processes (of time: of their times T_i added up)", lines.get(0));
        int perProcess = lines.indexOf("Per process");
        assertTrue(lines.get(perProcess + 1).matches("rank +T +Tcomm +w +late_sender .* waiting +offset"), lines.get(perProcess + 1));
        for (int r = 0; r < 4; r++) {
            assertTrue(lines.get(perProcess + 2 + r).matches(" +" + r + " .*"), lines.get(perProcess + 2 + r));
        }
        assertEquals("", lines.get(perProcess + 6));
        assertEquals("Summary", lines.get(perProcess + 7));
        assertTrue(lines.get(perProcess + 8).startsWith("4 processes, 2 edges (2 in the tree), 2 messages"), text.out);
        assertEquals("", text.err, "the summary is in the output already");

        Path csv = dir.resolve("s.csv");
        Run c = igtrace("stats", trace("delays-4"), "-o", csv.toString(), "-q");
        assertEquals(0, c.code, c.err);
        String late = python("import csv, sys\nrows = list(csv.DictReader(open(sys.argv[1])))\n"
                + "print(len(rows), rows[1]['rank'], rows[1]['wait_late_sender'])", csv.toString());
        String[] f = late.split(" ");
        assertEquals("4 1", f[0] + " " + f[1]);
        double seconds = Double.parseDouble(f[2]);
        assertTrue(seconds >= 0.049 && seconds <= 0.055, late);

        Path json = dir.resolve("s.json");
        Run j = igtrace("stats", trace("delays-4"), "-o", json.toString());
        assertEquals(0, j.code, j.err);
        assertTrue(j.err.startsWith("igtrace: 4 processes"), "the summary on standard error when the output is a file");
        String parsed = python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "s = [x for x in d['diagnostics'] if x['kind'] == 'silent_sendrecv']\n"
                + "print(len(d['processes']), len(d['patterns']), d['patterns'][-1]['pattern'], s[0]['count'], "
                + "d['summary']['processes'], d['summary']['clock_correction'], "
                + "abs(sum(p['wait'] for p in d['processes']) - d['summary']['wait']) < 1e-9, "
                + "abs(sum(p['time'] for p in d['processes']) - d['summary']['process_time']) < 1e-9, 'run_time' in d['summary'])",
                json.toString());
        // process_time is the sum of every T_i (it was called run_time beside efficiency.runtime = max T_i)
        assertEquals("4 7 all 112 4 offsets True True False", parsed);
        Run conflict = igtrace("stats", trace("delays-4"), "--format", "csv", "-o", dir.resolve("x.json").toString());
        assertEquals(2, conflict.code);
    }

    /** scorep-ping-pong by otf2-print: creator Score-P 7.1, OTF2 2.3.0, 60 events on each of 2 locations, 3 communicators, clock 2095197216 ticks/s over 418210708 ticks. */
    @Test
    void infoOfAnOtf2Archive() throws Exception {
        Run text = igtrace("info", trace("scorep-ping-pong"));
        assertEquals(0, text.code, text.err);
        assertTrue(text.out.contains("format         OTF2 2.3.0, written by Score-P 7.1\n"), text.out);
        assertTrue(text.out.contains("clock          2095197216 ticks per second"), text.out);
        assertTrue(text.out.contains("time span      200 ms\n"), "418210708 / 2095197216 s = 199.6 ms: " + text.out);
        assertTrue(text.out.contains("missing files  none"), text.out);
        // counted on one thread the same (info took no -j, unlike the other commands)
        Run one = igtrace("info", trace("scorep-ping-pong"), "-j", "1");
        assertEquals(0, one.code, one.err);
        assertEquals(text.out, one.out);
        Path json = dir.resolve("i.json");
        assertEquals(0, igtrace("info", trace("scorep-ping-pong"), "-o", json.toString()).code);
        String parsed = python("import json, sys\nd = json.load(open(sys.argv[1]))\n"
                + "print(d['producer'], '|', len(d['processes']), [l['events'] for l in d['locations']], "
                + "sorted(c['name'] for c in d['communicators']), d['ticks_per_second'], round(d['span'] * 2095197216))",
                json.toString());
        assertEquals("Score-P 7.1 | 2 [60, 60] ['MPI_COMM_SELF', 'MPI_COMM_WORLD', 'Process x Threads CPU Locations'] "
                + "2095197216 418210708", parsed);
    }

    /** delays-4 by otf2-print -G: 32 REGION definitions, 24 named MPI_* (EZTrace marks them paradigm USER). */
    @Test
    void infoCountsMpiRegionsByName() {
        Run r = igtrace("info", trace("delays-4"));
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("regions        MPI 24, user 8\n"), r.out);
    }

    /**
     * scorep-jacobi-2nodes by otf2-print -G: 281 REGION definitions, of paradigms MPI 204, OPENMP 34, COMPILER 22 and CUDA 21,
     * each counted under its own (the OpenMP and CUDA regions were "other 77").
     */
    @Test
    void infoCountsRegionsPerParadigm() {
        Run r = igtrace("info", trace("scorep-jacobi-2nodes"));
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("regions        CUDA 21, MPI 204, OpenMP 34, compiler 22\n"), r.out);
    }

    /** A deleted event file is listed as missing; OTF event files are counted (the CUDA streams are listed, left out). */
    @Test
    void infoListsMissingFilesAndOtfStreams() throws Exception {
        Path copy = dir.resolve("pi-4");
        try (var walk = Files.walk(TESTDATA.resolve("otf2/pi-4"))) {
            for (Path p : walk.toList()) {
                Path target = copy.resolve(TESTDATA.resolve("otf2/pi-4").relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        Files.delete(copy.resolve("eztrace_log").resolve("536870911.evt"));
        Run r = igtrace("info", copy.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("missing files  " + copy.resolve("eztrace_log").resolve("536870911.evt") + "\n"), r.out);
        // 4 processes of one thread each, one thread's file missing: 3 read (it said "4 threads read")
        assertTrue(r.out.contains("processes      4 (3 threads read; 4 locations in all)\n"), r.out);

        Run otf = igtrace("info", TESTDATA.resolve("otf1/vt-md-mpi-cuda").toString());
        assertEquals(0, otf.code, otf.err);
        assertTrue(otf.out.contains("format         OTF, written by VampirTrace"), otf.out);
        assertTrue(otf.out.contains("processes      4 (4 threads read; 8 locations in all)"), otf.out);
        assertEquals(4, otf.out.lines().filter(l -> l.contains("left out (GPU stream")).count(), otf.out);
    }

    /**
     * quiet-4 has no point-to-point message; otf2-print shows 4 MPI_COLLECTIVE_END events, one per
     * rank, all BARRIER with Sent: 0, Received: 0: no edge with or without --collectives, and the
     * summary says so (it used to suggest --collectives). pi-4's MPI_Bcast calls alone (--region)
     * carry data (otf2-print: Sent/Received 8 bytes): there the summary says how to draw them.
     */
    /**
     * With --collectives the edges carry the modelled collectives too: the summary says the 24
     * point-to-point messages (otf2-print: 24 MPI_SEND/MPI_ISEND on patterns-4) and how many the
     * edges carry, which is the sum of the GraphML edges' messages (it said "24 messages" beside edges of 42).
     */
    @Tag("slow")
    @Test
    void withCollectivesTheSummarySaysWhatTheEdgesCarry() throws Exception {
        Path graphml = dir.resolve("c.graphml");
        Run r = igtrace(trace("patterns-4"), "--collectives", "-o", graphml.toString());
        assertEquals(0, r.code, r.err);
        String onEdges = python("import xml.etree.ElementTree as E, sys\n"
                + "t = E.parse(sys.argv[1]); ns = '{http://graphml.graphdrawing.org/xmlns}'\n"
                + "keys = {k.get('id'): k.get('attr.name') for k in t.getroot().iter(ns + 'key')}\n"
                + "print(int(sum(float(d.text) for e in t.getroot().iter(ns + 'edge') for d in e.iter(ns + 'data') "
                + "if keys[d.get('key')] == 'messages')))", graphml.toString());
        assertTrue(r.err.contains(", 24 point-to-point messages (" + onEdges + " with the collectives), "), r.err);
        assertTrue(Integer.parseInt(onEdges) > 24, onEdges);
        Run plain = igtrace(trace("patterns-4"), "-o", dir.resolve("p.graphml").toString());
        assertTrue(plain.err.contains(", 24 messages, "), plain.err);
    }

    @Tag("slow")
    @Test
    void collectiveOnlyTraceSaysSo() {
        Run r = igtrace(trace("quiet-4"), "-o", dir.resolve("q.graphml").toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("no point-to-point message, and the 4 collective calls carry no data (barriers and the like): "
                + "the graph has no edges, with or without --collectives"), r.err);
        Run quietModelled = igtrace(trace("quiet-4"), "--collectives", "-o", dir.resolve("q2.graphml").toString());
        assertTrue(quietModelled.err.contains("4 processes, 0 edges"), quietModelled.err);
        Run bcast = igtrace(trace("pi-4"), "--region", "MPI_Bcast", "-o", dir.resolve("b.graphml").toString());
        assertTrue(bcast.err.contains("all traffic is in collective operations (") && bcast.err.contains(
                "calls, no point-to-point message): --collectives draws it as pairwise traffic"), bcast.err);
        Run modelled = igtrace(trace("pi-4"), "--region", "MPI_Bcast", "--collectives", "-o", dir.resolve("b2.graphml").toString());
        assertTrue(modelled.err.contains("calls, no point-to-point message); --collectives models what they carry"), modelled.err);
        assertFalse(modelled.err.contains(" 0 edges"), modelled.err);
        Run pi = igtrace(trace("pi-4"), "-o", dir.resolve("p.graphml").toString());
        assertFalse(pi.err.contains("all traffic is in collective"), "pi-4 has messages: " + pi.err);
    }

    /**
     * patterns-8 by otf2-print: 32 MPI_SEND + 16 MPI_ISEND against 32 MPI_RECV (EZTrace records no
     * completion of its 16 MPI_Irecv): 16 sends without a receive, said once. The tree of 8
     * processes has 7 edges; the graph 16 (patterns.c by design).
     */
    @Tag("slow")
    @Test
    void summaryTellsEachFactOnceInGoodEnglish() {
        Run r = igtrace(trace("patterns-8"), "--graph", "tree", "-o", dir.resolve("t.graphml").toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.startsWith("igtrace: 8 processes, 7 edges (the spanning tree of 16), 48 messages, 1 component;"), r.err);
        assertEquals(1, r.err.split("no matching receive event|no receive event", -1).length - 1, r.err);
        assertTrue(r.err.contains("16 sent messages have no matching receive event"), r.err);
        assertTrue(r.err.lines().allMatch(l -> l.length() <= "igtrace:   ".length() + 200), r.err);
        Run noWaits = igtrace(trace("patterns-8"), "--no-waits", "-o", dir.resolve("n.graphml").toString());
        assertTrue(noWaits.err.contains("16 sent messages have no receive event (counted from the send side)"), noWaits.err);
        // long notes get a line of their own, indented under the summary
        Run delays = igtrace(trace("delays-4"), "-o", dir.resolve("d.graphml").toString());
        assertEquals("igtrace:   112 MPI_Sendrecv calls recorded no message events: their traffic is not in the graph",
                delays.err.lines().toList().get(1));
    }

    /** scorep-ping-pong: both ranks' clocks already agree with every message (offsets 0): no "offsets up to 0 s". */
    @Test
    void noCorrectionNeededIsSaidSo() {
        Run r = igtrace(trace("scorep-ping-pong"), "-o", dir.resolve("p.graphml").toString());
        assertEquals(0, r.code, r.err);
        assertFalse(r.err.contains("offsets up to 0 s"), r.err);
    }

    /**
     * A run builds picocli's model of the one subcommand it runs, found by name in
     * {@link IgtraceCommand#SUBCOMMANDS}: each name there must be its class's own command name,
     * and help must list them all.
     */
    @Test
    void subcommandTableNamesEachCommandAsItsClassDoes() {
        IgtraceCommand.SUBCOMMANDS.forEach((name, c) ->
                assertEquals(name, c.getAnnotation(picocli.CommandLine.Command.class).name(), c.getName()));
        assertEquals(List.copyOf(IgtraceCommand.SUBCOMMANDS.keySet()),
                List.copyOf(IgtraceCommand.commandLine().getSubcommands().keySet()));
        Run help = igtrace("--help");
        for (String name : IgtraceCommand.SUBCOMMANDS.keySet()) {
            assertTrue(help.out.contains("\n  " + name + " "), name + " in " + help.out);
        }
    }

    @Test
    void helpCommandAndHelpOfEachCommand() {
        Run top = igtrace("help");
        assertEquals(0, top.code);
        assertTrue(top.out.contains("Commands:") && top.out.contains("  stats ") && top.out.contains("  info "), top.out);
        for (String c : List.of("graph", "stats", "info")) {
            Run h = igtrace("help", c);
            assertEquals(0, h.code);
            assertTrue(h.out.contains("\nUsage: igtrace " + c + " "), h.out);
            assertTrue(h.out.contains("Examples:"), c + ": " + h.out);
            assertEquals(h.out, igtrace(c, "--help").out);
        }
        assertEquals(2, igtrace().code);
        assertTrue(igtrace().err.startsWith("igtrace: give a trace (igtrace TRACE) or a command (igtrace help)"));
    }

    /**
     * synth-plain's definitions give process 2 ("Process 1") a second thread (DP100002NM"Process 1
     * thread 1"PT2): T_i is the wall-clock span of its threads (definitions section 3; added up, T was
     * 1.74 ms, now 940 us: less the second thread's 800 us), and stats and graph --stats give the hybrid efficiencies
     * (definitions section 10a). patterns-4 (EZTrace, one location per process) gets no such line.
     */
    @Test
    void efficiencyOfProcessesWithThreadsIsHybrid() {
        String synth = TESTDATA.resolve("otf1/synth-plain/synth.otf").toString();
        Run stats = igtrace("stats", synth);
        assertEquals(0, stats.code(), stats.err());
        assertTrue(stats.out().contains("POP: run time T 940 us") && stats.out().contains("; hybrid parallel efficiency "), stats.out());
        Run graph = igtrace(synth, "--stats", "-o", "/dev/null");
        assertEquals(0, graph.code(), graph.err());
        assertTrue(graph.err().contains("efficiency: hybrid parallel efficiency "), graph.err());
        Run single = igtrace("stats", trace("patterns-4"));
        assertEquals(0, single.code(), single.err());
        assertTrue(single.out().contains("POP: run time T"), single.out());
        assertFalse(single.out().contains("hybrid"), single.out());
    }

    /**
     * --weight wait in Scotch: the loads are the waits in microseconds, round(seconds x 10^6), the seconds
     * being the Matrix Market file's unscaled weights; with s = 1 every wait of patterns-4 (57.5 us to
     * 24.9 ms) rounded to 0 and was written as load 1.
     */
    @Test
    void waitWeightsGoToMappingFormatsInMicroseconds() throws Exception {
        Path grf = dir.resolve("w.grf"), mtx = dir.resolve("w.mtx");
        assertEquals(0, igtrace(trace("patterns-4"), "--weight", "wait", "-q", "-o", grf.toString()).code());
        assertEquals(0, igtrace(trace("patterns-4"), "--weight", "wait", "-q", "-o", mtx.toString()).code());
        java.util.Map<String, Long> expected = new java.util.HashMap<>();
        for (String line : Files.readAllLines(mtx)) {
            String[] f = line.trim().split("\\s+");
            if (line.startsWith("%") || f.length != 3 || !f[2].contains(".")) {
                continue; // comments and the size line
            }
            int i = Integer.parseInt(f[0]) - 1, j = Integer.parseInt(f[1]) - 1;
            long load = Math.max(1, Math.round(Double.parseDouble(f[2]) * 1e6));
            expected.put(Math.min(i, j) + "-" + Math.max(i, j), load);
        }
        assertEquals(6, expected.size(), expected.toString());
        java.util.List<String> lines = Files.readAllLines(grf);
        int n = Integer.parseInt(lines.get(1).split(" ")[0]);
        java.util.Map<String, Long> written = new java.util.HashMap<>();
        for (int v = 0; v < n; v++) {
            String[] f = lines.get(3 + v).split(" ");
            for (int k = 2; k < f.length; k += 2) {
                int u = Integer.parseInt(f[k + 1]);
                written.put(Math.min(u, v) + "-" + Math.max(u, v), Long.parseLong(f[k]));
            }
        }
        assertEquals(expected, written);
        assertTrue(written.values().stream().anyMatch(l -> l > 1000), "not all 1: " + written);
    }

    /**
     * patterns-8 on a bus: every pair is one hop, so hop-bytes are the bytes of all edges (the csv's
     * bytes column added up), and the summary says the shared medium carries all of them, while each
     * node's own link carries only what that node sends and receives.
     */
    @Test
    void aBusSaysItsMediumCarriesAllTraffic() {
        Path edges = dir.resolve("e.csv");
        assertEquals(0, igtrace(trace("patterns-8"), "-q", "-o", edges.toString()).code());
        long total = 0;
        try {
            java.util.List<String> lines = Files.readAllLines(edges);
            int bytes = java.util.Arrays.asList(lines.get(0).split(",")).indexOf("bytes");
            for (String line : lines.subList(1, lines.size())) {
                total += Long.parseLong(line.split(",")[bytes]);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Run r = igtrace(trace("patterns-8"), "--topology", "bus", "-o", dir.resolve("b.csv").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("hop-bytes " + total + ","), total + " " + r.err());
        assertTrue(r.err().contains("the shared bus itself carries all " + total + " bytes between nodes"), r.err());
    }
}
