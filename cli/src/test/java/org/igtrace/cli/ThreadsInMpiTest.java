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
     * Threads that take turns in MPI replay as one thread making every call (definitions section 9): on serialized-3 each
     * rank's 14 calls (MPI_Barrier on the master, 10 MPI_Sendrecv and 3 MPI_Allreduce in `omp single`s taken by whichever
     * thread comes first) are replayed in time order on its master, so the self-prediction's time in MPI per rank is the
     * union that otf2-print's calls give (within 1 %; the replay had 11.1 ms for rank 0's 24.2 ms, its one thread's), and
     * its measured run time is the run's (stats' T, the longest process, 70.3 ms; it was 41.8 ms, a worker's span).
     * Where threads were in MPI at once (multiple-2: each rank's two threads make 16 calls each, and the master 1 barrier)
     * the replay takes one thread and says how many calls it leaves out: 16 a rank, 32 of 66. hybrid-2's workers call no MPI.
     */
    @Test
    void threadsTakingTurnsReplayAsOneThreadMakingEveryCall() throws Exception {
        String serialized = TESTDATA.resolve("otf2/serialized-3").toString();
        String expected = SubcommandsTest.command("/usr/bin/python3", TESTDATA.resolve("mpi-union.py").toString(),
                TESTDATA.resolve("otf2/serialized-3/eztrace_log.otf2").toString());
        SubcommandsTest.Run predict = SubcommandsTest.igtrace("predict", serialized, "--format", "json");
        assertEquals(0, predict.code(), predict.err());
        SubcommandsTest.Run stats = SubcommandsTest.igtrace("stats", serialized, "--format", "json");
        String[] rows = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); e = json.loads(sys.argv[2]);"
                + " s = json.loads(sys.argv[3])\n"
                + "for p, x in zip(d['processes'], e): print(p['mpi'], x['union'])\n"
                + "print(d['measured_runtime'], max(p['time'] for p in s['processes']))",
                predict.out(), expected.strip(), stats.out()).split("\n");
        assertEquals(4, rows.length);
        for (int r = 0; r < 3; r++) {
            String[] v = rows[r].split(" ");
            assertEquals(Double.parseDouble(v[1]), Double.parseDouble(v[0]), 0.01 * Double.parseDouble(v[1]), "rank " + r + ": " + rows[r]);
        }
        String[] run = rows[3].split(" ");
        assertEquals(Double.parseDouble(run[1]), Double.parseDouble(run[0]), 1e-4, rows[3]);
        assertTrue(predict.err().contains("ranks 0-2 called MPI on several threads, never two at once"), predict.err());
        SubcommandsTest.Run whyNotes = SubcommandsTest.igtrace("why", serialized);
        assertEquals(0, whyNotes.code(), whyNotes.err());
        assertTrue(whyNotes.err().contains("igtrace why: note: the what-ifs' replay: ranks 0-2 called MPI on several threads, never two"
                + " at once"), whyNotes.err());
        assertTrue(!predict.err().contains("threads that are not replayed"), predict.err());

        SubcommandsTest.Run multiple = SubcommandsTest.igtrace("predict", TESTDATA.resolve("otf2/multiple-2").toString());
        assertEquals(0, multiple.code(), multiple.err());
        assertTrue(multiple.err().contains("igtrace predict: note: 32 of the 66 MPI calls are made on threads that are not replayed"
                + " (ranks 0-1): their threads were in MPI at the same time"), multiple.err());
        SubcommandsTest.Run why = SubcommandsTest.igtrace("why", TESTDATA.resolve("otf2/multiple-2").toString());
        assertEquals(0, why.code(), why.err());
        assertTrue(why.err().contains("igtrace why: note: the what-ifs' replay: 32 of the 66 MPI calls"), why.err());
        SubcommandsTest.Run hybrid = SubcommandsTest.igtrace("predict", TESTDATA.resolve("otf2/hybrid-2").toString());
        assertEquals(0, hybrid.code(), hybrid.err());
        assertTrue(!hybrid.err().contains("threads that are not replayed") && !hybrid.err().contains("never two at once"), hybrid.err());
    }

    /**
     * `thread-turns/helper` (make-thread-turns.py): the replay takes the thread that called MPI_Init_thread with the other
     * thread's calls, not rank 0's helper pthread that calls no MPI and outlives both (the longest thread): measured run
     * time from MPI_Init_thread's leave (300 us) to MPI_Finalize's enter (900 us), 600 us, where the helper gave 1030 us.
     */
    /**
     * A window that cuts a thread's calls: the arrivals it leaves out are counted on whichever thread they lie, so the
     * k-th collective still pairs with the others' k-th. serialized-3 from 12 ms (rank 0's first MPI_Allreduce, on a
     * worker, at 11.4 ms, cut): the self-prediction within 1 % of the measured run time (it was 19 % over).
     */
    @Test
    void aWindowCuttingAWorkersCallsKeepsTheCollectivesPaired() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("predict", TESTDATA.resolve("otf2/serialized-3").toString(), "--window", "12ms:",
                "--format", "json");
        assertEquals(0, run.code(), run.err());
        double error = Double.parseDouble(SubcommandsTest.python("import json, sys; print(json.loads(sys.argv[1])['self_prediction_error'])",
                run.out()));
        assertTrue(Math.abs(error) < 0.01, run.out());
    }

    @Test
    void theThreadHoldingMpiIsReplayedNotALongerHelper() {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("predict", TESTDATA.resolve("thread-turns/helper").toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("measured run time 600 us\n"), run.out());
    }

    /**
     * A request posted on one thread and completed on another (`thread-turns/cross`) is the same request as on one thread
     * (`same`): the two replay alike, and rank 0's MPI_Wait lasts until its 1 MiB rendezvous message has crossed a 1 ms,
     * 1 GB/s network after its post at 100 us: rank 0 ends no earlier than 100 us + 1 ms + 1,048,576 B / 1 GB/s = 2.149 ms.
     */
    @Test
    void aRequestCompletedOnAnotherThreadIsOneRequest() throws Exception {
        String[] rows = new String[2];
        for (int i = 0; i < 2; i++) {
            SubcommandsTest.Run run = SubcommandsTest.igtrace("predict", TESTDATA.resolve(i == 0 ? "thread-turns/same" : "thread-turns/cross")
                    .toString(), "--latency", "1ms", "--bandwidth", "1GB/s", "--format", "json");
            assertEquals(0, run.code(), run.err());
            rows[i] = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1])\n"
                    + "print([(p['rank'], round(p['predicted_time'], 9), round(p['mpi'], 9)) for p in d['processes']])", run.out());
        }
        assertEquals(rows[0], rows[1]);
        double rank0 = Double.parseDouble(rows[1].substring(rows[1].indexOf("(0, ") + 4, rows[1].indexOf(",", rows[1].indexOf("(0, ") + 4)));
        assertTrue(rank0 >= 100e-6 + 1e-3 + (1 << 20) / 1e9 - 1e-9, rows[1]);
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
