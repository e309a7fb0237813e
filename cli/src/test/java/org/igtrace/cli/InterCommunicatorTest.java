package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Messages on an OTF2 inter-communicator (OTF2 3.0's InterComm, which Score-P writes for MPI_Intercomm_create and
 * MPI_Comm_spawn) name their partner by its rank in the other group (MPI standard 6.6). They were dropped as naming "a
 * partner outside the known processes" (a helper's hunt). testdata/intercomm (make-intercomm.py): group A = world ranks
 * {0, 2}, group B = {1, 3}; world 0 sends 100 bytes to B's rank 1 = world 3, world 2 sends 200 bytes to B's rank 0 = world
 * 1, whose receive was entered at 150 us, 50 us before that send's enter at 200 us.
 */
class InterCommunicatorTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();
    private static final String TRACE = TESTDATA.resolve("intercomm/traces.otf2").toString();

    @Test
    void messagesReachTheOtherGroupsRank() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace(TRACE, "--format", "csv");
        assertEquals(0, run.code(), run.err());
        String[] lines = run.out().split("\n");
        assertEquals(3, lines.length, run.out());
        assertTrue(lines[1].startsWith("0,3,100,100,1,100,0,"), run.out());
        assertTrue(lines[2].startsWith("1,2,200,200,1,200,0.00005,"), run.out());
        assertFalse(run.err().contains("outside the known processes"), run.err());
    }

    @Test
    void infoListsTheInterCommunicator() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("info", TRACE);
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("communicators  MPI_COMM_WORLD (4), INTER, inter-communicator of 2 and 2 (4)"), run.out());
    }
}
