package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * otf1/vt-jacobi-cpu's jacobi_mpi+cuda: each of rank 0's 100 MPI_Sendrecv calls holds a send and a receive record to
 * rank 1 (the events file, by hand). Under --ranks 0 those messages are left out with rank 1, and the note said "100
 * MPI_Sendrecv calls recorded no message events": they recorded them; the selection dropped them.
 */
class SendrecvUnderRanksTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath();

    @Test
    void messagesToRanksLeftOutAreNoSilentSendrecv() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = IgtraceCommand.run(out, new PrintWriter(err, true), "stats",
                TESTDATA.resolve("otf1/vt-jacobi-cpu/jacobi_mpi+cuda.otf").toString(), "--ranks", "0");
        assertEquals(0, code, err.toString());
        assertFalse(err.toString().contains("recorded no message events"), err.toString());
        assertFalse(out.toString().contains("recorded no message events"), out.toString());
    }
}
