package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The k-th collective a process calls on a communicator is instance k, whichever of its threads calls it (definitions
 * section 8). testdata/collectives-in-turn (make-collectives-in-turn.py): rank 0's master calls MPI_COMM_WORLD's first
 * MPI_Barrier [100, 305], its second thread the second [400, 605]; rank 1 enters them at 300 and 600. Rank 0 waits
 * 300 - 100 = 200 us and 600 - 400 = 200 us: 400 us. The instances were numbered per thread: the second thread's barrier
 * was taken as rank 0's first, beside the master's, and the second instance had no arrival of rank 0 (200 us, and
 * "1 collective instance not recorded by every member").
 */
class CollectivesInTurnTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @Test
    void aProcesssThreadsCallingInTurnMakeItsKthCall() throws Exception {
        String trace = TESTDATA.resolve("collectives-in-turn/traces.otf2").toString();
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", trace, "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); p = d['processes'];"
                + " print(p[0]['wait_barrier'], p[1]['wait_barrier'], p[0]['comm_time'])", run.out()).split(" ");
        assertEquals(400e-6, Double.parseDouble(v[0]), 1e-12);
        assertEquals(0.0, Double.parseDouble(v[1]), 0);
        // the time any thread was in MPI: the master's barrier [100, 305], the worker's [400, 605], MPI_Comm_size [700, 900]
        assertEquals(610e-6, Double.parseDouble(v[2]), 1e-12);
        assertFalse(run.out().contains("collectives_incomplete"), run.out());
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", trace, "--format", "json", "-q");
        assertEquals(0, why.code(), why.err());
        assertEquals(400e-6, Double.parseDouble(SubcommandsTest.python("import json, sys; print(json.loads(sys.argv[1])['waiting'])",
                why.out()).strip()), 1e-12);
    }
}
