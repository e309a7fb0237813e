package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40: hybrid MPI + OpenMP runs (definitions sections 3 and 10a) on testdata/hybrid, written by
 * testdata/make-hybrid.py, whose docstring derives every number below from the events it writes.
 */
class HybridTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final String HYBRID = TESTDATA.resolve("hybrid/traces.otf2").toString();

    @TempDir
    Path dir;

    private static String igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    /**
     * otf1/synth-plain through --window 200us:600us: its fifth thread calls no MPI and computes the whole 400 us, so the
     * mean useful time of all threads over T (hybrid, 0.854) is above the MPI threads' (0.8175); hybrid / MPI was 1.0446
     * and the additive form 1.0365, efficiencies above 1. Both are capped at 1, and the text no longer writes a product.
     */
    @Test
    void theOpenMpEfficiencyIsAtMostOne() throws Exception {
        String trace = TESTDATA.resolve("otf1/synth-plain").toString();
        String json = igtrace("stats", trace, "--window", "200us:600us", "--format", "json", "-q");
        assertEquals("ok", check(json, String.join("\n",
                "e = d['efficiency']",
                "assert e['hybrid_parallel_efficiency'] > e['parallel_efficiency'], e",
                "assert e['openmp_parallel_efficiency'] == 1 and e['openmp_parallel_efficiency_additive'] == 1, e",
                "print('ok')")));
        String text = igtrace("stats", trace, "--window", "200us:600us");
        // synth's threads record no OpenMP construct: their efficiency is the threads', not an OpenMP one
        assertTrue(text.contains("hybrid parallel efficiency 0.854, above the MPI one 0.817 (threads without MPI computed while the MPI "
                + "threads were in MPI): threads 1.000"), text);
    }

    /**
     * testdata/messages-off-regions (make-messages-off-regions.py, laid out as APEX 1.2.0 lays out an HPX run): each
     * process's messages on a thread with no region, its work on two others, junk receive lengths, no OpenMP construct.
     * The threads are no OpenMP threads: their table and efficiency say threads (MPI 1.000 x threads (400 + 300) / 800 =
     * 0.875); the 2 messages of 64 bytes count from their sends, the junk is named as receive events', a Leave of a region never entered is noted; predict, which
     * replays one thread with regions per process, says the 4 message events (otf2-print: 2 MPI_SEND, 2 MPI_RECV) lie
     * where it does not replay them.
     */
    @Test
    void threadsWithoutOpenMpAndMessagesOffTheirRegionsAreCalledSo() throws Exception {
        String trace = TESTDATA.resolve("messages-off-regions/traces.otf2").toString();
        String text = igtrace("stats", trace);
        assertTrue(text.contains("hybrid parallel efficiency 0.875 = MPI 1.000 x threads 0.875"), text);
        assertTrue(text.contains("\nPer thread, no OpenMP construct recorded: each thread's own span"), text);
        assertTrue(!text.contains("OpenMP per thread") && !text.contains("x OpenMP"), text);
        assertTrue(text.contains("2 receive events with an impossible length (negative or over 1 TiB) ignored"), text);
        assertTrue(!text.contains("messages with an impossible length"), text);
        // each rank's thread 2 leaves `eval`, never entered (otf2-print: 2 LEAVE of it, no ENTER)
        assertTrue(text.contains("2 Leave events of user regions that were not open (no Enter of theirs before), on 2 locations"
                + " (location 2 \"thread 2\", location 5 \"thread 2\")"), text);
        assertEquals("ok", check(igtrace("stats", trace, "--format", "json", "-q"), String.join("\n",
                "s = d['summary']",
                "assert s['messages'] == 2, s",
                "print('ok')")));
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "predict", trace), err.toString());
        assertTrue(err.toString().contains("note: 4 message and collective events of ranks 0-1 lie on a thread with no region event (no"
                + " MPI call around them): not replayed"), err.toString());
    }

    /** Runs a check in Python over the JSON {@code json} (as {@code d}); returns what it prints. */
    private String check(String json, String program) throws Exception {
        Path f = dir.resolve("out.json");
        Files.writeString(f, json);
        return SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n" + program, f.toString()).strip();
    }

    /**
     * T_i is the wall-clock span of a process's threads: rank 0's master spans [0, 1000] us, its workers [100, 890]
     * inside it (added up, T_0 was 1000 + 2 x 790 = 2580 us); T_1 = 950; T = 1000. Tcomm_i is the master's MPI time.
     * The per-thread waits, idle, runtime and useful times are the construction's (make-hybrid.py); rank 0's master has
     * 10 us of runtime more than its barriers' 30: its ThreadFork 5 us before and ThreadJoin 5 us after parallel 1.
     */
    @Tag("slow")
    @Test
    void timesAndOpenMpWaitingPerThreadAreTheConstruction() throws Exception {
        String json = igtrace("stats", HYBRID, "--format", "json", "-q");
        String out = check(json, String.join("\n",
                "us = lambda v: round(v * 1e6, 6)",
                "print(us(d['efficiency']['runtime']), [(us(p['time']), us(p['comm_time'])) for p in d['processes']])",
                "print([(p['rank'], us(p['wait_omp_barrier']), us(p['wait_omp_ebarrier']), us(p['omp_idle']), us(p['omp_runtime']),"
                        + " us(p['thread_useful'])) for p in d['processes']])",
                "for t in d['threads']:",
                "    print(t['rank'], t['thread'], us(t['wait_omp_barrier']), us(t['wait_omp_ebarrier']), us(t['omp_idle']),"
                        + " us(t['omp_runtime']), us(t['mpi']), us(t['useful']))"));
        assertEquals(String.join("\n",
                "1000.0 [(1000.0, 10.0), (950.0, 110.0)]",
                "[(0, 200.0, 150.0, 1000.0, 110.0, 1530.0), (1, 160.0, 0.0, 900.0, 60.0, 1620.0)]",
                // rank thread  implicit explicit idle runtime mpi useful
                "0 0 0.0 100.0 0.0 40.0 10.0 850.0",
                "0 1 80.0 50.0 500.0 40.0 0.0 330.0",
                "0 2 120.0 0.0 500.0 30.0 0.0 350.0",
                "1 0 90.0 0.0 0.0 20.0 110.0 730.0",
                "1 1 0.0 0.0 450.0 20.0 0.0 480.0",
                "1 2 70.0 0.0 450.0 20.0 0.0 410.0"), out);
    }

    /**
     * The POP hybrid metrics (definitions section 10a, pypop's multiplicative MPI_OpenMP metrics), by hand from the
     * construction: U_i = T_i - Tcomm_i = 990 and 840 us; MPI LB = 915 / 990, CommE = 990 / 1000, MPI PE = 915 / 1000
     * = 0.915; hybrid PE = mean useful of the six threads / T = (1530 + 1620) / 6 / 1000 = 0.525; OpenMP PE =
     * 0.525 / 0.915 = 3150 / 5490; additive: 1 - (0.915 - 0.525) = 0.61
     * The same keys in predict's efficiency and the GraphML graph attributes; predict gives SerE and TE again (T and
     * T_ideal are both wall-clock spans of one process).
     */
    @Tag("slow")
    @Test
    void hybridEfficienciesAreTheHandDerivedOnes() throws Exception {
        String program = String.join("\n",
                "e = d['efficiency']",
                "exp = {'runtime': 0.001, 'load_balance': 915 / 990, 'communication_efficiency': 0.99, 'parallel_efficiency': 0.915,",
                "       'mpi_parallel_efficiency': 0.915, 'hybrid_parallel_efficiency': 3150 / 6000,",
                "       'openmp_parallel_efficiency': 3150 / 5490, 'openmp_parallel_efficiency_additive': 1 - (0.915 - 3150 / 6000)}",
                "bad = [(k, e.get(k), v) for k, v in exp.items() if e.get(k) is None or abs(e[k] - v) > 1e-12]",
                "print(bad, all(0 <= v <= 1 for k, v in e.items() if 'efficiency' in k or k == 'load_balance'),"
                        + " 'transfer_efficiency' in e, 'serialisation_efficiency' in e)");
        assertEquals("[] True False False", check(igtrace("stats", HYBRID, "--format", "json", "-q"), program));
        assertEquals("[] True True True", check(igtrace("predict", HYBRID, "--format", "json", "-q"), program));
        String graphml = igtrace(HYBRID, "--format", "graphml", "-q");
        for (String key : new String[] {"hybrid_parallel_efficiency", "openmp_parallel_efficiency", "mpi_parallel_efficiency",
            "wait_omp_barrier", "wait_omp_ebarrier", "omp_idle"}) {
            assertTrue(graphml.contains("attr.name=\"" + key + "\""), key + " in " + graphml);
        }
        String text = igtrace("stats", HYBRID);
        assertTrue(text.contains("hybrid parallel efficiency 0.525 = MPI 0.915 x OpenMP 0.574 (additive: 1 - 0.085 - 0.390)"), text);
    }

    /**
     * A real Score-P 1.3 run (testdata/otf2/scorep-jacobi-2nodes: 2 MPI ranks x 4 OpenMP threads, CUDA streams left
     * out): T_i equals the wall-clock span of the process's CPU threads as otf2-print lists their region events (first
     * to last, less the MPI_Init and MPI_Finalize calls), T the longer; every efficiency in [0, 1]; every thread's
     * OpenMP waiting and idle time at most T; barrier waiting found (Score-P writes implicit barriers at every loop).
     * Before (threads' spans added up) T was 10.7 s for this 2.68 s run, PE 0.984 (now hybrid PE 0.639).
     */
    @Tag("slow")
    @Test
    void aRealScorePRunHasWallClockTimesAndWaitsInRange() throws Exception {
        String trace = TESTDATA.resolve("otf2/scorep-jacobi-2nodes/traces.otf2").toString();
        String printed = TimelineCommandTest.command("otf2-print", trace);
        long[] first = {Long.MAX_VALUE, Long.MAX_VALUE}, last = {Long.MIN_VALUE, Long.MIN_VALUE}, env = new long[2], entered = new long[2];
        for (String line : printed.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4 || !(f[0].equals("ENTER") || f[0].equals("LEAVE"))) {
                continue;
            }
            long location = Long.parseLong(f[1]), time = Long.parseLong(f[2]);
            if (location >= 4L << 32) {
                continue; // the CUDA streams (ids 4 << 32 + rank): not CPU threads
            }
            int rank = (int) (location & 0xffffffffL);
            first[rank] = Math.min(first[rank], time);
            last[rank] = Math.max(last[rank], time);
            if (line.contains("\"MPI_Init") || line.contains("\"MPI_Finalize")) {
                if (f[0].equals("ENTER")) {
                    entered[rank] = time;
                } else {
                    env[rank] += time - entered[rank];
                }
            }
        }
        String json = igtrace("stats", trace, "--format", "json", "-q");
        String expected = String.format(java.util.Locale.ROOT, "%.9f %.9f", (last[0] - first[0] - env[0]) / 1e9,
                (last[1] - first[1] - env[1]) / 1e9);
        String out = check(json, String.join("\n",
                "e = d['efficiency']; ps = d['processes']; T = e['runtime']",
                "print('%.9f %.9f' % (ps[0]['time'], ps[1]['time']), T == max(p['time'] for p in ps))",
                "print(all(0 <= v <= 1 for k, v in e.items() if 'efficiency' in k or k == 'load_balance'), sorted(e))",
                "print(all(t[k] <= T for t in d['threads'] for k in ('wait_omp_barrier', 'wait_omp_ebarrier', 'omp_idle', 'useful')),"
                        + " all(p['wait_omp_barrier'] > 0 for p in ps), [p['threads'] for p in ps])"));
        assertEquals(expected + " True\n"
                + "True ['communication_efficiency', 'hybrid_parallel_efficiency', 'load_balance', 'mpi_parallel_efficiency', "
                + "'openmp_parallel_efficiency', 'openmp_parallel_efficiency_additive', 'parallel_efficiency', 'runtime']\n"
                + "True True [4, 4]", out);
    }

    /**
     * The timeline (definitions section 12): one row per thread under its process; a thread's time in an OpenMP barrier
     * is drawn as a state of its own (class omp-barrier, darker than compute); a worker outside parallel regions (idle)
     * has nothing drawn; MPI waiting (rank 1's late sender, 400-500 us) only on the master's row. Rank 0's thread 1 is in
     * barriers 250-310, 700-760 and 850-890 us (make-hybrid.py).
     */
    @Test
    void timelineHasARowPerThreadWithOpenMpBarriers() throws Exception {
        Path svg = dir.resolve("hybrid.svg");
        igtrace("timeline", HYBRID, "-o", svg.toString(), "-q");
        String text = Files.readString(svg);
        java.util.regex.Matcher rows = java.util.regex.Pattern.compile(
                "<g class=\"row\" data-rank=\"(\\d+)\"(?: data-thread=\"(\\d+)\")?>(.*?)</g>", java.util.regex.Pattern.DOTALL).matcher(text);
        java.util.List<String> seen = new java.util.ArrayList<>();
        String thread01 = null, rank1 = null;
        while (rows.find()) {
            String id = rows.group(1) + "." + (rows.group(2) == null ? "0" : rows.group(2));
            seen.add(id);
            thread01 = id.equals("0.1") ? rows.group(3) : thread01;
            rank1 = id.equals("1.0") ? rows.group(3) : rank1;
            assertEquals(id.endsWith(".0") && id.startsWith("1"), rows.group(3).contains("class=\"wait\""), id);
        }
        assertEquals(java.util.List.of("0.0", "0.1", "0.2", "1.0", "1.1", "1.2"), seen);
        java.util.regex.Matcher barriers = java.util.regex.Pattern.compile(
                "class=\"state omp-barrier\" data-t0=\"([0-9.]+)\" data-t1=\"([0-9.]+)\"").matcher(thread01);
        java.util.List<String> found = new java.util.ArrayList<>();
        while (barriers.find()) {
            found.add(Math.round(Double.parseDouble(barriers.group(1)) * 1e6) + "-" + Math.round(Double.parseDouble(barriers.group(2)) * 1e6));
        }
        assertEquals(java.util.List.of("250-310", "700-760", "850-890"), found);
        assertTrue(!thread01.contains("data-t0=\"0.000310\""), thread01); // idle 310-600: nothing drawn
        assertTrue(text.contains("in an OpenMP barrier (waiting for the team)"), "legend");
        // rank 0's master forks the first team at 95 and joins it at 315, 5 us outside its region [100, 310]: the runtime's
        // time as stats counts it (drawn as compute before: 10 us of 860 us that stats gives as runtime); the others' fork
        // and join coincide with their region's enter and leave, so nothing more is drawn (make-hybrid.py)
        java.util.regex.Matcher runtime = java.util.regex.Pattern.compile(
                "<g class=\"row\" data-rank=\"(\\d+)\"(?: data-thread=\"\\d+\")?>|class=\"state omp-runtime\" data-t0=\"([0-9.]+)\" data-t1=\"([0-9.]+)\"")
                .matcher(text);
        java.util.List<String> drawn = new java.util.ArrayList<>();
        String row = null;
        while (runtime.find()) {
            row = runtime.group(1) != null ? runtime.group(0) : row;
            if (runtime.group(2) != null) {
                drawn.add(row + " " + Math.round(Double.parseDouble(runtime.group(2)) * 1e6) + "-"
                        + Math.round(Double.parseDouble(runtime.group(3)) * 1e6));
            }
        }
        assertEquals(java.util.List.of("<g class=\"row\" data-rank=\"0\" data-thread=\"0\"> 95-100",
                "<g class=\"row\" data-rank=\"0\" data-thread=\"0\"> 310-315"), drawn);
        assertTrue(text.contains("OpenMP fork or join (the runtime)"), "legend");
        // omp-tasks/nested (make-omp-tasks.py) forks and joins at its regions' enter and leave: nothing grey, no entry
        Path nested = dir.resolve("nested.svg");
        igtrace("timeline", TESTDATA.resolve("omp-tasks/nested").toString(), "-o", nested.toString(), "-q");
        String other = Files.readString(nested);
        assertTrue(other.contains("in an OpenMP barrier") && !other.contains("omp-runtime") && !other.contains("OpenMP fork"), "legend");
    }
    /**
     * why on the hybrid run (make-hybrid.py): the path is rank 0's master (one segment), whose time in a region is the
     * construct's: parallel 1 [100, 310] 210 us and parallel 2 [600, 890] 290 us, its barriers inside them included
     * (the master in its team's barrier waits for its workers); main the rest, 1000 - 210 - 290 - 10 (MPI_Send) = 490 us.
     * The barriers were regions of their own (parallel 2 at 170 us beside its barriers' 110 + 10), so a master that
     * waited longer for its team read as a process that computed more in a barrier, and diff listed them as compute.
     */
    @Test
    void whyCountsAMastersBarrierInItsParallelRegion() throws Exception {
        String json = igtrace("why", TESTDATA.resolve("hybrid").toString(), "--format", "json", "-q");
        assertEquals("[('main', 490), ('!$omp parallel @hybrid.c:30', 290), ('!$omp parallel @hybrid.c:10', 210)]",
                check(json, "print([(r['name'], round(r['time_on_path'] * 1e6)) for r in d['critical_path']['regions']])"));
    }
    /**
     * testdata/make-worker-mpi.py (its docstring): rank 0's worker computes 190 us in each of the two parallel regions
     * ([100, 300] and [700, 900], barriers left 10 us after both arrived) and calls MPI_Recv [400, 600] and
     * omp_get_wtime [650, 660] between them, while the master computes. Its idle time is the 600 us outside the regions
     * less what it did there itself: 600 - 200 - 10 = 390; its runtime 10 + 2 x 10 = 30; its useful time
     * 1000 - 200 - 30 - 390 = 380 = 2 x 190. Counted in its idle time too, its MPI and omp_* time made idle 600 and useful
     * 170. The master: runtime 20, useful 980; hybrid = (980 + 380 + 990 (rank 1's one thread)) / 3 / 1000, and rank 1
     * has a thread row of its own (it had none, so the rows did not add up to the hybrid efficiency; review).
     */
    @Test
    void aWorkersOwnMpiAndRuntimeCallsBetweenTeamsAreNotIdle() throws Exception {
        String json = igtrace("stats", TESTDATA.resolve("worker-mpi/traces.otf2").toString(), "--format", "json", "-q");
        assertEquals("ok", check(json, String.join("\n",
                "w = [t for t in d['threads'] if t['rank'] == 0 and t['thread'] == 1][0]",
                "assert abs(w['omp_idle'] - 390e-6) < 1e-12 and abs(w['mpi'] - 200e-6) < 1e-12, w",
                "assert abs(w['omp_runtime'] - 30e-6) < 1e-12 and abs(w['useful'] - 380e-6) < 1e-12, w",
                "m = [t for t in d['threads'] if t['rank'] == 0 and t['thread'] == 0][0]",
                "assert m['omp_idle'] == 0 and abs(m['useful'] - 980e-6) < 1e-12, m",
                "p = d['processes'][0]",
                "assert abs(p['thread_useful'] - 1360e-6) < 1e-12 and abs(p['omp_idle'] - 390e-6) < 1e-12, p",
                "e = d['efficiency']['hybrid_parallel_efficiency']",
                "assert abs(e - (980 + 380 + 990) / 3 / 1000) < 1e-9, e",
                // rank 1, of one thread (MPI_Send [580, 590] in main [0, 1000]), has its row as the hybrid counts it
                "o = [t for t in d['threads'] if t['rank'] == 1]",
                "assert len(o) == 1 and abs(o[0]['mpi'] - 10e-6) < 1e-12 and abs(o[0]['useful'] - 990e-6) < 1e-12, o",
                "assert d['processes'][1]['threads'] == 1 and abs(d['processes'][1]['thread_useful'] - 990e-6) < 1e-12",
                "assert abs(sum(t['useful'] for t in d['threads']) / len(d['threads']) / 1e-3 - e) < 1e-9",
                "print('ok')")));
    }

    /**
     * Tasks run inside a task wait that lies in a task (recursive tasking), and inside one barrier of two
     * (testdata/omp-tasks, make-omp-tasks.py, whose docstring derives these): the inner task counted as the task
     * wait's runtime (master runtime 90 us, useful 410), and a task run in the explicit barrier was taken out of the
     * implicit one's waiting (wait 10, runtime 100); each task is out of its own barrier or call now.
     */
    @Test
    void tasksAreWorkWhereTheyRun() throws Exception {
        String program = "rows = [(t['wait_omp_barrier'], t['wait_omp_ebarrier'], t['omp_idle'], t['omp_runtime'], t['useful']) for t in d['threads']]\n"
                + "print(' '.join('%.0f' % (v * 1e6) for r in rows for v in r))";
        String nested = check(igtrace("stats", TESTDATA.resolve("omp-tasks/nested").toString(), "--format", "json", "-q"), program);
        assertEquals("0 0 0 30 470 0 0 290 10 200", nested);
        String split = check(igtrace("stats", TESTDATA.resolve("omp-tasks/split").toString(), "--format", "json", "-q"), program);
        assertEquals("50 0 0 60 390 0 0 200 100 200", split);
    }

    /**
     * OTF (version 1) threads carry the names their process records give them (testdata/otf1/pthreads-no-mpi's nompi.0.def:
     * DP100001NM"Process 0 Pthread 1" ... DP100004NM"Process 0 Pthread 4", one thread a stream) in stats' table of the
     * threads, as OTF2's do; they were numbered only. synth-plain's rank 1 has its own stream and its thread's
     * (DP100002NM"Process 1 thread 1"); the processes of one thread have no row name to tell.
     */
    @Test
    void otf1ThreadsCarryTheirNames() throws Exception {
        assertEquals("ok", check(igtrace("stats", TESTDATA.resolve("otf1/pthreads-no-mpi").toString(), "--format", "json", "-q"),
                String.join("\n",
                        "names = [t['name'] for t in d['threads']]",
                        "assert names == ['Process 0 Pthread %d' % k for k in (1, 2, 3, 4)], names",
                        "print('ok')")));
        assertEquals("ok", check(igtrace("stats", TESTDATA.resolve("otf1/synth-plain").toString(), "--format", "json", "-q"),
                String.join("\n",
                        "names = [t.get('name') for t in d['threads'] if t['rank'] == 1]",
                        "assert names == ['Process 1', 'Process 1 thread 1'], names",
                        "print('ok')")));
    }
}
