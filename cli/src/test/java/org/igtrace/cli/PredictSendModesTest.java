package org.igtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * How a blocking send completes follows its call, not only its size (MPI standard 3.4): an MPI_Ssend waits for its
 * receive to start whatever its size, an MPI_Bsend never does. The replay took both by size against the eager limit
 * (a helper's hunt: 31.0 ms predicted for a 60 ms run that cannot end before 60 ms, 80.9 ms for a 50 ms run).
 */
class PredictSendModesTest {
    private static String predict(String trace, String... more) {
        String[] args = new String[3 + more.length];
        args[0] = "predict";
        args[1] = TimelineCommandTest.TESTDATA.resolve(trace).toString();
        args[2] = "-q";
        System.arraycopy(more, 0, args, 3, more.length);
        TimelineCommandTest.Run r = TimelineCommandTest.igtrace(args);
        assertEquals(0, r.code(), r.err());
        return r.out() + r.err();
    }

    /**
     * make-send-modes.py ssend: rank 0's MPI_Ssend of 100 bytes enters at 0 us; rank 1 computes to 30,000 us, then receives;
     * rank 0 then computes 60,000 - 30,010 = 29,990 us. On L = 1 us, B = 1 GB/s the Ssend leaves at 30,000 + 1 + 0.1 us
     * and rank 0 ends at 59,991.1 us: 60.0 ms, rank 0 waiting 30.0 ms in it.
     */
    @Test
    void aSynchronousSendWaitsForItsReceiveWhateverItsSize() {
        String out = predict("send-modes/ssend", "--latency", "1us", "--bandwidth", "1GB/s");
        assertTrue(out.contains("predicted run time 60.0 ms"), out);
        assertTrue(out.matches("(?s).*\\n +0 +60\\.0 ms +30\\.0 ms +30\\.0 ms +30\\.0 ms\\n.*"), out);
    }

    /**
     * make-send-modes.py bsend: rank 0's MPI_Bsend of 1 MiB lasts 100 us, then rank 0 computes to 50,000 us: replayed, it
     * leaves at once (no send overhead is given) and ends at 49,900 us (80.9 ms before send modes, rank 0 waiting 30 ms
     * for the receive). The data leaves the buffer as a rendezvous message's, once the receive is posted: rank 1 computes
     * 30,000 us, its receive gets the message at 30,000 + 1 + 1,048,576 B / 1 GB/s = 31,049.576 us (1.05 ms in MPI, no
     * wait: the send was posted long before), then 50,000 - 31,000 = 19,000 us: 50,049.576 us. 50.0 ms, as measured (the
     * trace's receive took 1 ms); when the data left at the send the receive left at once and the run was 49.9 ms.
     */
    @Test
    void aBufferedSendNeverWaitsForItsReceive() {
        String out = predict("send-modes/bsend", "--latency", "1us", "--bandwidth", "1GB/s");
        assertTrue(out.contains("predicted run time 50.0 ms"), out);
        assertTrue(out.matches("(?s).*\\n +0 +49\\.9 ms +49\\.9 ms +0 s +0 s\\n.*"), out);
        assertTrue(out.matches("(?s).*\\n +1 +50\\.0 ms +49\\.0 ms +1\\.05 ms +0 s\\n.*"), out);
    }

    /**
     * make-send-modes.py issend: rank 0's MPI_Issend of 100 bytes [0, 10] us, its MPI_Wait [10, 30,010] us, then compute
     * to 60,000 us; rank 1 computes to 30,000 us, then receives. An MPI_Issend's request completes only once its receive
     * has started, whatever its size: on L = 1 us, B = 1 GB/s the wait leaves at 30,000 + 1 + 0.1 us and rank 0 ends at
     * 30,001.1 + 60,000 - 30,010 = 59,991.1 us: 60.0 ms, rank 0 waiting 30,001.1 - 10 us = 30.0 ms in it and 30.0 ms in
     * MPI (10 us in the MPI_Issend). Taken by its size, the wait left at its enter: rank 0 ended at 30.0 ms, the run 31.0 ms.
     */
    @Test
    void aSynchronousNonBlockingSendsWaitWaitsForItsReceive() {
        String out = predict("send-modes/issend", "--latency", "1us", "--bandwidth", "1GB/s");
        assertTrue(out.contains("predicted run time 60.0 ms"), out);
        assertTrue(out.matches("(?s).*\\n +0 +60\\.0 ms +30\\.0 ms +30\\.0 ms +30\\.0 ms\\n.*"), out);
    }

    /**
     * make-send-modes.py ibsend: rank 0's MPI_Ibsend of 1 MiB [0, 100] us, its MPI_Wait [100, 200] us, then compute to
     * 50,000 us. An MPI_Ibsend's request completes locally: the wait leaves at its enter, 100 us, and rank 0 ends at
     * 100 + 50,000 - 200 = 49,900 us, 100 us of it in MPI (the MPI_Ibsend, a posting call, takes its measured length)
     * and no wait. Rank 1 as with MPI_Bsend: its receive at 30,000 us gets the data at 30,000 + 1 + 1,048.576 us, then
     * 19,000 us: 50.0 ms. Taken by its size, the wait waited for the receive and its transfer: rank 0 ended at
     * 31,049.6 + 49,800 us, 80.8 ms.
     */
    @Test
    void aBufferedNonBlockingSendsWaitWaitsForNoOne() {
        String out = predict("send-modes/ibsend", "--latency", "1us", "--bandwidth", "1GB/s");
        assertTrue(out.contains("predicted run time 50.0 ms"), out);
        assertTrue(out.matches("(?s).*\\n +0 +49\\.9 ms +49\\.8 ms +100 us +0 s\\n.*"), out);
        assertTrue(out.matches("(?s).*\\n +1 +50\\.0 ms +49\\.0 ms +1\\.05 ms +0 s\\n.*"), out);
    }

    /**
     * otf2/sendmodes-4 (programs/sendmodes.c traced by EZTrace, which defines each region once per process): the shortfall
     * warning names the call with the most time summed over the processes, and that sum, here MPI_Barrier's, summed from
     * otf2-print's outermost MPI_Barrier enters and leaves of every rank (it gave one rank's 941 ms).
     */
    @Test
    void theShortfallsCallIsSummedOverEveryProcess() throws Exception {
        String anchor = TimelineCommandTest.TESTDATA.resolve("otf2/sendmodes-4/eztrace_log.otf2").toString();
        String defs = TimelineCommandTest.command("otf2-print", "-G", anchor);
        Matcher tps = Pattern.compile("Ticks per Seconds: (\\d+)").matcher(defs);
        assertTrue(tps.find(), defs);
        double tick = 1.0 / Long.parseLong(tps.group(1));
        Map<String, Deque<Object[]>> open = new HashMap<>();
        long ticks = 0;
        Matcher m = Pattern.compile("(?m)^(ENTER|LEAVE)\\s+(\\d+)\\s+(\\d+)\\s+Region: \"([^\"]*)\"")
                .matcher(TimelineCommandTest.command("otf2-print", anchor));
        while (m.find()) {
            Deque<Object[]> stack = open.computeIfAbsent(m.group(2), k -> new ArrayDeque<>());
            long t = Long.parseLong(m.group(3));
            if (m.group(1).equals("ENTER")) {
                stack.push(new Object[] {m.group(4), t});
            } else {
                Object[] e = stack.pop();
                boolean outermost = stack.stream().noneMatch(o -> ((String) o[0]).startsWith("MPI_"));
                if (e[0].equals("MPI_Barrier") && outermost) {
                    ticks += t - (Long) e[1];
                }
            }
        }
        String sum = org.igtrace.core.util.Labels.seconds3(ticks * tick);
        String out = predict("otf2/sendmodes-4");
        assertTrue(out.contains("most in MPI_Barrier (" + sum + " measured in it, summed over the processes)"), sum + "\n" + out);
        assertTrue(ticks * tick > 2.5, "the four ranks' barriers: " + ticks * tick);
    }
}
