package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

class RecordJoinTest {
    private static final int SEND = 0, RECV = 1, BARRIER = 2;

    /**
     * p0 and p1 on one communicator: a barrier, then three messages 0 -> 1 and one 1 -> 0. Tasks: the communicator (0),
     * then the pairs largest first: 0 -> 1 (1), 1 -> 0 (2).
     */
    private static MatchRecords records() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Barrier"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1});
        MatchRecords records = new MatchRecords(b.ticksPerSecond(1).build(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, BARRIER, 1, 3, () -> p0.collective(2, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p1, BARRIER, 1, 3, () -> p1.collective(2, CollectiveKind.BARRIER, 0, -1, 0, 0));
        for (int k = 0; k < 3; k++) {
            long t = 10 + 10 * k;
            call(p0, SEND, t, t + 2, () -> p0.send(t + 1, 1, 0, 7, 1));
            call(p1, RECV, t, t + 3, () -> p1.receive(t + 2, 0, 0, 7, 1));
        }
        call(p1, SEND, 50, 52, () -> p1.send(51, 0, 0, 7, 1));
        call(p0, RECV, 50, 53, () -> p0.receive(52, 1, 0, 7, 1));
        records.finish();
        return records;
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    /** What one listener saw, as "task n" and "m sender>receiver" / "c size" lines in arrival order. */
    private static final class Seen implements MatchListener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void task(int index) {
            lines.add("task " + index);
        }

        @Override
        public void message(MatchedMessage m) {
            lines.add("m " + m.sender() + ">" + m.receiver() + "@" + m.sendTime());
        }

        @Override
        public void collective(CollectiveInstance instance) {
            lines.add("c " + instance.size());
        }
    }

    /**
     * With the pairs first, one thread takes the pairs (tasks 1 and 2) before the communicator (task 0); each task keeps
     * its number and its matches.
     */
    @Test
    void pairsFirstKeepTheTasksNumbers() {
        Seen plain = RecordJoin.join(records(), 1, Seen::new, (s, r) -> false, true, false).listeners().get(0);
        assertEquals(List.of("task 0", "c 2", "task 1", "m 0>1@11", "m 0>1@21", "m 0>1@31", "task 2", "m 1>0@51"), plain.lines);
        Seen first = RecordJoin.join(records(), 1, Seen::new, (s, r) -> false, true, true).listeners().get(0);
        assertEquals(List.of("task 1", "m 0>1@11", "m 0>1@21", "m 0>1@31", "task 2", "m 1>0@51", "task 0", "c 2"), first.lines);
    }
}
