package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, items 9, 10 and 11: the notes and info say what is true of the archives. testdata/no-process
 * (make-no-process.py) is like libotf2's own test archives: two CPU-thread locations of no location
 * group, so no process and no clock constraint. testdata/unbalanced-regions
 * (make-unbalanced-regions.py) has regions entered and never left: 2 on location 0 (a child left
 * open when its parent is left, a region entered twice and left once), 1 on location 1 (open when
 * the location ends), as the script's comment counts them.
 */
class TrueNotesTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    /**
     * A trace of no process has no run time: every command that analyses one refuses it in one line that says why its
     * locations were left out (stats said "run time T 0 s, load balance 1.000, ... parallel efficiency 1.000", why
     * "Critical path: 0 s", a report the same), and writes nothing; info lists what it holds.
     */
    @Test
    void cpuThreadsOfNoProcessAreNamedSoAndATraceOfNoProcessIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String trace = TESTDATA.resolve("no-process").toString();
        String leftOut = "2 CPU threads in no process ignored: their location group is not defined (\"Location 0\", \"Location 1\")";
        String refusal = "igtrace: " + TESTDATA.resolve("no-process").resolve("traces.otf2") + ": no process to analyse: the trace defines"
                + " no MPI process or thread of one (" + leftOut + "); igtrace info shows what it holds\n";
        String out = dir.resolve("out").toString();
        for (String[] command : new String[][] {{"graph", "--stats", "--format", "csv"}, {"stats"}, {"why"}, {"predict"},
                {"report", "-o", out + ".html"}, {"timeline", "-o", out + ".svg"}, {"diff", trace}}) {
            List<String> args = new java.util.ArrayList<>(List.of(command));
            args.add(trace);
            Result r = run(args.toArray(String[]::new));
            assertEquals(1, r.code, args + ": " + r.err);
            assertEquals(refusal, r.err, args.toString());
            assertEquals("", r.out, args.toString());
            assertFalse(r.err.contains("drift"), r.err);
        }
        assertEquals(0, dir.toFile().list().length, "nothing written");
        Result info = run("info", trace);
        assertEquals(0, info.code, info.err);
        assertTrue(info.out.contains("note           " + leftOut), info.out);
    }

    /**
     * A trace whose processes recorded no event (testdata/no-events, make-no-events.py: 8 MPI ranks, whole event files
     * of no event) has no run time either: refused by every command that analyses it, in one line, nothing written
     * (stats said "run time T 0 s, load balance 1.000, communication efficiency 1.000, parallel efficiency 1.000",
     * exit 0; graph, why, report, timeline and map the same kind of nothing); info lists what it holds.
     */
    @Test
    void aTraceOfNoEventIsRefusedByEveryAnalysis(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String trace = TESTDATA.resolve("no-events").toString();
        String refusal = "igtrace: " + TESTDATA.resolve("no-events").resolve("traces.otf2") + ": no time to analyse: none of its 8"
                + " processes has a region event read outside MPI_Init and MPI_Finalize with recording on (none recorded, or the"
                + " files were left out), or their region events span no time (T_i = 0 s); igtrace info shows what it holds\n";
        String out = dir.resolve("out").toString();
        for (String[] command : new String[][] {{"graph", "--stats", "--format", "csv"}, {"graph", "-o", out + ".graphml"}, {"stats"},
                {"stats", "--format", "json"}, {"why"}, {"predict"}, {"report", "-o", out + ".html"}, {"timeline", "-o", out + ".svg"},
                {"map", "--topology", "ring:8"}, {"diff", trace}}) {
            List<String> args = new java.util.ArrayList<>(List.of(command));
            args.add(trace);
            Result r = run(args.toArray(String[]::new));
            assertEquals(1, r.code, args + ": " + r.err);
            assertEquals(refusal, r.err, args.toString());
            assertEquals("", r.out, args.toString());
        }
        assertEquals(0, dir.toFile().list().length, "nothing written");
        Result info = run("info", trace);
        assertEquals(0, info.code, info.err);
        assertTrue(info.out.contains("processes      8 "), info.out);
    }

    @Test
    void locationsThatAreNotCpuThreadsKeepTheirNote() {
        // Score-P 1.3 Jacobi run: two CUDA streams, "CUDA[0:2]" of each rank (otf2-print -G: Type ACCELERATOR_STREAM)
        Result info = run("info", TESTDATA.resolve("otf2/scorep-jacobi-2nodes").toString());
        assertTrue(info.out.contains("locations that are not CPU threads of a process (GPU streams, metric locations) ignored"), info.out);
        assertFalse(info.out.contains("in no process"), info.out);
    }

    @Test
    void regionsEnteredAndNeverLeftAreNoted() {
        String note = "3 regions entered and never left (no Leave event of theirs follows), on 2"
                + " locations (location 0 \"Master thread 0\", location 1 \"Master thread 1\"): the events are read as recorded";
        Result stats = run("stats", TESTDATA.resolve("unbalanced-regions").toString());
        assertEquals(0, stats.code, stats.err);
        assertTrue(stats.out.contains(note), stats.out);
        Result graph = run("graph", "--format", "csv", "-j", "2", TESTDATA.resolve("unbalanced-regions").toString());
        assertTrue(graph.err.contains(note), graph.err);
    }

    /**
     * Issue 34, item 11: Score-P 1.3's Jacobi run defines six communicators (otf2-print -G): COMM 0 and 2 on the CUDA
     * groups "CUDA_GROUP" (paradigm CUDA, 2 members each), COMM 1 and 3 on unnamed OpenMP groups (4 threads each),
     * COMM 4 MPI_COMM_WORLD (MPI, 2) and COMM 5 on an unnamed COMM_SELF group (MPI). Only MPI_COMM_WORLD has a name
     * of its own; none but the last two is MPI's.
     */
    @Test
    void infoShowsWhichCommunicatorsAreNotMpisAndNamesTheUnnamed() {
        Result info = run("info", TESTDATA.resolve("otf2/scorep-jacobi-2nodes").toString());
        assertEquals(0, info.code, info.err);
        assertTrue(info.out.contains("communicators  CUDA_GROUP (CUDA, 2), unnamed (OpenMP, 4), CUDA_GROUP (CUDA, 2), unnamed (OpenMP, 4),"
                + " MPI_COMM_WORLD (2), self (1)\n"), info.out);
        Result json = run("info", "--format", "json", TESTDATA.resolve("otf2/scorep-jacobi-2nodes").toString());
        assertTrue(json.out.replaceAll("\\s+", " ").contains("{ \"name\": \"unnamed\", \"size\": 4, \"paradigm\": \"OpenMP\" }"),
                json.out);
        // Score-P 7.1's ping-pong: its measurement system's communicator (paradigm MEASUREMENT_SYSTEM) is not MPI's either
        Result pingPong = run("info", TESTDATA.resolve("otf2/scorep-ping-pong").toString());
        assertTrue(pingPong.out.contains("communicators  Process x Threads CPU Locations (measurement system, 2), MPI_COMM_WORLD (2),"
                + " MPI_COMM_SELF (1)\n"), pingPong.out);
    }
}
