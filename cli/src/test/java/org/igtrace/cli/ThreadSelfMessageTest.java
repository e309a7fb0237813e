package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A wait for a message from another thread of the same process (MPI_THREAD_MULTIPLE) is late sender as any other
 * (definitions section 8); it was dropped as a message to oneself, and its time read as lost transfer (a hybrid hunt;
 * on a real EZTrace run 38.9 ms). testdata/thread-self-message (make-thread-self-message.py): rank 0's master waits
 * (390 - 100) us for its own thread 1's send and (600 - 500) us for rank 1's: 390 us, of a Tcomm of 410 us.
 */
class ThreadSelfMessageTest {
    private static final Path TESTDATA = Path.of(System.getProperty("testdata.dir", "../testdata")).toAbsolutePath().normalize();

    @Test
    void aWaitForTheProcesssOwnThreadIsLateSender() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", TESTDATA.resolve("thread-self-message/traces.otf2").toString(),
                "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); p = d['processes'];"
                + " print(p[0]['wait_late_sender'], p[0]['comm_time'], p[1]['wait'])", run.out()).split(" ");
        assertEquals(390e-6, Double.parseDouble(v[0]), 1e-12);
        assertEquals(410e-6, Double.parseDouble(v[1]), 1e-12);
        assertEquals(0.0, Double.parseDouble(v[2]), 0);
    }

    /**
     * why charges rank 1's main with the 600 - 500 = 100 us rank 0 waited for it, and says the 390 - 100 = 290 us rank 0
     * waited for its own thread 1's send, which no cause is charged with (the critical path does not jump from a process to
     * itself): why's 100 us and stats' 390 us read as a contradiction.
     */
    @Test
    void whySaysTheWaitingForTheProcesssOwnThreads() throws Exception {
        String trace = TESTDATA.resolve("thread-self-message/traces.otf2").toString();
        SubcommandsTest.Run text = SubcommandsTest.igtrace("why", trace, "-q");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("Causes: 100 us of waiting, charged to the regions that made the waited-for process late"
                + " (besides, 290 us of rank 0's waiting was for its own threads' messages: charged to no cause)\n"), text.out());
        SubcommandsTest.Run json = SubcommandsTest.igtrace("why", trace, "--format", "json", "-q");
        assertEquals(0, json.code(), json.err());
        String[] v = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]); print(d['waiting'], d['own_thread_waiting'])",
                json.out()).split(" ");
        assertEquals(100e-6, Double.parseDouble(v[0]), 1e-12);
        assertEquals(290e-6, Double.parseDouble(v[1]), 1e-12);
        SubcommandsTest.Run report = SubcommandsTest.igtrace("report", trace, "-q");
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().contains("<p>Besides, 290 us of rank 0's waiting was for its own threads' messages: charged to no cause.</p>"),
                report.out());
    }

    /**
     * testdata/pthread-team (make-pthread-team.py): a team forked by a pthread that lived 200 us of a 1000 us process; its
     * master's useful time is at most its own span, 200 - 50 = 150 us; hybrid (1000 + 150 + 100) / 3 / 1000 (a hybrid hunt:
     * 950 us and 0.683).
     */
    @Test
    void aTeamsMasterIsUsefulAtMostForItsOwnSpan() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", TESTDATA.resolve("pthread-team/traces.otf2").toString(),
                "--format", "json");
        assertEquals(0, run.code(), run.err());
        String[] v = SubcommandsTest.python("import json, sys; d = json.loads(sys.argv[1]);"
                + " print(*[t['useful'] for t in d['threads']], d['efficiency']['hybrid_parallel_efficiency'])", run.out()).split(" ");
        assertEquals(1000e-6, Double.parseDouble(v[0]), 1e-12);
        assertEquals(150e-6, Double.parseDouble(v[1]), 1e-12);
        assertEquals(100e-6, Double.parseDouble(v[2]), 1e-12);
        assertEquals((1000 + 150 + 100) / 3.0 / 1000, Double.parseDouble(v[3]), 1e-9);
    }

    /**
     * A message a process sends to itself is on one clock: its receive recorded before its send is not a clock conflict.
     * testdata/sendrecv-ring-receive-first (make-sendrecv-ring.py --receive-first): rank 0 receives rank 3's message of
     * round k at 10 + 20 k + 0.001 ms, sent at 13 + 20 k + 0.002 (a conflict in a ring no offset removes), 2 rounds: 2 conflicts
     * before correction and after; each rank's MPI_Sendrecv to itself records its receive 0.001 ms before its send, 4 more
     * when they were counted (a review: "2 -> 6").
     */
    @Test
    void aMessageToItselfReceivedBeforeItWasSentIsNoClockConflict() throws Exception {
        SubcommandsTest.Run run = SubcommandsTest.igtrace("stats", TESTDATA.resolve("sendrecv-ring-receive-first/traces.otf2").toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains(", 2 clock conflicts -> 2;"), run.out());
    }
}
