package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.MpiCall;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** Records of one location at a time, joined by sequence number; hand-made events, expected values in the comments. */
class MatchRecordsTest {
    private static final int SEND = 0, RECV = 1, WAITALL = 2, BARRIER = 3, COMPUTE = 4;

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Waitall", "MPI_Barrier"}) {
            b.addRegion(name, true);
        }
        b.addRegion("compute", false);
        b.addCommunicator(new int[] {0, 1});
        return b.ticksPerSecond(1).build();
    }

    /** (sender, sendTime, receiveTime) of every matched message, in the order the join hands them on. */
    private static List<long[]> matches(MatchRecords records) {
        records.finish();
        List<long[]> seen = new ArrayList<>();
        RecordJoin.join(records, new MatchListener() {
            @Override
            public void message(MatchedMessage m) {
                seen.add(new long[] {m.sender(), m.sendTime(), m.receiveTime(), m.receiveEnter(), m.receiveLeave()});
            }

            @Override
            public void collective(CollectiveInstance instance) {
            }
        });
        return seen;
    }

    /**
     * Rank 1 enters MPI_Waitall at 9, receives A at 10, then inside it an MPI_Recv [11, 13] receives
     * B at 12 (left first, at 13); the Waitall is left at 20. Rank 0 sends twice on the same key
     * (events at 31 and 41). Event order decides: A is receive 0 and matches the send at 31 (its
     * call: the Waitall, [9, 20]); B matches the send at 41 (its call: the Recv, [11, 13]), though
     * B's call was left first. Rank 1 is read before rank 0.
     */
    @Test
    void sequenceFollowsEventOrderNotTheOrderCallsAreLeft() {
        TraceDefinitions d = definitions();
        MatchRecords records = new MatchRecords(d, new MemoryRecordBlocks());
        LocationEvents p1 = records.location(1, 1);
        p1.enter(9, WAITALL);
        p1.receive(10, 0, 0, 7, 8);
        p1.enter(11, RECV);
        p1.receive(12, 0, 0, 7, 8);
        p1.leave(13, RECV);
        p1.leave(20, WAITALL);
        p1.end();
        LocationEvents p0 = records.location(0, 0);
        p0.enter(30, SEND);
        p0.send(31, 1, 0, 7, 8);
        p0.leave(32, SEND);
        p0.enter(40, SEND);
        p0.send(41, 1, 0, 7, 8);
        p0.leave(42, SEND);
        p0.end();
        List<long[]> m = matches(records);
        assertEquals(2, m.size());
        assertEquals(List.of(0L, 31L, 10L, 9L, 20L), List.of(m.get(0)[0], m.get(0)[1], m.get(0)[2], m.get(0)[3], m.get(0)[4]));
        assertEquals(List.of(0L, 41L, 12L, 11L, 13L), List.of(m.get(1)[0], m.get(1)[1], m.get(1)[2], m.get(1)[3], m.get(1)[4]));
    }

    /**
     * The events of the test above with the blocking calls handed over as one ({@code sendCall},
     * {@code receiveCall}): rank 1's MPI_Recv [11, 13] arrives while the Waitall's receive at 10
     * still waits for its call's leave, rank 0's sends with nothing waiting. The same matches:
     * (0, 31, 10, 9, 20) and (0, 41, 12, 11, 13). Then a send in a region that is not an MPI call
     * (compute, [50, 52], event at 51: no call, so its enter and leave are its own time) matched
     * by a receive handed over as one, MPI_Recv [60, 62] with its event at 61: (0, 51, 61, 60, 62).
     */
    @Test
    void blockingCallsHandedOverAsOneGiveTheirEventsRecords() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        LocationEvents p1 = records.location(1, 1);
        p1.enter(9, WAITALL);
        p1.receive(10, 0, 0, 7, 8);
        p1.receiveCall(11, RECV, 12, 0, 0, 7, 8, 13);
        p1.leave(20, WAITALL);
        p1.receiveCall(60, RECV, 61, 0, 0, 7, 8, 62);
        p1.end();
        LocationEvents p0 = records.location(0, 0);
        p0.sendCall(30, SEND, 31, 1, 0, 7, 8, 32);
        p0.sendCall(40, SEND, 41, 1, 0, 7, 8, 42);
        p0.sendCall(50, COMPUTE, 51, 1, 0, 7, 8, 52);
        p0.end();
        List<long[]> m = matches(records);
        assertEquals(3, m.size());
        assertEquals(List.of(0L, 31L, 10L, 9L, 20L), List.of(m.get(0)[0], m.get(0)[1], m.get(0)[2], m.get(0)[3], m.get(0)[4]));
        assertEquals(List.of(0L, 41L, 12L, 11L, 13L), List.of(m.get(1)[0], m.get(1)[1], m.get(1)[2], m.get(1)[3], m.get(1)[4]));
        assertEquals(List.of(0L, 51L, 61L, 60L, 62L), List.of(m.get(2)[0], m.get(2)[1], m.get(2)[2], m.get(2)[3], m.get(2)[4]));
    }

    /** Every match with every time of both ends, sorted, and the unmatched counts of pair (0, 1) both ways. */
    private static List<List<Long>> everything(MatchRecords records) {
        records.finish();
        List<List<Long>> seen = new ArrayList<>();
        RecordJoin.Joined<MatchListener> j = RecordJoin.join(records, new MatchListener() {
            @Override
            public void message(MatchedMessage m) {
                seen.add(List.of((long) m.sender(), m.sendTime(), m.sendEnter(), m.sendLeave(), (long) m.sendCall().ordinal(),
                        m.receiveTime(), m.receiveEnter(), m.receiveLeave(), (long) m.receiveCall().ordinal()));
            }

            @Override
            public void collective(CollectiveInstance instance) {
            }
        });
        seen.sort(java.util.Comparator.comparing((List<Long> l) -> l.get(0)).thenComparing(l -> l.get(1)));
        seen.add(List.of(j.unmatchedSends().get(0, 1, 0), j.unmatchedReceives().get(0, 1, 0),
                j.unmatchedSends().get(1, 0, 0), j.unmatchedReceives().get(1, 0, 0)));
        return seen;
    }

    /**
     * Random event runs on both ranks (blocking sends and receives, also inside an open
     * MPI_Waitall or a compute region, ends in the Waitall itself, calls in regions that are not
     * MPI calls, partners -1): fed as single events to one recorder and with every Enter/end/Leave
     * run as one call to another, the two give the same matches, times, calls and unmatched ends.
     */
    @Test
    void oneCallOrThreeEventsTheSameRecords() {
        java.util.Random random = new java.util.Random(20261124);
        for (int round = 0; round < 2000; round++) {
            MatchRecords split = new MatchRecords(definitions(), new MemoryRecordBlocks());
            MatchRecords joined = new MatchRecords(definitions(), new MemoryRecordBlocks());
            for (int p = 0; p < 2; p++) {
                LocationEvents a = split.location(p, p);
                LocationEvents b = joined.location(p, p);
                long t = 0;
                int open = 0;
                for (int e = random.nextInt(30); e > 0; e--) {
                    int what = random.nextInt(6);
                    int partner = random.nextInt(12) == 0 ? -1 : 1 - p;
                    int tag = random.nextInt(2);
                    boolean send = random.nextBoolean();
                    int region = random.nextInt(8) == 0 ? COMPUTE : send ? SEND : RECV;
                    if (what <= 2) {
                        long enter = t += random.nextInt(3), time = t += random.nextInt(3), leave = t += random.nextInt(3);
                        a.enter(enter, region);
                        if (send) {
                            a.send(time, partner, 0, tag, 8);
                            b.sendCall(enter, region, time, partner, 0, tag, 8, leave);
                        } else {
                            a.receive(time, partner, 0, tag, 8);
                            b.receiveCall(enter, region, time, partner, 0, tag, 8, leave);
                        }
                        a.leave(leave, region);
                    } else if (what == 3) {
                        int outer = random.nextBoolean() ? WAITALL : COMPUTE;
                        a.enter(t, outer);
                        b.enter(t, outer);
                        open++;
                    } else if (what == 4 && open > 0) {
                        a.leave(t, WAITALL);
                        b.leave(t, WAITALL);
                        open--;
                    } else {
                        long time = t += random.nextInt(3);
                        if (send) {
                            a.send(time, partner, 0, tag, 8);
                            b.send(time, partner, 0, tag, 8);
                        } else {
                            a.receive(time, partner, 0, tag, 8);
                            b.receive(time, partner, 0, tag, 8);
                        }
                    }
                }
                a.end();
                b.end();
            }
            assertEquals(everything(split), everything(joined), "round " + round);
        }
    }

    /**
     * A call left at the smallest time a long holds (a damaged timestamp, 2^63 ticks read as a
     * signed long) is left, not still open: rank 1's MPI_Waitall completes two receives and is left
     * at Long.MIN_VALUE; both receives match rank 0's two sends (events at 1 and 2), with that leave.
     * (The recorder once marked open calls with that very value and dropped both ends.)
     */
    @Test
    void aCallLeftAtTheSmallestTimeIsLeft() {
        TraceDefinitions d = definitions();
        MatchRecords records = new MatchRecords(d, new MemoryRecordBlocks());
        long min = Long.MIN_VALUE;
        LocationEvents p1 = records.location(1, 1);
        p1.enter(min, WAITALL);
        p1.receive(min, 0, 0, 7, 8);
        p1.receive(min, 0, 0, 7, 8);
        p1.leave(min, WAITALL);
        p1.end();
        LocationEvents p0 = records.location(0, 0);
        for (long t = 1; t <= 2; t++) {
            p0.enter(t, SEND);
            p0.send(t, 1, 0, 7, 8);
            p0.leave(t, SEND);
        }
        p0.end();
        List<long[]> m = matches(records);
        assertEquals(2, m.size());
        assertEquals(List.of(0L, 1L, min, min, min), List.of(m.get(0)[0], m.get(0)[1], m.get(0)[2], m.get(0)[3], m.get(0)[4]));
        assertEquals(List.of(0L, 2L, min, min, min), List.of(m.get(1)[0], m.get(1)[1], m.get(1)[2], m.get(1)[3], m.get(1)[4]));
    }

    /**
     * Keys are matched separately: rank 0 sends tag 1 then tag 2; rank 1 receives tag 2 first,
     * then tag 1. Each receive matches the send with its own tag. A third send (tag 3) stays
     * unmatched, and so does a receive from rank 0 with tag 4 on the pair.
     */
    @Test
    void eachKeyFirstInFirstOutAndTheRestUnmatched() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0);
        p0.send(1, 1, 0, 1, 8);
        p0.send(2, 1, 0, 2, 8);
        p0.send(3, 1, 0, 3, 8);
        LocationEvents p1 = records.location(1, 1);
        p1.receive(5, 0, 0, 2, 8);
        p1.receive(6, 0, 0, 1, 8);
        p1.receive(7, 0, 0, 4, 8);
        records.finish();
        List<long[]> seen = new ArrayList<>();
        RecordJoin.Joined<MatchListener> j = RecordJoin.join(records, new MatchListener() {
            @Override
            public void message(MatchedMessage m) {
                seen.add(new long[] {m.sendTime(), m.receiveTime()});
            }

            @Override
            public void collective(CollectiveInstance instance) {
            }
        });
        assertEquals(2, j.matchedMessages());
        assertEquals(1, j.unmatchedSends().get(0, 1, 0));
        assertEquals(1, j.unmatchedReceives().get(0, 1, 0));
        seen.sort((a, b) -> Long.compare(a[0], b[0]));
        assertEquals(6, seen.get(0)[1], "tag 1 sent at 1 is received at 6");
        assertEquals(5, seen.get(1)[1], "tag 2 sent at 2 is received at 5");
    }

    /**
     * Random sends and receives of one pair on three tags, some left over on each side: the join
     * must pair the k-th send with the k-th receive of every tag, whatever the interleaving of the
     * tags on either side (the oracle below pairs them per tag by counting), and leave the rest
     * unmatched. Times are the event's index on its side, so a pair names its two ends.
     */
    @Test
    void randomInterleavingsMatchTheKthSendWithTheKthReceivePerTag() {
        java.util.Random random = new java.util.Random(20261123);
        for (int round = 0; round < 200; round++) {
            MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
            LocationEvents p0 = records.location(0, 0);
            LocationEvents p1 = records.location(1, 1);
            int sends = random.nextInt(40), receives = random.nextInt(40), tags = 1 + random.nextInt(3);
            List<List<Long>> sentByTag = new ArrayList<>(), receivedByTag = new ArrayList<>();
            for (int t = 0; t < tags; t++) {
                sentByTag.add(new ArrayList<>());
                receivedByTag.add(new ArrayList<>());
            }
            for (int i = 0; i < sends; i++) {
                int tag = random.nextInt(tags);
                p0.send(i, 1, 0, tag, 8);
                sentByTag.get(tag).add((long) i);
            }
            for (int i = 0; i < receives; i++) {
                int tag = random.nextInt(tags);
                p1.receive(1000 + i, 0, 0, tag, 8);
                receivedByTag.get(tag).add(1000L + i);
            }
            List<List<Long>> expected = new ArrayList<>();
            long unmatchedSends = 0, unmatchedReceives = 0;
            for (int t = 0; t < tags; t++) {
                int both = Math.min(sentByTag.get(t).size(), receivedByTag.get(t).size());
                for (int k = 0; k < both; k++) {
                    expected.add(List.of(sentByTag.get(t).get(k), receivedByTag.get(t).get(k)));
                }
                unmatchedSends += sentByTag.get(t).size() - both;
                unmatchedReceives += receivedByTag.get(t).size() - both;
            }
            records.finish();
            List<List<Long>> seen = new ArrayList<>();
            RecordJoin.Joined<MatchListener> j = RecordJoin.join(records, new MatchListener() {
                @Override
                public void message(MatchedMessage m) {
                    seen.add(List.of(m.sendTime(), m.receiveTime()));
                }

                @Override
                public void collective(CollectiveInstance instance) {
                }
            });
            java.util.Comparator<List<Long>> bySend = java.util.Comparator.comparing(l -> l.get(0));
            expected.sort(bySend);
            seen.sort(bySend);
            assertEquals(expected, seen, "round " + round);
            assertEquals(expected.size(), j.matchedMessages());
            assertEquals(unmatchedSends, j.unmatchedSends().get(0, 1, 0), "round " + round);
            assertEquals(unmatchedReceives, j.unmatchedReceives().get(0, 1, 0), "round " + round);
        }
    }

    /**
     * Rank 1 has two barriers on the communicator, rank 0 one: instance 0 is complete (enters 10 and
     * 14 inside calls [10, 20] and [14, 21]), instance 1 is not. Collective events outside any call
     * use their own time as enter and leave.
     */
    @Test
    void collectiveInstancesByCountPerCommunicator() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0);
        p0.enter(10, BARRIER);
        p0.collective(19, CollectiveKind.BARRIER, 0, -1, 0, 0);
        p0.leave(20, BARRIER);
        LocationEvents p1 = records.location(1, 1);
        p1.enter(14, BARRIER);
        p1.collective(15, CollectiveKind.BARRIER, 0, -1, 0, 0);
        p1.leave(21, BARRIER);
        p1.enter(30, COMPUTE);
        p1.collective(31, CollectiveKind.BARRIER, 0, -1, 0, 0);
        p1.leave(32, COMPUTE);
        records.finish();
        List<CollectiveInstance> seen = new ArrayList<>();
        RecordJoin.Joined<MatchListener> j = RecordJoin.join(records, new MatchListener() {
            @Override
            public void message(MatchedMessage m) {
            }

            @Override
            public void collective(CollectiveInstance instance) {
                seen.add(instance);
            }
        });
        assertEquals(1, j.collectivesMatched());
        assertEquals(1, j.collectivesIncomplete());
        assertEquals(1, seen.size());
        CollectiveInstance c = seen.get(0);
        assertEquals(List.of(10L, 14L, 20L, 21L), List.of(c.enter(0), c.enter(1), c.leave(0), c.leave(1)));
    }

    /**
     * The encoding round-trips whatever the times do: records across several blocks, times that go
     * back, an enter after the event and a leave before it (a damaged trace), negative tags and
     * communicator -1, times near the limits of a long.
     */
    @Test
    void recordsRoundTripAcrossBlocksAndBackwardTimes() {
        MemoryRecordBlocks store = new MemoryRecordBlocks();
        RecordStream stream = new RecordStream(0, 0, 1);
        int n = 20_000;
        long[][] written = new long[n][];
        java.util.Random random = new java.util.Random(15);
        for (int i = 0; i < n; i++) {
            long time = i == 0 ? Long.MAX_VALUE / 2 : random.nextInt(5) == 0 ? -random.nextLong() / 4 : random.nextLong() / 4;
            long enter = time - random.nextInt(1000) + (random.nextInt(10) == 0 ? 5000 : 0);
            long leave = time + random.nextInt(1000) - (random.nextInt(10) == 0 ? 5000 : 0);
            int communicator = random.nextInt(3) - 1;
            int tag = random.nextInt(5) - 2;
            MpiCall call = MpiCall.values()[random.nextInt(MpiCall.values().length)];
            stream.message(store, time, enter, leave, communicator, tag, call);
            written[i] = new long[] {time, enter, leave, communicator, tag, call.ordinal()};
        }
        stream.seal(store);
        RecordStream.Reader r = stream.reader(store, null);
        for (int i = 0; i < n; i++) {
            r.nextMessage();
            assertEquals(List.of(written[i][0], written[i][1], written[i][2], written[i][3], written[i][4], written[i][5]),
                    List.of(r.time, r.enter, r.leave, (long) r.communicator, (long) r.tag, (long) r.call.ordinal()), "record " + i);
        }
        assertEquals(false, r.hasNext());
    }
}
