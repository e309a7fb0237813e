package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The note of a run whose traffic is all in collectives counts the collective calls the program made: otf2/scorep-ember-bcast-4
 * (otf2-print: 12 MPI_COLLECTIVE_END, 4 of Operation BCAST, 4 CREATE_HANDLE and 4 DESTROY_HANDLE, Score-P's records of
 * MPI_COMM_WORLD's creation and end inside MPI_Init and MPI_Finalize) said "12 calls".
 */
class CollectiveCallsCountedTest {
    @Test
    void handleCreationIsNoCollectiveCall() {
        Path trace = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize()
                .resolve("otf2/scorep-ember-bcast-4");
        StringWriter err = new StringWriter();
        assertEquals(0, IgtraceCommand.run(new StringWriter(), new PrintWriter(err, true), trace.toString(), "--format", "dot"));
        assertTrue(err.toString().contains("all traffic is in collective operations (4 calls, no point-to-point message)"), err.toString());
    }
}
