package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * definitions section 11: every number on a selection equals the number on a trace that holds only the selected
 * events. testdata/make-selected.py (python3-otf2, its own implementation of the rules) writes
 * that trace from a Score-P archive; the graph of the selection and the graph of the written trace
 * must agree in every GraphML value (times, compute fractions, bytes, messages, clock offsets,
 * every wait pattern), all but the source file's name.
 */
class SelectionCommandTest {
    private static final Path TESTDATA = TimelineCommandTest.TESTDATA;

    @TempDir
    Path dir;

    /** Writes, with testdata/make-selected.py, the copy of {@code trace} holding only what {@code selection} keeps. */
    private Path reduced(String trace, String selection, String name) throws Exception {
        Path source = TESTDATA.resolve("otf2").resolve(trace).resolve("traces.otf2");
        Path reduced = dir.resolve(name);
        List<String> script = new ArrayList<>(List.of("/usr/bin/python3", TESTDATA.resolve("make-selected.py").toString(),
                source.toString(), reduced.toString()));
        List<String> words = List.of(selection.strip().split(" "));
        for (int i = 0; i < words.size(); i += 2) {
            script.add(words.get(i));
            script.add(words.get(i).equals("--window") ? seconds(words.get(i + 1)) : words.get(i + 1));
        }
        TimelineCommandTest.command(script.toArray(new String[0]));
        return reduced.resolve("traces.otf2");
    }

    /** The --ranks words of a selection, or none: a trace holding only the selected events still defines every process. */
    private static List<String> ranksOf(String selection) {
        List<String> words = List.of(selection.strip().split(" "));
        int i = words.indexOf("--ranks");
        return i < 0 ? List.of() : words.subList(i, i + 2);
    }

