package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The collective instances the first join keeps ({@link KeptCollectives}) give the waits that joining
 * their records again gives, whatever the bound: all kept, some kept then the bound reached, none
 * kept. Two processes on communicator {0, 1}, 1 tick per second, two barriers on raw clocks:
 * p0 [20, 40] and p1 [-62, -59]; p0 [100, 110] and p1 [5, 20]. Their constraints (a member leaves
 * after every member entered): o1 >= o0 + 20 + 59 = o0 + 79 and o1 >= o0 + 100 - 20 = o0 + 80,
 * o0 >= o1 - 102 and o0 >= o1 - 105; with o0 = 0 the guess is o1 = 80.
 * <ul>
 *   <li>Without a message the offsets are the guess (0, 80): p1 enters at -62 + 80 = 18 and 5 + 80 = 85,
 *   both before p0 (20, 100): p1 waits 20 - 18 = 2 (its call 3 long) and 100 - 85 = 15 (its call 15
 *   long): barrier waits of p1 17.</li>
 *   <li>With p0's MPI_Send [9, 11] (send at 10) to p1's MPI_Recv [-90, -87] (receive at -88):
 *   o1 >= o0 + 10 + 88 = 98, so the offsets move to (0, 98) (98 <= 102): p1 enters at 36 and 103,
 *   the last each time: p0 waits 36 - 20 = 16 (its call 20 long) and 103 - 100 = 3 (its call 10
 *   long): 19; the message, p1's receive call [8, 11]: late sender 9 - 8 = 1.</li>
 * </ul>
 */
class KeptCollectivesTest {
    private static final int SEND = 0, RECV = 1, BARRIER = 2;

    private static MatchRecords records(boolean message) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Barrier"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1});
        MatchRecords records = new MatchRecords(b.ticksPerSecond(1).build(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        if (message) {
            p1.enter(-90, RECV);
            p0.enter(9, SEND);
            p0.send(10, 1, 0, 7, 1);
            p0.leave(11, SEND);
            p1.receive(-88, 0, 0, 7, 1);
            p1.leave(-87, RECV);
        }
        barrier(p0, 20, 40);
        barrier(p1, -62, -59);
        barrier(p0, 100, 110);
        barrier(p1, 5, 20);
        return records;
    }

    private static void barrier(LocationEvents l, long enter, long leave) {
        l.enter(enter, BARRIER);
        l.collective(enter + 1, CollectiveKind.BARRIER, 0, -1, 0, 0);
        l.leave(leave, BARRIER);
    }

    /** Bounds in arrivals: none kept, the first instance kept (2 arrivals) and then the bound reached, both kept, no bound. */
    @ParameterizedTest(name = "message {0}, at most {1} arrivals kept")
    @CsvSource({"false, 0", "false, 2", "false, 4", "false, 9223372036854775807",
                "true, 0", "true, 2", "true, 4", "true, 9223372036854775807"})
    void keptInstancesGiveTheWaitsOfJoiningThemAgain(boolean message, long bound) {
        WaitReport r = WaitAnalysis.analyseKeeping(records(message), 1, bound);
        assertArrayEquals(new double[] {0, message ? 98 : 80}, r.offsets());
        assertEquals(message ? 19.0 : 0.0, r.seconds(WaitPattern.BARRIER, 0));
        assertEquals(message ? 0.0 : 17.0, r.seconds(WaitPattern.BARRIER, 1));
        assertEquals(message ? 1.0 : 0.0, r.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(message ? 20.0 : 17.0, r.pairWait(0, 1));
        assertEquals(2, r.collectives());
        assertEquals(message ? 1 : 0, r.matchedMessages());
    }
}
