package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A blocking MPI_Probe waits for the message of the MPI_Recv after it (definitions sections 8 and 9): the receive's wait
 * is the probe's, and the replay plays the probe as the receive that waited. testdata/probe (make-probe.py, 1 GHz, ms): rank 0 computes in main, sends tag 5 at
 * [50, 50.01] and tag 6 at [55, 55.01]; rank 1 probes [1, 50.02], receives [50.03, 50.04], probes [60, 60.001], receives
 * [60.002, 60.003]; both end at 100. Read as four calls, rank 1 waited for nothing and `why` found no cause.
 */
class ProbeTraceTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final String PROBE = TESTDATA.resolve("probe/traces.otf2").toString();

    private static String json(String script, String json) throws Exception {
        return SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); " + script, json);
    }

    /** Late sender from the probe's enter to the send's: 50 - 1 = 49 ms; the second probe's message had come (sent at 55). */
    @Test
    void theReceiverWaitsInTheProbeForTheSender() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", PROBE, "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = json("p = d['processes']; print(p[1]['wait_late_sender'], p[1]['wait'], p[1]['comm_time'], p[0]['wait'])",
                run.out()).split(" ");
        assertEquals(0.049, Double.parseDouble(v[0]), 1e-12);
        assertEquals(0.049, Double.parseDouble(v[1]), 1e-12);
        assertEquals(0.049032, Double.parseDouble(v[2]), 1e-12); // 49.02 + 0.01 + 0.001 + 0.001 ms: the probes count as MPI
        assertEquals(0.0, Double.parseDouble(v[3]), 0);
    }

    /**
     * `why` charges the 49 ms to rank 0's main, and its what-if of rank 0 at the median compute gains: rank 0's compute
     * 99.98 ms, rank 1's 100 - 49.032 = 50.968 ms, median 75.474 ms, so rank 0's bursts scale by 75.474 / 99.98: its send
     * leaves at 50 x that = 37.74455 ms and arrives L = 20 us later (the fit's one message: the probe's leave 50.02 - the
     * send's enter 50), where rank 1's probe, replayed as the receive that waited, ends; then rank 1's own 10 us before the
     * receive, the receive's measured 10 us, its 9.96 ms burst, the second probe (its message long there), 1 + 1 us, and its
     * last 39.997 ms: 37.74455 + 0.02 + 0.01 + 0.01 + 9.96 + 0.002 + 39.997 = 87.74355 ms. Replayed for its measured time,
     * the probe kept rank 1 at 100 ms whatever rank 0 did.
     */
    @Test
    void whyChargesTheSenderAndItsFixGains() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("why", PROBE, "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = json("c = d['causes'][0]; w = [x for x in d['what_if'] if x['hypothesis'] == 'rank 0 at median compute'][0];"
                + " print(c['rank'], c['region'], c['delay_cost'], w['predicted_runtime'], d['predicted_runtime'])", run.out()).split(" ");
        assertEquals("0", v[0]);
        assertEquals("main", v[1]);
        assertEquals(0.049, Double.parseDouble(v[2]), 1e-12);
        assertEquals((50 * 75.474 / 99.98 + 0.02 + 0.01 + 0.01 + 9.96 + 0.002 + 39.997) / 1e3, Double.parseDouble(v[3]), 1e-10);
        assertEquals(0.1, Double.parseDouble(v[4]), 1e-12);
    }

    /**
     * testdata/otf2/requests-4 (EZTrace): rank 1's MPI_Probe for rank 0's tag-5 message runs [10096428, 82117298] ns and its
     * MPI_Recv [82124011, 82130593] (otf2-print); rank 0 began about 72 ms after the others, so rank 1 waited in the probe
     * nearly all of it: more than 70 ms and at most the probe's 72.021 ms (was 0 s of late sender), and `why` names
     * rank 0's late start first (was rank 2's Working).
     */
    @Test
    void anEzTraceProbeWaitsForTheLateRank() throws Exception {
        Path trace = TESTDATA.resolve("otf2/requests-4/eztrace_log.otf2");
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", trace.toString(), "--format", "json");
        assertEquals(0, stats.code(), stats.err());
        double late = Double.parseDouble(json("print(d['processes'][1]['wait_late_sender'])", stats.out()));
        assertTrue(late > 0.070 && late <= (82117298 - 10096428) / 1e9, "rank 1's late sender " + late);
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", trace.toString(), "--format", "json");
        assertEquals(0, why.code(), why.err());
        assertEquals("0 late_start", json("c = d['causes'][0]; print(c['rank'], c['kind'])", why.out()));
    }
}
