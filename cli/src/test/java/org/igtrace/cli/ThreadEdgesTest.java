package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Processes of several threads at the edges of definitions sections 3, 8 and 10a: testdata/thread-edges, written by
 * testdata/make-thread-edges.py, whose header derives every number below from the events it writes.
 */
class ThreadEdgesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private static String trace(String name) {
        return TESTDATA.resolve("thread-edges/" + name + "/traces.otf2").toString();
    }

    private static String[] igtrace(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    private String check(String json, String program) throws Exception {
        Path f = dir.resolve("out.json");
        Files.writeString(f, json);
        return SubcommandsTest.python("import json, sys\nd = json.load(open(sys.argv[1]))\n" + program, f.toString()).strip();
    }

    /**
     * stats names each thread as the trace does, in location order: otf2/scorep-ompt-nested's locations are, by otf2-print
     * -G, "Master thread", "OMP thread 3", "OMP thread 2", "OMP thread 4", ..., "OMP thread 10" (thread 1 is Score-P's
     * "OMP thread 3"); a thread's place stays its number.
     */
    @Test
    void statsNamesTheThreadsAsTheTraceDoes() throws Exception {
        String json = igtrace("stats", TESTDATA.resolve("otf2/scorep-ompt-nested").toString(), "--format", "json", "-q")[0];
        assertEquals("[(0, 'Master thread'), (1, 'OMP thread 3'), (2, 'OMP thread 2'), (3, 'OMP thread 4'), (4, 'OMP thread 5'),"
                + " (5, 'OMP thread 6'), (6, 'OMP thread 7'), (7, 'OMP thread 8'), (8, 'OMP thread 9'), (9, 'OMP thread 10')]",
                check(json, "print([(t['thread'], t['name']) for t in d['threads']])"));
    }

    private static final String THREADS = String.join("\n",
            "us = lambda v: round(v * 1e6, 6)",
            "e = d['efficiency']",
            "print([(p['rank'], us(p['time']), us(p['comm_time']), us(p['wait'])) for p in d['processes']])",
            "print([(t['rank'], t['thread'], us(t['useful'])) for t in d['threads']])",
            "print(round(e['hybrid_parallel_efficiency'], 12), round(e['parallel_efficiency'], 12))");

    /**
     * A pthread that ran [0, 1000] us while its master was in MPI_Init_thread [0, 300] and MPI_Finalize [900, 990]: T_0
     * = 610 us, and the thread's useful time is at most that (it was 1000 us: a hybrid efficiency of (610 + 1000 + 610)
     * / 3 / 610 = 1.213). Now (610 + 610 + 610) / 3 / 610 = 1.
     */
    @Test
    void aThreadIsNoMoreUsefulThanItsProcessIsLong() throws Exception {
        String json = igtrace("stats", trace("early-thread"), "--format", "json", "-q")[0];
        assertEquals(String.join("\n",
                "[(0, 610.0, 0.0, 0.0), (1, 610.0, 0.0, 0.0)]",
                "[(0, 0, 610.0), (0, 1, 610.0), (1, 0, 610.0)]", // rank 1, of one thread, has its row too
                "1 1"), check(json, THREADS));
    }

    /**
     * An OpenMP worker that computed [200, 300] us with recording off [220, 280]: its useful time is 40 us (it was
     * 100 us, while the note said the time off was left out of the useful time); the master 950 us; hybrid (950 + 40)
     * / 2 / 1000 = 0.495.
     */
    @Test
    void aThreadsTimeWithRecordingOffIsNotUseful() throws Exception {
        String json = igtrace("stats", trace("off-worker"), "--format", "json", "-q")[0];
        assertEquals(String.join("\n",
                "[(0, 1000.0, 0.0, 0.0)]",
                "[(0, 0, 950.0), (0, 1, 40.0)]",
                "0.495 1"), check(json, THREADS));
    }

    /**
     * The master forks its team at 180 us and switches recording off [185, 195] before the region at 200 (make-thread-edges.py,
     * off-fork): the fork's runtime is the 10 us recorded, not 20; with the join (10) and the barrier after its last
     * arrival (50) the master's runtime is 70 us (it was 80), its useful time 990 - 70 = 920 us; T_0 = 990 (no thread was
     * recorded in [185, 195]); the worker 100 us; hybrid (920 + 100) / 2 / 990.
     */
    @Test
    void timeOffBetweenTheForkAndTheRegionIsNotRuntime() throws Exception {
        String json = igtrace("stats", trace("off-fork"), "--format", "json", "-q")[0];
        assertEquals(String.join("\n",
                "[(0, 990.0, 0.0, 0.0)]",
                "[(0, 0, 920.0), (0, 1, 100.0)]",
                "%s 1".formatted(Math.round((920 + 100) / 2.0 / 990 * 1e12) / 1e12),
                "[70.0, 50.0]"), check(json, THREADS + "\nprint([us(t['omp_runtime']) for t in d['threads']])"));
    }

    /**
     * A pthread in no team that lives 30 us longer than the master (make-thread-edges.py, helper-master) is not the master:
     * the master is the longest thread of the team (thread 0). Master 1000 - 50 = 950 us useful (its own span, not T_0:
     * it did not run in [1000, 1030]), worker 100, pthread 1030; hybrid (950 + 100 + 1030) / 3 / 1030 (with the pthread as the master, thread 0 was idle 730 us in its own serial code: useful
     * 250, hybrid 0.447). The timeline draws thread 0's row first, under the process's name, then threads 1 and 2.
     */
    @Test
    void aLongerPthreadInNoTeamIsNotTheMaster() throws Exception {
        String json = igtrace("stats", trace("helper-master"), "--format", "json", "-q")[0];
        assertEquals(String.join("\n",
                "[(0, 1030.0, 0.0, 0.0)]",
                "[(0, 0, 950.0), (0, 1, 100.0), (0, 2, 1030.0)]",
                "%s 1".formatted(Math.round((950 + 100 + 1030) / 3.0 / 1030 * 1e12) / 1e12)), check(json, THREADS));
        Path svg = dir.resolve("t.svg");
        igtrace("timeline", trace("helper-master"), "-o", svg.toString(), "-q");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("text-anchor=\"end\" font-size=\"11\">([^<]*)<").matcher(Files.readString(svg));
        List<String> rows = new java.util.ArrayList<>();
        while (m.find()) {
            rows.add(m.group(1));
        }
        // the threads' rows are named as the trace names them (otf2-print: "OMP thread 1", "Pthread 2")
        assertEquals(List.of("MPI Rank 0", "0 OMP thread 1", "0 Pthread 2"), rows);
    }

    /**
     * The worker switches recording off inside the barrier it waits in ([350, 400] of [300, 500], last arrival 450): the
     * time off is neither waiting nor useful. Barrier wait 150 - 50 = 100 us, useful 100 us (what it computed); with the
     * time off taken out of the useful time alone it was 50 us.
     */
    @Test
    void aThreadsTimeOffInsideABarrierIsNotWaiting() throws Exception {
        String json = igtrace("stats", trace("off-barrier"), "--format", "json", "-q")[0];
        assertEquals("[(0, 0, 0.0, 950.0), (0, 1, 100.0, 100.0)]", check(json, String.join("\n",
                "us = lambda v: round(v * 1e6, 6)",
                "print([(t['rank'], t['thread'], us(t['wait_omp_barrier']), us(t['useful'])) for t in d['threads']])")));
    }

    /**
     * Rank 0 waits 250 us at a barrier inside MPI_Init_thread, which T_i and Tcomm_i leave out (10 us of Tcomm): no wait
     * (it was 250 us, lost transfer -240 us); rank 1's MPI_Recv [380, 410] waits 20 us for the send entered at 400. T_i =
     * 1000 - 300 - 90 = 610 us each, Tcomm_1 = 30 us. Only the masters call MPI: no scaling, no note.
     */
    @Test
    void aWaitInsideMpiInitIsNoWait() throws Exception {
        String[] run = igtrace("stats", trace("init-wait"), "--format", "json");
        assertEquals("[(0, 610.0, 10.0, 0.0, 10.0), (1, 610.0, 30.0, 20.0, 10.0)]", check(run[0], String.join("\n",
                "us = lambda v: round(v * 1e6, 6)",
                "print([(p['rank'], us(p['time']), us(p['comm_time']), us(p['wait']), us(p['lost_transfer'])) for p in d['processes']])")));
        assertTrue(!run[1].contains("scaled down"), run[1]);
    }

    /** The timeline draws no waiting inside MPI_Init_thread either (it shaded rank 0's [0, 250] us): only rank 1's [380, 400]. */
    @Test
    void theTimelineDrawsNoWaitInsideMpiInit() throws Exception {
        String svg = igtrace("timeline", trace("init-wait"))[0];
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<rect class=\"wait\" data-t0=\"([0-9.]+)\" data-t1=\"([0-9.]+)\"").matcher(svg);
        java.util.List<String> waits = new java.util.ArrayList<>();
        while (m.find()) {
            waits.add(m.group(1) + "-" + m.group(2));
        }
        assertEquals(java.util.List.of("0.000380-0.000400"), waits, svg);
    }

    /**
     * Two threads of rank 1 wait at once in MPI_Recv (100 and 300 us late senders) while its T_comm, the time in which
     * any of its threads was in MPI, is 320 us ([200, 310] within [200, 520]): the process's waiting was 400 us, lost
     * transfer -80 us. Now it is scaled to 320 us (a note says so), lost transfer 0. Rank 0's threads took turns,
     * [300, 310] and [500, 510]: T_comm 20 us (it was the busiest thread's 10 us), no wait, lost transfer 20 us.
     */
    @Test
    void threadsWaitingAtOnceWaitNoLongerThanTheProcessIsInMpi() throws Exception {
        String[] run = igtrace("stats", trace("multiple"), "--format", "json");
        assertEquals(String.join("\n",
                "[(0, 1000.0, 20.0, 0.0), (1, 1000.0, 320.0, 320.0)]",
                "[(0, 0, 990.0), (0, 1, 400.0), (1, 0, 890.0), (1, 1, 0.0)]",
                "0.57 0.83"), check(run[0], THREADS));
        assertEquals("[20.0, 0.0]", check(run[0], "print([round(p['lost_transfer'] * 1e6, 6) for p in d['processes']])"));
        assertTrue(run[1].contains("(rank 1 400 us against 320 us): their waiting is scaled down to T_comm"), run[1]);
    }
}
