package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What predict says about its network, and the units it takes: a bandwidth in TB/s (the unit predict's own warning
 * about implausible bandwidths names, "above 10 TB/s") was refused as "expected a bandwidth of at least 1 byte/s";
 * a trace with no visible transfer was said to have its "network measured: L = 0 s, B = inf from no matched
 * message showed its transfer".
 */
class PredictWordingTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @Test
    void terabytesPerSecondAreTakenAndTerabitsAreNot() {
        assertEquals(2e12, Units.bandwidth("2TB/s"));
        assertEquals(1024.0 * 1024 * 1024 * 1024, Units.bandwidth("1 TiB/s"));
        assertThrows(IllegalArgumentException.class, () -> Units.bandwidth("10Tb/s")); // bits: 1.25 TB/s
    }

    /** otf2/quiet-4 sends no point-to-point message (SubcommandsTest): nothing measured the network. */
    @Test
    void aNetworkNothingMeasuredIsNotSaidToBeMeasured() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "predict", TESTDATA.resolve("otf2/quiet-4").toString());
        assertEquals(0, code, err.toString());
        assertTrue(err.toString().contains("igtrace predict: network not measured: no matched message showed its transfer"
                + " (receive posted first, or rendezvous-sized): the ideal network (L = 0, B = inf)\n"), err.toString());
        assertFalse(err.toString().contains("network measured"), err.toString());
        // the model line on standard output, kept where standard error is not, said "(network measured: 0 messages)"
        assertTrue(out.toString().contains("cpu ratio 1 (network not measured: no message showed its transfer)\n"), out.toString());
        assertFalse(out.toString().contains("network measured"), out.toString());
        err = new StringWriter();
        IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "predict", TESTDATA.resolve("otf2/quiet-4").toString(),
                "--latency", "5us");
        assertTrue(err.toString().contains("network not measured: no matched message showed its transfer"
                + " (receive posted first, or rendezvous-sized): B = inf\n"), err.toString());
    }

    /**
     * map's line on what its predicted run times rest on said "fitted to the trace's own messages" where no message showed
     * its transfer (shuffled-halo/3d's receives are posted first: predict's "network not measured"), beside three
     * placements predicted to run equally long: it now says the network is the ideal one and what to give.
     */
    @Test
    void mapSaysItsNetworkIsTheIdealOne() {
        String trace = TESTDATA.resolve("shuffled-halo/3d").toString();
        StringWriter predictErr = new StringWriter(), err = new StringWriter();
        IgtraceCommand.run(new StringWriter(), new PrintWriter(predictErr, true), "predict", trace);
        assertTrue(predictErr.toString().contains("network not measured: no matched message showed its transfer"), predictErr.toString());
        assertEquals(0, IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "map", trace, "--topology", "torus:4x4x4"),
                err.toString());
        assertTrue(err.toString().contains("(fitted to the trace's own messages, as predict fits them; no message showed its transfer:"
                + " the ideal network, on which every placement runs as long (give --latency, --bandwidth or --hop-latency))\n"), err.toString());
        err = new StringWriter();
        IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "map", trace, "--topology", "torus:4x4x4", "--hop-latency", "100ns");
        assertTrue(err.toString().contains("no message showed its transfer: the ideal network)\n"), err.toString());
    }

    /**
     * A given latency or bandwidth holds in the fit and the other is refitted with it: the model line and the fit's line
     * say which was measured (both said "network measured", the refitted bandwidth shown as if it were the default's fit:
     * on scorep-late-sender-barrier the default fit's B is inf, with L = 0 given 56.7 kB/s).
     */
    @Test
    void aRefittedHalfOfTheNetworkIsSaidToBe() {
        String trace = TESTDATA.resolve("otf2/scorep-late-sender-barrier").toString();
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "predict", trace, "--latency", "0"), err.toString());
        assertTrue(out.toString().contains(", with the latency given)\n") && out.toString().contains("(bandwidth measured: "), out.toString());
        assertTrue(err.toString().contains("igtrace predict: bandwidth measured: B = ") && err.toString().contains(" with L = 0 s given, from "),
                err.toString());
        assertFalse(out.toString().contains("network measured") || err.toString().contains("network measured"), err.toString());
        out = new StringWriter();
        err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "predict", trace, "--bandwidth", "1GB/s"), err.toString());
        assertTrue(out.toString().contains(", with the bandwidth given)\n") && out.toString().contains("(latency measured: "), out.toString());
        assertTrue(err.toString().contains(" with B = 1.00 GB/s given, from "), err.toString());
        out = new StringWriter();
        IgtraceCommand.run(out, new PrintWriter(new StringWriter(), true), "predict", trace);
        assertTrue(out.toString().contains("(network measured: "), out.toString());
    }

    /**
     * The SimGrid export writes collectives as SMPI's own algorithms over L and B: where predict prices them by costs
     * fitted per family (its "collectives measured" lines), SMPI's run time differs by what they cost (otf2/alltoall-16,
     * all-reduces and all-to-alls on 16 oversubscribed ranks: predicted 5.64 s, SMPI 4.15 s), and a note and the
     * script's comment say so; with L and B given, which replace the fits, neither does.
     */
    @Test
    void theSimGridExportSaysItsCollectivesAreSmpisOwn(@TempDir Path dir) throws Exception {
        String trace = TESTDATA.resolve("otf2/alltoall-16").toString();
        StringWriter err = new StringWriter();
        int code = IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "predict", trace, "--format", "simgrid", "-o",
                dir.resolve("fitted").toString());
        assertEquals(0, code, err.toString());
        assertTrue(err.toString().contains("igtrace predict: collectives measured: all-to-all: "), err.toString());
        assertTrue(err.toString().contains("igtrace predict: note: the SimGrid replay runs collectives as SMPI's own algorithms over"
                + " L and B, not at the costs fitted per family (\"collectives measured\")"), err.toString());
        List<String> script = Files.readAllLines(dir.resolve("fitted/smpirun.sh"));
        assertEquals("# Collectives run SMPI's own algorithms over L and B, not the costs igtrace fitted per collective family.",
                script.get(2));
        err = new StringWriter();
        code = IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "predict", trace, "--latency", "1us", "--bandwidth",
                "1GB/s", "--format", "simgrid", "-o", dir.resolve("given").toString());
        assertEquals(0, code, err.toString());
        assertFalse(err.toString().contains("SMPI's own algorithms"), err.toString());
        assertFalse(Files.readString(dir.resolve("given/smpirun.sh")).contains("Collectives run"));
    }

    /**
     * A program of threads without MPI (make-pthreads-no-mpi.py: four threads, each running "work" for 600 us, from 210 to
     * 840 us in all) replays one thread: measured 600 us, where the efficiency line's T, the process's span over its
     * threads, is 630 us. predict says why the two differ (vasily-pashkov/otf-vis's philosophers read 64.0 s against T =
     * 66.0 s with no word). Where they agree (quiet-4's T and measured run time within 1 %), nothing is said.
     */
    @Test
    void aReplayOfOneThreadSaysWhyTIsLonger() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(out, new PrintWriter(err, true), "predict", TESTDATA.resolve("otf1/pthreads-no-mpi").toString()),
                err.toString());
        assertTrue(out.toString().contains("measured run time 600 us\n"), out.toString());
        assertTrue(out.toString().contains("(T = max T_i = 630 us,"), out.toString());
        assertTrue(out.toString().contains("\nT is longer than the measured run time: it counts what the replay leaves out, code before"
                + " MPI_Init or after MPI_Finalize and each process's threads besides the one replayed\n"), out.toString());
        StringWriter quiet = new StringWriter();
        assertEquals(0, IgtraceCommand.run(quiet, new PrintWriter(new StringWriter(), true), "predict",
                TESTDATA.resolve("otf2/quiet-4").toString()));
        assertTrue(!quiet.toString().contains("T is longer") && !quiet.toString().contains("is longer than T"), quiet.toString());
    }

    /**
     * On a terminal, where the text on standard output holds the self-prediction's warning, it is said once (halo: -12.5 %
     * off its measured 1.00 ms; it was printed twice, its reasons and all); piped, standard error still says it.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void theSelfPredictionsWarningIsSaidOnceOnATerminal(@TempDir Path dir) throws Exception {
        Terminal.Run r = Terminal.igtrace(dir, "predict", TESTDATA.resolve("halo").toString());
        assertEquals(0, r.code(), r.typescript());
        assertEquals(2, r.typescript().split("replayed on its own fitted network the trace is predicted 875 us", -1).length, r.typescript());
        StringWriter err = new StringWriter();
        IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), "predict", TESTDATA.resolve("halo").toString());
        assertTrue(err.toString().contains("igtrace predict: warning: replayed on its own fitted network the trace is predicted 875 us"), err.toString());
    }
}