    /**
     * {@code igtrace stats} (JSON: every table, the efficiency and the notes) on a selection equals
     * stats on the trace holding only the selected events, all but the source's name. With --ranks
     * the reduced trace is given the same --ranks: it still defines the other processes (with no
     * event), and --ranks is what says the means are over the selected ones (definitions section 10).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        "scorep-late-sender-barrier; --window 1.2s:15s",
        "scorep-late-sender-barrier; --ranks 0,2-3 --region late_sender",
        "scorep-ping-pong; --window :196ms",
    })
    @Tag("slow")
    void statsOfASelectionAreThoseOfATraceHoldingOnlyTheSelectedEvents(String trace, String selection) throws Exception {
        Path reduced = reduced(trace, selection, "reduced");
        String source = TESTDATA.resolve("otf2").resolve(trace).toString();
        List<String> args = new ArrayList<>(List.of("stats", source, "-q", "--format", "json"));
        args.addAll(List.of(selection.strip().split(" ")));
        TimelineCommandTest.Run selected = TimelineCommandTest.igtrace(args.toArray(new String[0]));
        assertEquals(0, selected.code(), selected.err());
        List<String> reducedArgs = new ArrayList<>(List.of("stats", reduced.toString(), "-q", "--format", "json"));
        reducedArgs.addAll(ranksOf(selection));
        TimelineCommandTest.Run whole = TimelineCommandTest.igtrace(reducedArgs.toArray(new String[0]));
        assertEquals(0, whole.code(), whole.err());
        assertTrue(selected.out().contains("\"load_balance\""), selected.out());
        // the reduced trace's MPI_Sendrecv calls to ranks left out hold no message event, and say so; the selection's
        // hold them (the selection drops them): no such note (scorep-jacobi-2nodes --ranks 1: 391 calls)
        assertEquals(withoutNames(withoutSilentSendrecv(whole.out())), withoutNames(selected.out()));
        assertTrue(!selected.out().contains("\"silent_sendrecv\""), selected.out());
        TimelineCommandTest.Run all = TimelineCommandTest.igtrace("stats", source, "-q", "--format", "json");
        assertTrue(!withoutNames(all.out()).equals(withoutNames(selected.out())), "the selection changes the numbers");
    }

    /** The same on 2 processes with OpenMP and CUDA threads folded in (3.9 MB; tag slow: -Pfull). */
    @Tag("slow")
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = "scorep-jacobi-2nodes; --window 500ms:1500ms --ranks 1")
    void statsOfASelectionOfThreadsAreThoseOfATraceHoldingOnlyTheSelectedEvents(String trace, String selection) throws Exception {
        statsOfASelectionAreThoseOfATraceHoldingOnlyTheSelectedEvents(trace, selection);
    }

    /**
     * {@code igtrace predict} (JSON: calibration, run times, efficiency, every process's row, the
     * notes) on a window or region selection equals predict on the trace holding only the selected
     * events, all but the trace's name.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        "scorep-late-sender-barrier; --window 1.2s:15s",
        "scorep-late-sender-barrier; --region late_sender",
        "scorep-ping-pong; --window :196ms",
    })
    @Tag("slow")
    void predictionOfAWindowOrRegionIsThatOfATraceHoldingOnlyItsEvents(String trace, String selection) throws Exception {
        Path reduced = reduced(trace, selection, "reduced");
        String source = TESTDATA.resolve("otf2").resolve(trace).toString();
        List<String> args = new ArrayList<>(List.of("predict", source, "-q", "--format", "json"));
        args.addAll(List.of(selection.strip().split(" ")));
        TimelineCommandTest.Run selected = TimelineCommandTest.igtrace(args.toArray(new String[0]));
        assertEquals(0, selected.code(), selected.err());
        TimelineCommandTest.Run whole = TimelineCommandTest.igtrace("predict", reduced.toString(), "-q", "--format", "json");
        assertEquals(0, whole.code(), whole.err());
        assertTrue(selected.out().contains("\"predicted_runtime\"") && selected.out().contains("\"rank\": 1,"), selected.out());
        assertEquals(withoutNames(whole.out()), withoutNames(selected.out()));
        TimelineCommandTest.Run all = TimelineCommandTest.igtrace("predict", source, "-q", "--format", "json");
        assertTrue(!withoutNames(all.out()).equals(withoutNames(selected.out())), "the selection changes the numbers");
    }

    /** The same on 2 processes with OpenMP and CUDA threads folded in (3.9 MB; tag slow: -Pfull). */
    @Tag("slow")
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = "scorep-jacobi-2nodes; --window 500ms:1500ms")
    void predictionOfAWindowOfThreadsIsThatOfATraceHoldingOnlyItsEvents(String trace, String selection) throws Exception {
        predictionOfAWindowOrRegionIsThatOfATraceHoldingOnlyItsEvents(trace, selection);
    }

    /**
     * A process --ranks left out is drawn "not selected": its w is 1 by definitions section 11 (T = 0), which the
     * report's tree and a DOT picture showed as "w=1.000", a process that computed all the time (review). delays-4
     * --ranks 0-1: ranks 2 and 3 so labelled, their data attributes as documented.
     */
    @Test
    void aProcessNotSelectedIsLabelledSo() {
        TimelineCommandTest.Run dot = TimelineCommandTest.igtrace("graph", TimelineCommandTest.DELAYS, "--ranks", "0-1", "--format", "dot", "-q");
        assertEquals(0, dot.code(), dot.err());
        assertTrue(dot.out().contains("n2 [ label=\"2\\nnot selected\" rank=\"2\"") && dot.out().contains("n3 [ label=\"3\\nnot selected\""), dot.out());
        assertTrue(dot.out().contains("n0 [ label=\"0\\nw=0."), dot.out());
    }

    /**
     * skew/oneway-star (make-one-way.py, times in its comment): every rank runs main for 500 ms;
     * rank 0 spends 3 x 50.06 = 150.18 ms in MPI_Recv, waiting 50 ms for each of ranks 1-3, which
     * spend 0.02 ms in MPI_Send. U_0 = 500 - 150.18 = 349.82 ms, U_1 = 500 - 0.02 = 499.98 ms.
     * With --ranks 0,1 the means are over ranks 0 and 1 (the messages from 2 and 3 are dropped,
     * the calls stay): T = 500 ms, mean U = (349.82 + 499.98) / 2 = 424.9 ms, LB = 424.9 / 499.98,
     * CommE = 499.98 / 500, PE = 424.9 / 500; rank 0 waits 50 ms (only rank 1's message is left),
     * so its lost transfer is 150.18 - 50 = 100.18 ms; the clock correction may move rank 1 by up to
     * the message's 0.04 ms (one-way traffic bounds its offset on one side only, definitions section 8),
     * which adds to the wait and is taken from the transfer. Over all four processes with ranks 2 and 3
     * at U = 0 (the old rule) LB would be 849.8 / 4 / 499.98 = 0.425.
     */
    @Test
    void efficiencyOfSelectedRanksIsOverThemOnly() throws Exception {
        String trace = TESTDATA.resolve("skew/oneway-star").toString();
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("stats", trace, "--ranks", "0,1", "-q", "--format", "json");
        assertEquals(0, run.code(), run.err());
        Path json = dir.resolve("stats.json");
        Files.writeString(json, run.out());
        String out = SubcommandsTest.python(String.join("\n",
                "import sys, json",
                "d = json.load(open(sys.argv[1]))",
                "e, ps = d['efficiency'], d['processes']",
                "assert [p['rank'] for p in ps] == [0, 1], ps",
                "assert abs(e['runtime'] - 0.5) < 1e-12, e",
                "assert abs(e['load_balance'] - 0.4249 / 0.49998) < 1e-9, e",
                "assert abs(e['communication_efficiency'] - 0.49998 / 0.5) < 1e-9, e",
                "assert abs(e['parallel_efficiency'] - 0.4249 / 0.5) < 1e-9, e",
                "assert abs(ps[0]['useful'] - 0.34982) < 1e-9 and abs(ps[1]['useful'] - 0.49998) < 1e-9, ps",
                "wait = 0.05 + ps[1]['clock_offset']",
                "assert 0 <= ps[1]['clock_offset'] <= 0.00004, ps[1]",
                "assert abs(ps[0]['lost_wait'] - wait) < 1e-12 and abs(ps[0]['lost_transfer'] - (0.15018 - wait)) < 1e-12, ps[0]",
                "print('ok')"), json.toString());
        assertEquals("ok", out);
    }

    /**
     * predict --ranks 0 on skew/oneway-star replays every process (rank 0's receives need ranks
     * 1-3's sends) and reports rank 0. On the ideal network rank 0 computes to 50 ms, its first
     * receive ends when rank 1's send starts at 100 ms, then 49.94 ms of computing to 149.94, the
     * second message at 200, again to 249.94, the third at 300, and 199.94 ms more: it ends at
     * 499.94 ms, plus rank 3's clock offset o_3 (0 to 0.04 ms, see above), which delays its send
     * on the corrected clocks: T_ideal of rank 0 = 499.94 ms + o_3. Its U = 349.82 ms, T = 500 ms:
     * LB = 1, CommE = 0.69964, SerE = 349.82 / T_ideal, TE = T_ideal / 500. The run times and the
     * row are the whole replay's.
     */
    @Test
    void predictWithRanksReplaysEveryProcessAndReportsTheSelected() throws Exception {
        String trace = TESTDATA.resolve("skew/oneway-star").toString();
        TimelineCommandTest.Run selected = TimelineCommandTest.igtrace("predict", trace, "--ranks", "0", "-q", "--format", "json",
                "--latency", "10us", "--bandwidth", "1GB/s");
        assertEquals(0, selected.code(), selected.err());
        TimelineCommandTest.Run all = TimelineCommandTest.igtrace("predict", trace, "-q", "--format", "json",
                "--latency", "10us", "--bandwidth", "1GB/s");
        assertEquals(0, all.code(), all.err());
        TimelineCommandTest.Run stats = TimelineCommandTest.igtrace("stats", trace, "-q", "--format", "json");
        Path a = dir.resolve("selected.json"), b = dir.resolve("all.json"), c = dir.resolve("stats.json");
        Files.writeString(a, selected.out());
        Files.writeString(b, all.out());
        Files.writeString(c, stats.out());
        String out = SubcommandsTest.python(String.join("\n",
                "import sys, json",
                "s, w = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))",
                "o3 = json.load(open(sys.argv[3]))['processes'][3]['clock_offset']",
                "assert 0 <= o3 <= 0.00004, o3",
                "ideal = 0.49994 + o3",
                "assert [p['rank'] for p in s['processes']] == [0], s['processes']",
                "assert s['processes'][0] == w['processes'][0], 'the row of the whole replay'",
                "assert (s['measured_runtime'], s['predicted_runtime']) == (w['measured_runtime'], w['predicted_runtime'])",
                "e = s['efficiency']",
                "assert abs(e['ideal_runtime'] - ideal) < 1e-12, e",
                "assert e['load_balance'] == 1 and abs(e['communication_efficiency'] - 0.69964) < 1e-12, e",
                "assert abs(e['serialisation_efficiency'] - 0.34982 / ideal) < 1e-12, e",
                "assert abs(e['transfer_efficiency'] - ideal / 0.5) < 1e-12, e",
                "assert any('every process was replayed' in n for n in s['notes']), s['notes']",
                "print('ok')"), a.toString(), b.toString(), c.toString());
        assertEquals("ok", out);
    }

    /**
     * predict --region MPI_Send on otf2/delays-4 keeps rank 0's one MPI_Send (otf2-print: ENTER 50265051, LEAVE
     * 50277991, 10^9 ticks per second: 12.94 us) and no receive. Its fitted send overhead is the median eager MPI_Send,
     * that call itself, and a send without a receive lasts o as a matched eager one: predicted = measured = 12.94 us,
     * speed-up 1 (it was 0 s and speed-up inf).
     */
    @Test
    void aRegionOfSendsWithoutReceivesIsPredictedItsSendOverhead() {
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace("predict", TESTDATA.resolve("otf2/delays-4").toString(), "--region",
                "MPI_Send", "--format", "json");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\"measured_runtime\": 0.00001294,") && run.out().contains("\"predicted_runtime\": 0.00001294,")
                && run.out().contains("\"speedup\": 1,"), run.out());
        assertTrue(run.err().contains("1 send without a receive completes at its post (after the send overhead)"), run.err());
    }

    /**
     * A region name that is not the trace's gets the names near it (no command lists a trace's region names, and
     * {@code --region Solve} on a trace of {@code solve} said only "no region of the trace has that name"): make-diff.py
     * names the user regions main, solve and pack beside MPI_Sendrecv and MPI_Allreduce.
     */
    @Test
    void aRegionNameNotInTheTraceGetsTheNamesNearIt() {
        String trace = TESTDATA.resolve("diff/balanced").toString();
        String[][] cases = {{"Solve", "; did you mean 'solve'?"}, {" PACK ", "; did you mean 'pack'?"}, {"ai", "; regions whose names hold it: 'main'"},
            {"mpi_", "; regions whose names hold it: 'MPI_Allreduce', 'MPI_Sendrecv'"}, {"init", "; its regions outside MPI: 'main', 'pack', 'solve'"}};
        for (String[] c : cases) {
            TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", trace, "--region", c[0]);
            assertEquals(2, r.code(), r.err());
            assertEquals("igtrace: --region '" + c[0] + "': no region of the trace has that name" + c[1], r.err().lines().findFirst().orElse(""));
        }
    }

    /** stats and predict: bad selections are usage errors (exit 2, the reason first); one that keeps nothing is exit 1 naming it. */
    @Test
    void badSelectionsOnStatsAndPredict() {
        String trace = TESTDATA.resolve("otf2/scorep-ping-pong").toString();
        for (String command : List.of("stats", "predict")) {
            String[][] bad = {{"--window", "2s:1s", "is empty"}, {"--window", "5:", "needs a unit"}, {"--ranks", "0-2", "rank 2 is not in the trace"},
                {"--ranks", "1-x", "is not a rank"}, {"--region", "solver", "no region of the trace has that name"}};
            for (String[] b : bad) {
                TimelineCommandTest.Run r = TimelineCommandTest.igtrace(command, trace, b[0], b[1]);
                assertEquals(2, r.code(), command + " " + b[0] + " " + b[1] + ": " + r.err());
                String first = r.err().lines().findFirst().orElse("");
                assertTrue(first.startsWith("igtrace") && first.contains(b[0]) && first.contains(b[2]), first);
            }
            Path out = dir.resolve(command + ".json");
            TimelineCommandTest.Run nothing = TimelineCommandTest.igtrace(command, trace, "--window", "100s:", "-o", out.toString());
            assertEquals(1, nothing.code(), nothing.err());
            assertEquals("igtrace: " + trace + "/traces.otf2: the selection (--window 100s:) keeps no event of the trace", nothing.err().strip());
            assertTrue(!Files.exists(out), "no output file");
        }
    }

    /**
     * A window wholly inside one call keeps that call's time in it (definitions section 11: a call
     * that crosses an end is cut there). otf2-print of testdata/why/slow-rank: rank 5 enters
     * {@code solve} at tick 10 and leaves it at 310 (1 tick = 1 us), so 50us:300us keeps 250 us of
     * it, all computing; before, the selection was refused as keeping no event.
     */
    @Test
    void aWindowInsideOneCallKeepsItsTime() {
        String trace = TESTDATA.resolve("why/slow-rank").toString();
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", trace, "--ranks", "5", "--window", "50us:300us", "--format", "json");
        assertEquals(0, r.code(), r.err());
        String flat = r.out().replaceAll("\\s+", "");
        assertTrue(flat.contains("{\"rank\":5,\"time\":0.00025,\"comm_time\":0,\"w\":1,"), r.out());
        // a window wholly inside every rank's MPI_Init (slow-rank: MPI_Init [0, 10] us) keeps its clipped calls but no time
        // to analyse: refused as before, not a run of T 0 and efficiency 1
        for (String command : List.of("stats", "predict", "why")) {
            TimelineCommandTest.Run init = TimelineCommandTest.igtrace(command, trace, "--window", "2us:8us");
            assertEquals(1, init.code(), command + ": " + init.err());
            assertTrue(init.err().strip().endsWith("the selection (--window 2us:8us) keeps no time to analyse: what it keeps of every "
                    + "process is in MPI_Init or MPI_Finalize, or recording was off"), init.err());
        }
    }

    /**
     * A window wholly inside the late-sender-barrier run's receives (ranks 1-3 in MPI_Recv from about 1 s to 10 s, their
     * messages' ends outside 5-10 s): their 5 s in MPI have no measured waiting, and the efficiency counts them as lost
     * transfer; the text says why, where the selection is named. Without a window it does not.
     */
    @Test
    void aWindowSaysItsCutCallsCountAsTransfer() {
        String trace = TESTDATA.resolve("otf2/scorep-late-sender-barrier").toString();
        TimelineCommandTest.Run window = TimelineCommandTest.igtrace("stats", trace, "--window", "5s:10s");
        assertEquals(0, window.code(), window.err());
        List<String> lines = window.out().lines().toList();
        assertEquals("Selection: --window 5s:10s", lines.get(0));
        assertTrue(lines.get(1).startsWith("(waiting is measured only where both ends of a message or every member of a collective lie"
                + " in the window: in a call the window cuts, the rest counts as transfer in the lost time"), lines.get(1));
        TimelineCommandTest.Run ranks = TimelineCommandTest.igtrace("stats", trace, "--ranks", "0-1");
        assertTrue(!ranks.out().contains("waiting is measured only"), ranks.out());
    }

    /** With --ranks 2-4 the waiting is summed over the 3 ranks selected (the graph keeps all 8 vertices): it said 8. */
    @Test
    void waitingIsSummedOverTheSelectedRanks() {
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", TESTDATA.resolve("otf2/jacobi-8").toString(), "--ranks", "2-4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Waiting per wait-state pattern, summed over 3 processes"), r.out());
        assertTrue(r.out().contains("8 processes, 2 edges (2 in the tree), 200 messages, 6 components; waiting ")
                && r.out().contains(" summed over 3 processes ("), r.out());
    }

    /**
     * With --skip-missing, a rank whose file was left out has unknown waits: the waiting is summed over the 3 ranks read of
     * patterns-4 (rank 2's 1073741822.evt left out; its percentage was already over the 3), not "4 processes".
     */
    @Test
    void waitingIsSummedOverTheRanksRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path from = TESTDATA.resolve("otf2/patterns-4"), copy = dir.resolve("p4");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(from.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) {
                    java.nio.file.Files.createDirectories(to);
                } else if (!f.getFileName().toString().equals("1073741822.evt")) {
                    java.nio.file.Files.copy(f, to);
                }
            }
        }
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace("stats", copy.toString(), "--skip-missing");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Waiting per wait-state pattern, summed over 3 processes"), r.out());
        assertTrue(r.out().contains(" summed over 3 processes ("), r.out());
    }

    /** JSON without the lines that name the trace or the selection. */
    /** The JSON without its silent_sendrecv diagnostic (an object of three lines and its separator). */
    private static String withoutSilentSendrecv(String json) {
        return json.replaceAll("\\{\\s*\"kind\": \"silent_sendrecv\",[^}]*\\},?\\s*", "");
    }

    private static String withoutNames(String json) {
        return json.lines().filter(l -> !l.startsWith("  \"source\"") && !l.startsWith("  \"trace\"") && !l.startsWith("  \"selection\""))
                .collect(Collectors.joining("\n"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        // ping-pong: its exchange runs from 193.7 ms to 199.6 ms of the run (ticks / 2.095e9 from otf2-print)
        // late-sender-barrier: cuts through late_sender's foo calls and the barrier phase (a 20 s run)
        "scorep-late-sender-barrier; --window 1.2s:15s",
        "scorep-late-sender-barrier; --window 3s:",
        "scorep-late-sender-barrier; --ranks 0,2-3 --region late_sender",
        "scorep-ping-pong; --window :196ms",
    })
    @Tag("slow")
    void selectionGivesTheNumbersOfATraceHoldingOnlyTheSelectedEvents(String trace, String selection) throws Exception {
        Path source = TESTDATA.resolve("otf2").resolve(trace).resolve("traces.otf2");
        Path reduced = reduced(trace, selection, "reduced");
        Path selected = dir.resolve("selected.graphml"), whole = dir.resolve("reduced.graphml");
        List<String> args = new ArrayList<>(List.of(source.toString(), "-q", "-o", selected.toString()));
        args.addAll(List.of(selection.strip().split(" ")));
        TimelineCommandTest.Run run = TimelineCommandTest.igtrace(args.toArray(new String[0]));
        assertEquals(0, run.code(), run.err());
        // with --ranks, the reduced trace too: the graph's efficiency means are over the selected processes
        List<String> reducedArgs = new ArrayList<>(List.of(reduced.toString(), "-q", "-o", whole.toString()));
        reducedArgs.addAll(ranksOf(selection));
        assertEquals(0, TimelineCommandTest.igtrace(reducedArgs.toArray(new String[0])).code());
        String a = withoutSource(selected), b = withoutSource(whole);
        assertTrue(a.contains("key=\"n_time\""), "GraphML with node times");
        assertEquals(b, a);
        Path all = dir.resolve("all.graphml");
        assertEquals(0, TimelineCommandTest.igtrace(source.toString(), "-q", "-o", all.toString()).code());
        assertTrue(!withoutSource(all).equals(a), "the selection changes the numbers");
    }

    /** The same on 2 processes with OpenMP and CUDA threads folded in (3.9 MB; tag slow: -Pfull). */
    @Tag("slow")
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = "scorep-jacobi-2nodes; --window 500ms:1500ms --ranks 1")
    void selectionOfThreadsGivesTheNumbersOfATraceHoldingOnlyTheSelectedEvents(String trace, String selection) throws Exception {
        selectionGivesTheNumbersOfATraceHoldingOnlyTheSelectedEvents(trace, selection);
    }

    /** "1.2s:15s" as the script's plain seconds "1.2:15". */
    private static String seconds(String window) {
        String[] ends = window.split(":", -1);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            String e = ends[i];
            if (!e.isEmpty()) {
                s.append(e.endsWith("ms") ? Double.parseDouble(e.substring(0, e.length() - 2)) / 1000
                        : Double.parseDouble(e.substring(0, e.length() - 1)));
            }
            if (i == 0) {
                s.append(':');
            }
        }
        return s.toString();
    }

    private static String withoutSource(Path graphml) throws Exception {
        return Files.readAllLines(graphml).stream().filter(l -> !l.contains("\"g_source\"")).collect(Collectors.joining("\n"));
    }
}
