package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Replaying a trace on its own calibrated network gives its measured run time (definitions section 9, issue 34 item 12). */
class SelfPredictionTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    private static String[] run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "predict";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), all);
        assertEquals(0, code, err.toString());
        return new String[] {out.toString(), err.toString()};
    }

    private static double field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\": ([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), name + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    /**
     * testdata/collectives (make-collectives.py, whose comment derives these numbers): collectives only, no
     * message, so L = 0 and B = inf. Each family gets its own fit: one-to-all L_f = 2 ms, B_f = inf (eager broadcasts
     * whose receivers all entered between the root's enter and leave: fitted as synchronising, 4 ms / l); all-to-all
     * the line through (1000 B, 2 ms) and (2000 B, 3 ms), L_f = 1 ms, B_f = 1 MB/s; barrier L_f = 1 ms. The broadcasts
     * are not synchronising in the replay (issue 34): the eager root leaves at once and the others at
     * max(enter, root's + (d - 1) 2 ms) + 2 ms, so the ranks reach the first all-to-all, synchronising, 6 ms before
     * they did, and the rest costs as measured: 194 ms of 200 (with every collective at cost 0 it was 171 ms).
     */
    @Test
    void collectivesAreFittedPerFamily() {
        String trace = TESTDATA.resolve("collectives").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.200, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.194, field(json, "predicted_runtime"), 1e-9);
        assertTrue(json.contains("\"collective_calibration\": ["), json);
        assertFamily(json, "barrier", 1, 1e-3, null);
        assertFamily(json, "one-to-all", 3, 2e-3, "\"inf\"");
        assertFamily(json, "all-to-all", 2, 1e-3, "1000000");
        String text = run(trace)[0];
        assertTrue(text.contains("collectives (fitted per family): barrier L_f = 1.00 ms (1 instance); one-to-all L_f = 2.00 ms, B_f = inf"
                + " (3 instances); all-to-all L_f = 1.00 ms, B_f = 1.00 MB/s (2 instances)"), text);
    }

    /**
     * testdata/collectives-fortran-name: the same trace with its two all-to-all instances in a region named MPI_ALLTOALL
     * (make-collectives.py's third argument). The collective operation (OTF2's ALLTOALL), not the region's name, makes
     * them the all-to-all family, so the fits and the run times are those of testdata/collectives; told apart by the
     * name, they were fitted as all-reduce (L_f = 750 us, B_f = 4 MB/s).
     */
    @Test
    void anExchangeIsToldByItsOperationNotItsRegionName() {
        String trace = TESTDATA.resolve("collectives-fortran-name").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.200, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.194, field(json, "predicted_runtime"), 1e-9);
        assertFamily(json, "all-to-all", 2, 1e-3, "1000000");
        assertFalse(json.contains("all-reduce"), json);
    }

    /**
     * testdata/bcast-tree (make-bcast-tree.py, whose comment derives these numbers): a broadcast is not synchronising
     * (issue 34 item 12). A late root (its receivers leave at the root's enter + d(v) c) and an early one (it leaves at
     * enter + l c, a rendezvous of 64 KiB; its receivers, late, at their enter + c): the fit gives one-to-all L_f = 1 ms from 2 instances, and
     * the replay ends where the run did, 100 ms; on L = 0, B = inf 97 ms. Before, every member left at the latest enter +
     * cost: the early root of the 2nd waited 20 ms for its receivers.
     */
    @Test
    void aBroadcastLetsItsRootAndEarlyReceiversGoOn() {
        String trace = TESTDATA.resolve("bcast-tree").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.100, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.100, field(json, "predicted_runtime"), 1e-9);
        assertFamily(json, "one-to-all", 2, 1e-3, "\"inf\"");
        assertEquals(0.097, field(run(trace, "--format", "json", "-q", "--latency", "0", "--bandwidth", "inf")[0], "predicted_runtime"), 1e-9);
    }

    /**
     * testdata/bcast-knomial (make-bcast-knomial.py, whose comment derives these numbers): 8 ranks, two rendezvous
     * broadcasts whose members leave as a 4-nomial tree (largest subtree first) in which a member waits for its children
     * says, with a step of 1 ms (issue 34 item 12). The calibration chooses that tree of its six (the only one that
     * gives every measured leave: its error 0) and fits c = 1 ms, so the replay ends where the run did, 100 ms; with
     * compute twice as fast (--cpu-ratio 2) the comment's arithmetic down that tree gives 54 ms. Before, down the binomial
     * tree of issue 34 with nobody waiting for its children: L_f = 1.25 ms, 101 ms and 53.3 ms.
     * And the real run this is about: bcast-16 (EZTrace, Open MPI, 16 ranks on 2 cores) is predicted within 10 % (before:
     * -14.5 %); the calibration chose Open MPI's own tree at 16 ranks, the binomial one with waiting.
     */
    @Test
    void aBroadcastGoesDownTheTreeItsMembersShow() {
        String trace = TESTDATA.resolve("bcast-knomial").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.100, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.100, field(json, "predicted_runtime"), 1e-9);
        assertFamily(json, "one-to-all", 2, 1e-3, "\"inf\"");
        assertTrue(json.contains("\"tree\": \"4-nomial (largest subtree first)\", \"waits_for_children\": true"), json);
        // waiting for a child is waiting (a rendezvous partner not there yet): rank 4 from 10 to 20 ms in the 1st for its
        // child rank 5, from 40 to 50 in the 2nd for the root; rank 3, the 2nd's root, from 50 to 60 for rank 6 (v3)
        assertEquals(0.020, rankField(json, 4, "wait"), 1e-9);
        assertEquals(0.010, rankField(json, 3, "wait"), 1e-9);
        assertEquals(0.054, field(run(trace, "--format", "json", "-q", "--cpu-ratio", "2")[0], "predicted_runtime"), 1e-9);
        String text = run(trace)[0];
        assertTrue(text.contains("one-to-all L_f = 1.00 ms, B_f = inf (2 instances; 4-nomial (largest subtree first) tree, a member leaving"
                + " once its children received)"), text);

        String bcast = run(TESTDATA.resolve("otf2").resolve("bcast-16").toString(), "--format", "json", "-q")[0];
        assertTrue(Math.abs(field(bcast, "self_prediction_error")) < 0.10, bcast);
        assertTrue(bcast.contains("\"tree\": \"binomial\", \"waits_for_children\": true"), bcast);
    }

    /**
     * testdata/reduce-tree (make-reduce-tree.py, whose comment derives these numbers): a Reduce goes up the binomial tree
     * down which a broadcast goes (issue 34 item 12): a member leaves once its subtree's data has arrived (rendezvous:
     * and its parent took its own), the root last. Each member's leave gives c = 1 ms, so all-to-one L_f = 1 ms from 2
     * instances, and the replay ends where the run did, 100 ms; on L = 0, B = inf 98 ms. Before, synchronising: L_f =
     * 750 us, every member left at the latest enter + 1.5 ms, predicted 121 ms.
     */
    @Test
    void aReduceLetsEachMemberGoOnceItsSubtreeIsIn() {
        String trace = TESTDATA.resolve("reduce-tree").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.100, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.100, field(json, "predicted_runtime"), 1e-9);
        assertFamily(json, "all-to-one", 2, 1e-3, "\"inf\"");
        assertEquals(0.098, field(run(trace, "--format", "json", "-q", "--latency", "0", "--bandwidth", "inf")[0], "predicted_runtime"), 1e-9);
    }

    /**
     * testdata/barriers (make-barriers.py, whose comment derives these numbers): three barriers of 1, 1 and 4 ms on
     * 4 ranks. Every instance lies on every member's path, so the run adds their costs: the fit is their mean per
     * step, L_f = (0.5 + 0.5 + 2) / 3 = 1 ms, and the replay ends at the measured 50 ms. Before, their median, 500 us:
     * 47 ms.
     */
    @Test
    void aFamilysCostIsTheMeanOfItsInstances() {
        String json = run(TESTDATA.resolve("barriers").toString(), "--format", "json", "-q")[0];
        assertEquals(0.050, field(json, "measured_runtime"), 1e-9);
        assertEquals(0.050, field(json, "predicted_runtime"), 1e-9);
        assertFamily(json, "barrier", 3, 1e-3, null);
    }

    /** A given latency and bandwidth replace every family's fit: the collectives cost the formula with L and B. */
    @Test
    void aGivenNetworkReplacesTheCollectiveFits() {
        String trace = TESTDATA.resolve("collectives").toString();
        String json = run(trace, "--format", "json", "-q", "--latency", "0", "--bandwidth", "inf")[0];
        assertEquals(0.171, field(json, "predicted_runtime"), 1e-9);
        assertTrue(!json.contains("collective_calibration"), json);
    }

    /**
     * testdata/irecv-send (make-irecv-send.py): one 1 MiB rendezvous message, its MPI_Irecv posted at 1 ms, the blocking
     * MPI_Send in [10, 12] ms, the MPI_Wait entered at 50 ms. Only the send side shows the transfer: at most
     * 12 - max(10, 1) = 2 ms, so L = 2 ms, B = inf from 1 message (before, no visible transfer: L = 0). The timer has
     * 2095197216 ticks a second: 2 ms is 4190394 ticks, 2.0000002711 ms, within 1e-9 s.
     */
    @Test
    void aBlockingRendezvousSendTimesItsTransfer() {
        String json = run(TESTDATA.resolve("irecv-send").toString(), "--format", "json", "-q")[0];
        Matcher m = Pattern.compile("\"calibration\": \\{\"latency\": ([-0-9.eE]+), \"bandwidth\": \"inf\", \"messages\": 1,").matcher(json);
        assertTrue(m.find(), json);
        assertEquals(2e-3, Double.parseDouble(m.group(1)), 1e-9);
        assertTrue(json.contains("1 of them timed on the send side"), json);
    }

    /**
     * testdata/send-overhead (make-send-overhead.py, whose comment derives these numbers): rank 0's three eager MPI_Send
     * calls take 4, 5 and 9 ms, their receives are posted after them (no visible transfer: L = 0, B = inf). The send
     * overhead o is their median, 5 ms; replayed with it rank 0 ends at 97 ms of 100 (without, every send left at its
     * enter: rank 0 at 82, rank 1 at 89.97 ms, -10.03 %). The ideal network keeps o = 0: T_ideal 89.97 ms. The timer's
     * ticks (2095197216 a second) put each time within 1e-9 s of its ms.
     */
    @Test
    void eagerSendsCostTheirFittedOverhead() {
        String trace = TESTDATA.resolve("send-overhead").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.100, field(json, "measured_runtime"), 1e-8);
        assertEquals(0.097, field(json, "predicted_runtime"), 1e-8);
        assertEquals(0.005, field(json, "send_overhead"), 1e-8);
        assertEquals(0.08997, field(json, "ideal_runtime"), 1e-8);
        assertTrue(run(trace)[0].contains(", send overhead 5.00 ms (the median eager MPI_Send)"), run(trace)[0]);
    }

    /**
     * testdata/final-release (make-final-release.py, whose comment derives these numbers): 4 ranks, two MPI_Allreduce
     * calls, no message; the second, every rank's last call, releases its members 1, 2, 4 and 13 ms after its latest enter.
     * The all-reduce family's fit, L_f = mean(2/4, 3/4) = 0.625 ms, costs an instance 2.5 ms; the last instance's lags
     * beyond its median member (3 ms) are 0, 0, 1, 10 ms, so the ranks end at 57, 57, 58, 67 ms: predicted 67 ms of 67
     * (released at once, as before: 57 ms, -14.9 %). The ideal network has no lag: T_ideal 52 ms.
     */
    @Test
    void theLastCollectiveReleasesItsMembersAsMeasured() {
        String trace = TESTDATA.resolve("final-release").toString();
        String json = run(trace, "--format", "json", "-q")[0];
        assertEquals(0.067, field(json, "measured_runtime"), 1e-8);
        assertEquals(0.067, field(json, "predicted_runtime"), 1e-8);
        assertEquals(0.052, field(json, "ideal_runtime"), 1e-8);
        assertTrue(json.contains("\"final_release\": {\"largest\": 0.01, \"rank\": 3, \"processes\": 4}"), json);
        assertTrue(run(trace)[0].contains(", last collective's release spread up to 10.0 ms (rank 3, as measured)"), run(trace)[0]);
        // a given network fits nothing, so it keeps no lag either: collectives at L = 0 cost 0, as on the ideal network
        assertEquals(0.052, field(run(trace, "--latency", "0", "--bandwidth", "inf", "--format", "json", "-q")[0], "predicted_runtime"), 1e-8);
    }

    /**
     * testdata/post-cost (make-post-cost.py, whose comment derives these numbers): rank 0's MPI_Isend calls take 300 and
     * 10 us, rank 1's MPI_Irecv 40 us; one visible transfer fits L = 10 us, B = inf, o = 0. A posting call waits for no
     * partner, so its measured duration is its process's own work, kept in the replay: predicted 980 us of 1000 (each left
     * at its enter, as before: 940 us, -6.0 %). The ideal network keeps none: T_ideal 930 us.
     */
    @Test
    void postingCallsKeepTheirMeasuredDuration() {
        String json = run(TESTDATA.resolve("post-cost").toString(), "--format", "json", "-q")[0];
        assertEquals(1000e-6, field(json, "measured_runtime"), 1e-9);
        assertEquals(980e-6, field(json, "predicted_runtime"), 1e-9);
        assertEquals(930e-6, field(json, "ideal_runtime"), 1e-9);
    }

    /**
     * testdata/shuffled-halo/3d (make-shuffled-halo.py): every rank's 6 MPI_Irecv and 6 MPI_Isend per iteration take
     * 1 us each, and each MPI_Waitall 100 us for messages whose transfer the trace does not show (all complete at
     * once), so the fitted network finds no transfer time and costs every message as the ideal network does. Its
     * replay still keeps the posting calls: 2000 us less the two Waitall calls' 100 us = 1800 us, the same as a
     * given network that is ideal but for a hop latency of 0 (--topology bus) or a latency of 1 ns. It was the ideal
     * network's 1776 us (the 24 us of posting calls left out), and 1800 us only on those.
     */
    @Test
    void aFittedNetworkWithoutTransferTimeKeepsThePostingCalls() {
        String trace = TESTDATA.resolve("shuffled-halo/3d").toString();
        assertEquals(1800e-6, field(run(trace, "--format", "json", "-q")[0], "predicted_runtime"), 1e-9);
        assertEquals(1800e-6, field(run(trace, "--topology", "bus", "--format", "json", "-q")[0], "predicted_runtime"), 1e-9);
        assertEquals(1800e-6, field(run(trace, "--latency", "1ns", "--format", "json", "-q")[0], "predicted_runtime"), 1e-8);
        // a given network of the ideal's values is a model too: only T_ideal's replay leaves the posting calls out
        assertEquals(1800e-6, field(run(trace, "--latency", "0", "--bandwidth", "inf", "--format", "json", "-q")[0],
                "predicted_runtime"), 1e-9);
        assertEquals(1776e-6, field(run(trace, "--format", "json", "-q")[0], "ideal_runtime"), 1e-9);
    }

    /**
     * testdata/otf2/scorep-sst-macro-10 (Score-P 2.0.2, sst-macro's MPI coverage test, 10 ranks on 10 nodes): 97.2 ms
     * measured; 83.4 ms predicted (-14.2 %) while its 1440 MPI_Isend (40.1 ms over the ranks, rank 0's first to itself
     * 2.0 ms) and 1440 MPI_Irecv (5.6 ms) calls left at their enter; rank 0, the last to leave MPI_Init, ends the run.
     */
    @Test
    void aScorePRunOnTenNodesIsPredictedWithinTenPercent() {
        String json = run(TESTDATA.resolve("otf2").resolve("scorep-sst-macro-10").toString(), "--format", "json", "-q")[0];
        double error = field(json, "predicted_runtime") / field(json, "measured_runtime") - 1;
        assertTrue(Math.abs(error) < 0.10, "self-prediction error " + error);
    }

    /**
     * Issue 34 item 12's goal on real runs made here (testdata/make-traces.sh: EZTrace, Open MPI, 16 ranks on 2 cores):
     * a trace replayed on its own fitted network gives its measured run time within 10 %. The all-to-all run has no
     * point-to-point message: with every collective at cost 0 it was predicted 29.6 % short. jacobi-8 and patterns-8 (8 ranks
     * on 2 cores) were 29.4 % and 17.2 % short before the last collective's measured release spread was kept.
     */
    @ExtendWith(ReadsInTheTestJvm.class)
    @Tag("slow")
    @Test
    void realRunsArePredictedWithinTenPercent() {
        for (String name : new String[] {"alltoall-16", "halo3d-16", "scorep-ping-pong", "scorep-jacobi-2nodes", "jacobi-8", "patterns-8", "bcast-16", "bcast-32"}) {
            String json = run(TESTDATA.resolve("otf2").resolve(name).toString(), "--format", "json", "-q")[0];
            double error = field(json, "predicted_runtime") / field(json, "measured_runtime") - 1;
            assertTrue(Math.abs(error) < 0.10, name + ": " + error);
        }
    }

    /**
     * Issue 39 item 6: a self-prediction that misses by more than 10 % says so, next to the prediction and on standard
     * error, and JSON carries self_prediction_error = predicted / measured - 1 whenever the prediction is the trace on its
     * own fitted network. The hand-made testdata/halo replays 12.6 % shorter than it ran; halo3d-16 within 10 %
     * (realRunsArePredictedWithinTenPercent). (jacobi-8 was the example until its last MPI_Allreduce's measured release
     * spread was kept: -29.4 %, now -2.1 %; then bcast-16 until its broadcasts' tree was fitted: -14.5 %, now -3.6 %.)
     */
    @ExtendWith(ReadsInTheTestJvm.class)
    @Tag("slow")
    @Test
    void aSelfPredictionThatMissesSaysSo() {
        String jacobi = TESTDATA.resolve("halo").toString();
        String[] quiet = run(jacobi, "--format", "json", "-q");
        String json = quiet[0];
        // -q keeps warnings (usage.md): the JSON has only the number, standard error the words (it was empty)
        assertTrue(quiet[1].startsWith("igtrace predict: warning: replayed on its own fitted network the trace is predicted ")
                && quiet[1].strip().lines().count() == 1, quiet[1]);
        double error = field(json, "self_prediction_error");
        assertEquals(field(json, "predicted_runtime") / field(json, "measured_runtime") - 1, error, 1e-12);
        assertTrue(error < -0.10, json);
        String[] text = run(jacobi);
        String warning = "replayed on its own fitted network the trace is predicted ";
        assertTrue(text[0].contains("\nwarning: " + warning), text[0]);
        // its blocking sends last up to 180 us with their receives posted (make-waitall.py's header): time inside MPI calls
        assertTrue(text[0].contains("the likely reason: the processes stay inside MPI calls longer than the network fitted"), text[0]);
        assertTrue(text[1].contains("igtrace predict: warning: " + warning), text[1]);

        String halo = TESTDATA.resolve("otf2").resolve("halo3d-16").toString();
        String haloJson = run(halo, "--format", "json", "-q")[0];
        assertTrue(Math.abs(field(haloJson, "self_prediction_error")) < 0.10, haloJson);
        String[] haloText = run(halo);
        assertTrue(!haloText[0].contains("warning") && !haloText[1].contains("warning"), haloText[0] + haloText[1]);

        // a given network, or a faster CPU, is not the trace's own machine: no self-prediction
        assertTrue(!run(jacobi, "--format", "json", "-q", "--latency", "1us", "--bandwidth", "1GB/s")[0].contains("self_prediction_error"));
        assertTrue(!run(jacobi, "--format", "json", "-q", "--cpu-ratio", "2")[0].contains("self_prediction_error"));
    }

    private static double rankField(String json, int rank, String name) {
        Matcher m = Pattern.compile("\\{\"rank\": " + rank + ", [^}]*\"" + name + "\": ([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), name + " of rank " + rank + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    private static void assertFamily(String json, String family, long instances, double latency, String bandwidth) {
        Matcher m = Pattern.compile("\\{\"family\": \"" + family + "\", \"instances\": (\\d+), \"latency\": ([-0-9.eE]+), \"bandwidth\": ([^,]+),")
                .matcher(json);
        assertTrue(m.find(), family + " in " + json);
        assertEquals(instances, Long.parseLong(m.group(1)), family);
        assertEquals(latency, Double.parseDouble(m.group(2)), 1e-12, family);
        if (bandwidth == null) {
            assertEquals("null", m.group(3), family);
        } else if (!bandwidth.startsWith("\"")) {
            assertEquals(Double.parseDouble(bandwidth), Double.parseDouble(m.group(3)), 1e-3, family);
        } else {
            assertEquals(bandwidth, m.group(3), family);
        }
    }
}
