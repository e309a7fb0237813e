package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A request id used again after its MPI_Irecv was cancelled: the new MPI_Irecv's post is the one its receive takes
 * (testdata/cancel-recv, make-cancel-recv.py: rank 0's blocking send of 128 KiB waits from 10 to 50 ms for the receive
 * posted at 50 ms: 40 ms late receiver). The cancelled post at 0 was kept under the id, and the wait read 0 s (an MPI hunt).
 */
class CancelledReceiveTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @Test
    void aReusedRequestIdTakesItsNewPost() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", TESTDATA.resolve("cancel-recv/traces.otf2").toString(), "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); p = d['processes'];"
                + " print(p[0]['wait_late_receiver'], p[1]['wait'])", run.out()).split(" ");
        assertEquals(0.040, Double.parseDouble(v[0]), 1e-12);
        assertEquals(0.0, Double.parseDouble(v[1]), 0);
        assertTrue(run.out().contains("a cancelled MPI_Irecv posts nothing"), run.out());
    }
}
