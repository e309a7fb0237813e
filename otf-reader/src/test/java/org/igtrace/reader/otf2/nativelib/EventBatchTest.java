package org.igtrace.reader.otf2.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.igtrace.reader.TestTraces;
import org.junit.jupiter.api.Test;

/**
 * Issue 38 (the base read against the C reader's rate): the shim writes a blocking send or receive
 * (an Enter, a MpiSend or MpiRecv and the Leave of the same region in a row) as one record, so a
 * fill of N records holds up to 3N events, and fewer records cross to Java. jacobi-4 has, by
 * otf2-print, 1904 events: 628 ENTER, 628 LEAVE, 300 MPI_SEND, 300 MPI_RECV, each message inside
 * its own blocking call (600 calls, 1800 events), 20 MPI_COLLECTIVE_BEGIN and _END, 4 THREAD_BEGIN
 * and _END. One record per event (the layout before) made 1896 records (THREAD_BEGIN and _END make
 * none): at a batch of 8 records, at least 1896 / 8 = 237 fills, 8.0 events per fill or fewer. Calls
 * as one record and no record for a CollectiveBegin: 600 + 28 + 28 + 20 = 676 records if no call
 * were cut by a fill's end (about 89 fills over the 4 locations); a cut call is 3 records, at most
 * one per fill. The test asks for more than 16 events per fill: fewer than 1904 / 16 = 119 fills.
 */
class EventBatchTest {
    @Test
    void aBlockingCallIsOneRecordSoAFillHoldsMoreEventsThanRecords() throws Exception {
        Path anchor = TestTraces.otf2("jacobi-4").resolve("eztrace_log.otf2");
        List<Long> cpuLocations = new ArrayList<>();
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readGlobalDefinitions(new GlobalDefinitionVisitor() {
                @Override
                public void location(long id, int name, LocationKind kind, long numberOfEvents, int locationGroup) {
                    if (kind == LocationKind.CPU_THREAD) {
                        cpuLocations.add(id);
                    }
                }
            });
        }
        int[] messages = new int[1];
        EventVisitor countMessages = new EventVisitor() {
            @Override
            public void enter(long time, int region) {
            }

            @Override
            public void leave(long time, int region) {
            }

            @Override
            public void callingContextEnter(long time, int callingContext) {
            }

            @Override
            public void callingContextLeave(long time, int callingContext) {
            }

            @Override
            public void send(long time, int receiver, int communicator, int tag, long length) {
                messages[0]++;
            }

            @Override
            public void receive(long time, int sender, int communicator, int tag, long length) {
                messages[0]++;
            }

            @Override
            public void collectiveEnd(long time, int operation, int communicator, int root, long sent, long received) {
            }

            @Override
            public void sendCall(long enter, int region, long time, int receiver, int communicator, int tag, long length, long leave) {
                messages[0]++;
            }

            @Override
            public void receiveCall(long enter, int region, long time, int sender, int communicator, int tag, long length, long leave) {
                messages[0]++;
            }
        };
        long[] events = new long[1];
        int[] fills = new int[1];
        System.setProperty("igtrace.otf2.batch", "8");
        try (Otf2Archive archive = Otf2Archive.open(anchor)) {
            archive.readEvents(cpuLocations.stream().mapToLong(Long::longValue).toArray(), location -> countMessages, n -> {
                events[0] += n;
                fills[0]++;
            });
        } finally {
            System.clearProperty("igtrace.otf2.batch");
        }
        assertEquals(1904, events[0]);
        assertEquals(600, messages[0]);
        assertTrue(fills[0] < 119, fills[0] + " fills of at most 8 records for 1904 events");
    }
}
