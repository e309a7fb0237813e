package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * testdata/otf2/requests-4: programs/requests.c traced by EZTrace on 4 ranks (make-traces.sh), the MPI patterns the other
 * traces made here do not use (wildcard receives, probes, test loops, Waitany/Waitsome, persistent requests,
 * Sendrecv_replace, Bsend/Rsend, v-collectives, scans, a non-blocking all-reduce, a duplicated communicator).
 */
class RequestsTraceTest {
    private static final Path TRACE = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize()
            .resolve("otf2/requests-4/eztrace_log.otf2");

    /**
     * The pairs' messages and bytes are the program's (its comment: per pair A-H), less the ring of MPI_Sendrecv_replace
     * (F: r to r+1, 128 bytes), of which EZTrace records no message event: {0,1} 11 / 3584 less 0->1's 128, {0,3} 6 / 720
     * less 3->0's, {1,2} 4 / 1256 less 1->2's, {2,3} 10 / 3604 less 2->3's; {0,2} and {1,3} have none of F. The four calls
     * are named as the calls they are (the note said MPI_Sendrecv), and the four MPI_Iallreduce, whose MpiCollectiveBegin
     * EZTrace writes with no end (otf2-print: 32 MPI_COLLECTIVE_BEGIN, 28 MPI_COLLECTIVE_END), are said to be left out.
     */
    @Test
    void thePairsAreTheProgramsAndWhatEzTraceLeftOutIsSaid() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace(TRACE.toString(), "--format", "csv");
        assertEquals(0, run.code(), run.err());
        Map<String, String> found = new TreeMap<>();
        for (String line : run.out().lines().skip(1).toList()) {
            String[] f = line.split(",");
            found.put(f[0] + "-" + f[1], f[4] + " messages, " + f[3] + " bytes");
        }
        Map<String, String> expected = new TreeMap<>(Map.of(
                "0-1", (11 - 1) + " messages, " + (3584 - 128) + " bytes",
                "0-2", "2 messages, 168 bytes",
                "0-3", (6 - 1) + " messages, " + (720 - 128) + " bytes",
                "1-2", (4 - 1) + " messages, " + (1256 - 128) + " bytes",
                "1-3", "2 messages, 56 bytes",
                "2-3", (10 - 1) + " messages, " + (3604 - 128) + " bytes"));
        assertEquals(expected, found);
        assertTrue(run.err().contains("4 MPI_Sendrecv_replace calls recorded no message events"), run.err());
        assertFalse(run.err().contains("MPI_Sendrecv calls"), run.err());
        assertTrue(run.err().contains("4 collective operations began and never ended"), run.err());
    }

    /**
     * With --collectives (definitions section 4) each pair adds one message per direction that sends in each of the 7
     * collectives with an end (otf2-print: 28 MPI_COLLECTIVE_END, 7 a rank: MPI_Barrier adds nothing; MPI_Alltoallv,
     * MPI_Reduce_scatter and the MPI_Allreduce on the duplicate 2 a pair; MPI_Allgatherv 2, but 1 on rank 0's pairs, whose
     * count is 0; MPI_Gatherv to root 0 1 on rank 0's pairs; MPI_Scatterv from root 3 1 on rank 3's pairs; MPI_Scan has no
     * collective event, MPI_Iallreduce only a begin): 0-1 10 + 2+2+2+1+1 = 18, 0-2 2 + 8 = 10, 0-3 5 + 2+2+2+1+1+1 = 14,
     * 1-2 3 + 2+2+2+2 = 11, 1-3 2 + 2+2+2+2+1 = 11, 2-3 9 + 2+2+2+2+1 = 18. Rank 0's 0 bytes in MPI_Allgatherv were a
     * message each way before (19, 11, 15).
     */
    @Test
    void aMemberThatSendsNothingInACollectiveAddsNoMessage() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace(TRACE.toString(), "--collectives", "--format", "csv");
        assertEquals(0, run.code(), run.err());
        Map<String, String> found = new TreeMap<>();
        for (String line : run.out().lines().skip(1).toList()) {
            String[] f = line.split(",");
            found.put(f[0] + "-" + f[1], f[4]);
        }
        assertEquals(Map.of("0-1", "18", "0-2", "10", "0-3", "14", "1-2", "11", "1-3", "11", "2-3", "18"), found);
    }
}
