package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Tcomm_i of a process whose threads call MPI (definitions section 3) is the time in which any of them was in a call,
 * on two real EZTrace runs (`testdata/programs/serialized.c`, `multiple.c`, traced by `make-traces.sh`): each process's
 * comm time equals the union of its threads' outermost MPI calls that `testdata/mpi-union.py` finds in otf2-print's
 * output. On `serialized-3` the calls move between three threads (`omp single`) and never overlap, so the union is
 * their sum, well above the busiest thread's (which igtrace gave before); on `multiple-2` both threads of each rank
 * wait in MPI_Recv at the same time, so the union is far below the sum.
 */
class ThreadsInMpiTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    /** Per process: igtrace's comm time, then otf2-print's busiest, sum and union, and T, as lines of numbers. */
    private static String[] compare(String name) throws Exception {
        String trace = TESTDATA.resolve("otf2").resolve(name).resolve("eztrace_log.otf2").toString();
        String expected = SubcommandsTest.command("/usr/bin/python3", TESTDATA.resolve("mpi-union.py").toString(), trace);
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", trace, "--format", "json");
        assertEquals(0, run.code(), run.err());
        return SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); e = json.loads(sys.argv[2])\n"
                + "for p, x in zip(d['processes'], e): print(p['comm_time'], x['busiest'], x['sum'], x['union'], p['time'])",
                run.out(), expected.strip()).split("\n");
    }

    @Test
    void threadsTakingTurnsAddUp() throws Exception {
        String[] rows = compare("serialized-3");
        assertEquals(3, rows.length);
        for (String row : rows) {
            String[] v = row.split(" ");
            double comm = Double.parseDouble(v[0]), busiest = Double.parseDouble(v[1]), sum = Double.parseDouble(v[2]);
            double union = Double.parseDouble(v[3]), time = Double.parseDouble(v[4]);
            assertEquals(union, comm, 1e-9, row);
            assertEquals(sum, union, 1e-9, "the threads never overlap: " + row);
            assertTrue(comm <= time, row);
        }
        // the calls moved: on rank 0 the busiest thread has less than half of the process's MPI time
        String[] rank0 = rows[0].split(" ");
        assertTrue(Double.parseDouble(rank0[1]) < 0.5 * Double.parseDouble(rank0[0]), rows[0]);
    }

    /**
     * The replay follows one thread a process (open item): predict and why say how many MPI calls it leaves out. Each rank
     * of serialized.c makes 14 calls (MPI_Barrier on the master, 10 MPI_Sendrecv and 3 MPI_Allreduce in `omp single`s);
     * thread 2 makes every MPI_Allreduce, the collectives that make it the thread with the most events (EZTrace records
     * MPI_Sendrecv without message events), and the MPI_Sendrecv of iterations 1, 4 and 7 (the program prints which thread
     * took each): 6 calls replayed a rank, 8 left out, 24 of 42. hybrid-2's threads besides the masters call no MPI.
     */
    @Test
    void theReplaySaysWhichCallsItLeavesOut() {
        String serialized = TESTDATA.resolve("otf2/serialized-3").toString();
        String note = "24 of the 42 MPI calls are made on threads that are not replayed (ranks 0-2)";
        SubcommandsTest.Run predict = SubcommandsTest.igtrace("predict", serialized);
        assertEquals(0, predict.code(), predict.err());
        assertTrue(predict.err().contains("igtrace predict: note: " + note), predict.err());
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", serialized);
        assertEquals(0, why.code(), why.err());
        assertTrue(why.err().contains("igtrace why: note: the what-ifs' replay: " + note), why.err());
        SubcommandsTest.Run hybrid = SubcommandsTest.igtrace("predict", TESTDATA.resolve("otf2/hybrid-2").toString());
        assertEquals(0, hybrid.code(), hybrid.err());
        assertTrue(!hybrid.err().contains("threads that are not replayed"), hybrid.err());
    }

    @Test
    void threadsInMpiAtOnceCountThatTimeOnce() throws Exception {
        String[] rows = compare("multiple-2");
        assertEquals(2, rows.length);
        for (String row : rows) {
            String[] v = row.split(" ");
            double comm = Double.parseDouble(v[0]), sum = Double.parseDouble(v[2]), union = Double.parseDouble(v[3]);
            assertEquals(union, comm, 1e-9, row);
            assertTrue(union < 0.7 * sum, "both threads were in MPI at once most of the time: " + row);
            assertTrue(comm <= Double.parseDouble(v[4]), row);
        }
    }
}
