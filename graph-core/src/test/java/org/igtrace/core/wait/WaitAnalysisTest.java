package org.igtrace.core.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.igtrace.core.util.MemoryRecordBlocks;
import org.junit.jupiter.api.Test;

/** Matching, offsets and waits on hand-written events; every expected number is worked out in the comments. */
class WaitAnalysisTest {
    private static final int SEND = 0, RECV = 1, ISEND = 2, IRECV = 3, WAITALL = 4, BARRIER = 5, SSEND = 6, BCAST = 7;

    /** Two processes on a communicator {0, 1}; regions named as MPI calls; 1 tick per second. */
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Waitall", "MPI_Barrier", "MPI_Ssend", "MPI_Bcast"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1});
        return b.ticksPerSecond(1).build();
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    /**
     * Rank 0: MPI_Send [10, 12] (event at 11), then MPI_Isend [20, 21] and MPI_Waitall [22, 23].
     * Rank 1: MPI_Recv [4, 14] (event at 13): late sender 10 - 4 = 6; then MPI_Irecv [15, 16] and
     * MPI_Waitall [17, 30] holding the Irecv event at 29 (its operation starts at the wait, 17):
     * late sender 20 - 17 = 3. FIFO on the same key: the first send matches the first receive.
     * Clocks as recorded: corrected, the one-way messages' quickest transfer (13 - 11 = 2) would
     * be read as clock offset (see {@link ClockOffsetsTest}).
     */
    @Test
    void lateSenderBlockingAndCompletedInWait() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p1, RECV, 4, 14, () -> {
                call(p0, SEND, 10, 12, () -> p0.send(11, 1, 0, 7, 100));
                p1.receive(13, 0, 0, 7, 100);
            });
            call(p1, IRECV, 15, 16, () -> { });
            call(p1, WAITALL, 17, 30, () -> {
                call(p0, ISEND, 20, 21, () -> p0.send(20, 1, 0, 7, 100));
                call(p0, WAITALL, 22, 23, () -> { });
                p1.receive(29, 0, 0, 7, 100);
            });
        });
        assertEquals(2, r.matchedMessages());
        assertEquals(9.0, r.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(0.0, r.seconds(WaitPattern.LATE_RECEIVER, 0), "the receiver was there first (4 < 10): no late receiver");
        assertEquals(9.0, r.pairWait(0, 1));
        assertEquals(0, r.conflictsBefore());
        assertTrue(r.unmatched().isEmpty());
    }

    /**
     * A blocking call holding two receives (a damaged OTF1 MPI_Sendrecv whose send record reads as a receive) waits once,
     * as an MPI_Waitall that completed two does: rank 1's MPI_Recv [0, 10] holds receives at 9 and 10 of rank 0's sends
     * entered at 5 and 8 (MPI_Send [5, 6], [8, 9]). Each on its own: 5 and 8, 13 in all, more than the call's 10 (lost
     * transfer came out negative); once per call: the latest send, 8 - 0 = 8.
     */
    @Test
    void aBlockingCallHoldingTwoReceivesWaitsOnce() {
        WaitReport r = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p1, RECV, 0, 10, () -> {
                call(p0, SEND, 5, 6, () -> p0.send(5, 1, 0, 7, 100));
                call(p0, SEND, 8, 9, () -> p0.send(8, 1, 0, 7, 100));
                p1.receive(9, 0, 0, 7, 100);
                p1.receive(10, 0, 0, 7, 100);
            });
        });
        assertEquals(2, r.matchedMessages());
        assertEquals(8.0, r.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(8.0, r.total(1));
    }

    /**
     * Rank 0: MPI_Ssend [10, 25] (event 10). Rank 1 enters MPI_Recv at 20 (event 24, leave 26):
     * late receiver 20 - 10 = 10, capped by nothing (the send ran 15). An extra send with tag 8 is
     * never received: one unmatched send on {0, 1}.
     */
    @Test
    void lateReceiverAndUnmatchedSend() {
        WaitReport r = WaitAnalysis.analyse(definitions(), true, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p0, SSEND, 10, 25, () -> {
                p0.send(10, 1, 0, 7, 1);
                call(p1, RECV, 20, 26, () -> p1.receive(24, 0, 0, 7, 1));
            });
            call(p0, SEND, 30, 31, () -> p0.send(30, 1, 0, 8, 1));
        });
        assertEquals(10.0, r.seconds(WaitPattern.LATE_RECEIVER, 0));
        assertEquals(0.0, r.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(1, r.unmatched().size());
        assertEquals(new WaitReport.Unmatched(0, 1, 1, 0), r.unmatched().get(0));
        assertTrue(r.notes().get(0).startsWith("1 sent message has no matching receive event"), r.notes().toString());
    }

    /**
     * Rank 1's clock is 100 ticks behind. Message 0 -> 1: sent at 10, received at 12 - 100 = -88
     * (a conflict). Barrier: rank 0 in [20, 40], rank 1 in [38 - 100, 41 - 100] (it arrived last,
     * at true 38). Constraints: o1 >= o0 + 10 - (-88) = o0 + 98 (message); o1 >= o0 + 20 - (-59)
     * = o0 + 79 and o0 >= o1 + (-62) - 40 = o1 - 102 (barrier). Minimal: o0 = 0, o1 = 98. Then
     * the barrier: rank 1 enters at -62 + 98 = 36, rank 0 waits 36 - 20 = 16 (capped by 20).
     * Without correction: rank 1 "enters" at -62, so rank 1 waits for rank 0: 20 - (-62) = 82,
     * capped by its call's 3.
     */
    @Test
    void offsetsFromMessagesAndCollectives() {
        WaitAnalysis.Replay<RuntimeException> events = sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p1, RECV, -90, -87, () -> {
                call(p0, SEND, 9, 11, () -> p0.send(10, 1, 0, 7, 1));
                p1.receive(-88, 0, 0, 7, 1);
            });
            call(p1, BARRIER, -62, -59, () -> {
                call(p0, BARRIER, 20, 40, () -> p0.collective(39, CollectiveKind.BARRIER, 0, -1, 0, 0));
                p1.collective(-60, CollectiveKind.BARRIER, 0, -1, 0, 0);
            });
        };
        WaitReport corrected = WaitAnalysis.analyse(definitions(), true, events);
        assertEquals(0.0, corrected.offset(0));
        assertEquals(98.0, corrected.offset(1));
        assertEquals(1, corrected.conflictsBefore());
        assertEquals(0, corrected.conflictsAfter());
        assertTrue(corrected.settled());
        assertEquals(16.0, corrected.seconds(WaitPattern.BARRIER, 0));
        assertEquals(0.0, corrected.seconds(WaitPattern.BARRIER, 1));
        assertEquals(1, corrected.collectives());

        WaitReport raw = WaitAnalysis.analyse(definitions(), false, events);
        assertEquals(1, raw.conflictsBefore());
        assertEquals(1, raw.conflictsAfter());
        assertEquals(0.0, raw.seconds(WaitPattern.BARRIER, 0));
        assertEquals(3.0, raw.seconds(WaitPattern.BARRIER, 1));
    }

    /**
     * Late broadcast: root 0 enters MPI_Bcast at 50, rank 1 at 10 (leaves 52): 40. Two messages
     * 0 -> 1 that no offset can both satisfy: early one sent 0 received 1 (o1 >= o0 - 1), late one
     * sent 100 received 90... and 1 -> 0 sent 60 received 55: o0 >= o1 + 5, with 0 -> 1 sent 100
     * received 90: o1 >= o0 + 10: a cycle of gain 15 > 0, so the offsets do not settle: drift.
     */
    @Test
    void lateBroadcastAndDrift() {
        WaitReport r = WaitAnalysis.analyse(definitions(), true, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p1, BCAST, 10, 52, () -> {
                call(p0, BCAST, 50, 51, () -> p0.collective(50, CollectiveKind.ONE_TO_ALL, 0, 0, 8, 0));
                p1.collective(51, CollectiveKind.ONE_TO_ALL, 0, 0, 0, 8);
            });
            p1.send(60, 0, 0, 1, 1);
            p0.receive(55, 1, 0, 1, 1);
            p0.send(100, 1, 0, 2, 1);
            p1.receive(90, 0, 0, 2, 1);
        });
        assertFalse(r.settled());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("clock drift")));
        assertEquals(2, r.conflictsBefore());
        assertTrue(r.conflictsAfter() >= 1);
        WaitReport raw = WaitAnalysis.analyse(definitions(), false, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p1, BCAST, 10, 52, () -> {
                call(p0, BCAST, 50, 51, () -> p0.collective(50, CollectiveKind.ONE_TO_ALL, 0, 0, 8, 0));
                p1.collective(51, CollectiveKind.ONE_TO_ALL, 0, 0, 0, 8);
            });
        });
        assertEquals(40.0, raw.seconds(WaitPattern.LATE_BROADCAST, 1));
        assertEquals(40.0, raw.pairWait(1, 0));
    }

    /** A positive cycle never settles; an offset-only system settles at its longest paths. */
    @Test
    void bellmanFordSettlesOrReportsDrift() {
        ClockOffsets settled = ClockOffsets.solve(3, new int[] {0, 1, 2}, new int[] {1, 2, 0}, new long[] {5, 7, -20}, 3);
        assertTrue(settled.settled());
        assertEquals(0, settled.of(0));
        assertEquals(5, settled.of(1));
        assertEquals(12, settled.of(2));
        // the longest path 0 -> 1 -> 2 listed backwards: one edge a round, round 3 = n confirms it
        ClockOffsets slowest = ClockOffsets.solve(3, new int[] {1, 0}, new int[] {2, 1}, new long[] {7, 5}, 2);
        assertTrue(slowest.settled());
        assertEquals(3, slowest.rounds());
        assertEquals(12, slowest.of(2));
        // a cycle of +1 (o1 >= o0 + 5, o0 >= o1 - 4): n = 2 rounds, relaxed in order, then the offsets
        // of the last one are kept: round 1 o1 = 5, o0 = 1; round 2 o1 = 6, o0 = 2
        ClockOffsets drift = ClockOffsets.solve(2, new int[] {0, 1}, new int[] {1, 0}, new long[] {5, -4}, 2);
        assertFalse(drift.settled());
        assertEquals(2, drift.rounds());
        assertEquals(2, drift.of(0));
        assertEquals(6, drift.of(1));
    }

    /** Three processes on one communicator, regions as {@link #definitions()}. */
    private static MatchRecords threeProcesses() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        for (int p = 0; p < 3; p++) {
            b.addProcess("p" + p, null);
        }
        for (String name : new String[] {"MPI_Send", "MPI_Recv"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1, 2});
        MatchRecords records = new MatchRecords(b.ticksPerSecond(1).build(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1), p2 = records.location(2, 2);
        call(p0, SEND, 10, 12, () -> p0.send(11, 1, 0, 7, 1));
        call(p1, RECV, 5, 14, () -> p1.receive(13, 0, 0, 7, 1));
        call(p1, SEND, 20, 30, () -> p1.send(21, 0, 0, 7, 1));
        call(p0, RECV, 18, 24, () -> p0.receive(23, 1, 0, 7, 1));
        call(p0, SEND, 40, 41, () -> p0.send(40, 2, 0, 7, 1));
        call(p2, RECV, 35, 39, () -> p2.receive(38, 0, 0, 7, 1)); // corrected: [37, 41], the send [40, 41]
        call(p2, SEND, 50, 52, () -> p2.send(51, 0, 0, 7, 1));
        call(p0, RECV, 45, 60, () -> p0.receive(55, 2, 0, 7, 1));
        return records;
    }

    /**
     * p2 receives p0's message at 38, before it was sent (40): p2's clock gets offset 2 (the
     * quickest transfer both ways between p0 and p2 cancels out; p0 and p1 trade messages both
     * ways: offsets 0). The second join then leaves out the pairs between p0 and p1 and takes their
     * waits from the first join (on raw clocks, the same since only o_r - o_s matters); a further
     * listener makes it join every pair again. Both ways give the same report. Late senders: p1
     * 10 - 5 = 5 (from p0); p0 20 - 18 = 2 (from p1) and, corrected, 52 - 45 = 7 (from p2); p2,
     * corrected, 40 - 37 = 3 (from p0). Pairs: {0, 1} 5 + 2 = 7, {0, 2} 7 + 3 = 10.
     */
    @Test
    void pairsWithEqualOffsetsTakenFromTheFirstJoinMatchJoiningThemAgain() {
        WaitReport skipping = WaitAnalysis.analyse(threeProcesses(), true, 1);
        MatchListener ignore = new MatchListener() {
            @Override
            public void message(MatchedMessage message) {
            }

            @Override
            public void collective(CollectiveInstance instance) {
            }
        };
        MatchTap tap = new MatchTap() {
            @Override
            public MatchListener forThread() {
                return ignore;
            }

            @Override
            public void joined() {
            }
        };
        WaitReport joiningAll = WaitAnalysis.analyse(threeProcesses(), true, 1, o -> tap);
        assertEquals(skipping.offset(0), skipping.offset(1));
        assertTrue(skipping.offset(2) != skipping.offset(0), "p2's clock is corrected");
        for (WaitPattern pattern : WaitPattern.values()) {
            for (int p = 0; p < 3; p++) {
                assertEquals(joiningAll.seconds(pattern, p), skipping.seconds(pattern, p), pattern + " at " + p);
            }
        }
        for (int a = 0; a < 3; a++) {
            for (int b = a + 1; b < 3; b++) {
                assertEquals(joiningAll.pairWait(a, b), skipping.pairWait(a, b), "pair " + a + ", " + b);
            }
        }
        assertEquals(List.of(0.0, 0.0, 2.0), List.of(skipping.offset(0), skipping.offset(1), skipping.offset(2)));
        assertEquals(9.0, skipping.seconds(WaitPattern.LATE_SENDER, 0));
        assertEquals(5.0, skipping.seconds(WaitPattern.LATE_SENDER, 1));
        assertEquals(3.0, skipping.seconds(WaitPattern.LATE_SENDER, 2));
        assertEquals(7.0, skipping.pairWait(0, 1));
        assertEquals(10.0, skipping.pairWait(0, 2));
        assertEquals(joiningAll.conflictsAfter(), skipping.conflictsAfter());
        assertEquals(joiningAll.matchedMessages(), skipping.matchedMessages());
    }

    /** p0 and p1 of {@link #threeProcesses()} alone: their transfers both ways take 2 ticks, so both offsets stay 0. */
    private static MatchRecords twoProcesses() {
        MatchRecords records = new MatchRecords(definitions(), new MemoryRecordBlocks());
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, SEND, 10, 12, () -> p0.send(11, 1, 0, 7, 1));
        call(p1, RECV, 5, 14, () -> p1.receive(13, 0, 0, 7, 1));
        call(p1, SEND, 20, 30, () -> p1.send(21, 0, 0, 7, 1));
        call(p0, RECV, 18, 24, () -> p0.receive(23, 1, 0, 7, 1));
        return records;
    }

    /**
     * A tap of the messages only ({@code EventTaps.tapsMessagesOnly}) sees every message once, from a tap made at the
     * final offsets, and the report is the one without a tap. Two processes trading messages both ways keep offsets
     * 0, 0 (no collective: the guess is 0, 0 too): the tap is fed in the messages' join, one tap made. In
     * {@link #threeProcesses()} the messages move p2's offset to 2 (see above): the tap made at the guess (0, 0, 0) is
     * dropped and one made at (0, 0, 2) is fed in a join of its own. Messages as (sender, receiver, send enter,
     * receive enter) on raw clocks, from the events written.
     */
    @Test
    void aTapOfTheMessagesOnlyIsFedOnceAtTheFinalOffsets() {
        List<String> two = List.of("0>1 10 5", "1>0 20 18");
        List<String> three = List.of("0>1 10 5", "0>2 40 35", "1>0 20 18", "2>0 50 45");
        for (boolean both : new boolean[] {true, false}) {
            List<long[]> made = new java.util.ArrayList<>();
            List<List<String>> seen = new java.util.ArrayList<>();
            int[] joined = new int[1];
            java.util.function.Function<long[], MatchTap> taps = o -> {
                made.add(o.clone());
                List<String> mine = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
                seen.add(mine);
                return new MatchTap() {
                    @Override
                    public MatchListener forThread() {
                        return new MatchListener() {
                            @Override
                            public void message(MatchedMessage m) {
                                mine.add(m.sender() + ">" + m.receiver() + " " + m.sendEnter() + " " + m.receiveEnter());
                            }

                            @Override
                            public void collective(CollectiveInstance instance) {
                            }
                        };
                    }

                    @Override
                    public void joined() {
                        joined[0]++;
                    }
                };
            };
            WaitReport tapped = WaitAnalysis.analyse(both ? twoProcesses() : threeProcesses(), true, 1, taps, true);
            WaitReport plain = WaitAnalysis.analyse(both ? twoProcesses() : threeProcesses(), true, 1);
            assertEquals(both ? 1 : 2, made.size(), "taps made");
            assertEquals(both ? List.of(0L, 0L) : List.of(0L, 0L, 2L),
                    java.util.Arrays.stream(made.get(made.size() - 1)).boxed().toList(), "the last tap's offsets");
            List<String> last = new java.util.ArrayList<>(seen.get(seen.size() - 1));
            java.util.Collections.sort(last);
            assertEquals(both ? two : three, last, "messages the last tap saw");
            assertEquals(1, joined[0], "joins told");
            for (int p = 0; p < (both ? 2 : 3); p++) {
                assertEquals(plain.offset(p), tapped.offset(p));
                for (WaitPattern pattern : WaitPattern.values()) {
                    assertEquals(plain.seconds(pattern, p), tapped.seconds(pattern, p), pattern + " at " + p);
                }
            }
            assertEquals(plain.matchedMessages(), tapped.matchedMessages());
            assertEquals(plain.conflictsAfter(), tapped.conflictsAfter());
        }
    }

    /**
     * Where no message shows a transfer, the members of the barriers leaving together choose the offsets (definitions
     * section 8), and the guess the messages are joined at is already those offsets, so a tap of the messages is made
     * once, fed in that join (with the smallest offsets as the guess, it was made twice: the pair joined again). Four
     * barriers of {@link LeavesTogetherTest} (raw clocks; the rules allow o0 - o1 in [156, 190], the leaves differ by
     * 193, 190, 190, 190: median 190), then a message p0 -> p1 sent at 300 (MPI_Send [300, 301]) and received in an
     * MPI_Recv [600, 610] entered after it, so not waiting on either clock (corrected, sent at 490).
     */
    @Test
    void barriersLeavingTogetherChooseTheGuessSoTheMessagesAreJoinedOnce() {
        long[][] p0Barriers = {{0, 5}, {86, 86}, {162, 162}, {237, 237}};
        long[][] p1Barriers = {{0, 198}, {241, 276}, {318, 352}, {392, 427}};
        java.util.function.Supplier<MatchRecords> records = () -> {
            MatchRecords r = new MatchRecords(definitions(), new MemoryRecordBlocks());
            LocationEvents p0 = r.location(0, 0), p1 = r.location(1, 1);
            for (int i = 0; i < p0Barriers.length; i++) {
                long[] a = p0Barriers[i], b = p1Barriers[i];
                call(p0, BARRIER, a[0], a[1], () -> p0.collective(a[0], CollectiveKind.BARRIER, 0, -1, 0, 0));
                call(p1, BARRIER, b[0], b[1], () -> p1.collective(b[0], CollectiveKind.BARRIER, 0, -1, 0, 0));
            }
            call(p0, SEND, 300, 301, () -> p0.send(300, 1, 0, 7, 8));
            call(p1, RECV, 600, 610, () -> p1.receive(605, 0, 0, 7, 8));
            return r;
        };
        List<long[]> made = new java.util.ArrayList<>();
        List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.function.Function<long[], MatchTap> taps = o -> {
            made.add(o.clone());
            return new MatchTap() {
                @Override
                public MatchListener forThread() {
                    return new MatchListener() {
                        @Override
                        public void message(MatchedMessage m) {
                            seen.add(m.sender() + ">" + m.receiver() + " " + m.sendEnter() + " " + m.receiveEnter());
                        }

                        @Override
                        public void collective(CollectiveInstance instance) {
                        }
                    };
                }

                @Override
                public void joined() {
                }
            };
        };
        WaitReport tapped = WaitAnalysis.analyse(records.get(), true, 1, taps, true);
        WaitReport plain = WaitAnalysis.analyse(records.get(), true, 1);
        assertEquals(List.of(190.0, 0.0), List.of(plain.offset(0), plain.offset(1)));
        assertEquals(1, made.size(), "taps made");
        assertEquals(List.of(190L, 0L), java.util.Arrays.stream(made.get(0)).boxed().toList(), "the tap's offsets");
        assertEquals(List.of("0>1 300 600"), seen);
        for (int p = 0; p < 2; p++) {
            assertEquals(plain.offset(p), tapped.offset(p));
            for (WaitPattern pattern : WaitPattern.values()) {
                assertEquals(plain.seconds(pattern, p), tapped.seconds(pattern, p), pattern + " at " + p);
            }
        }
        assertEquals(0, plain.conflictsAfter());
    }

    /**
     * {@link #threeProcesses()}: the messages move p2's offset, so the tap fed at the guess is dropped and a tap at the
     * offsets is fed in a join of its own; the dropped tap's listener (which holds its times) is no longer reachable
     * when the second tap is made (it was held by the first join's listeners until the analysis returned).
     */
    @Test
    void aTapDroppedAtTheGuessIsReleasedBeforeTheSecondJoin() {
        List<java.lang.ref.WeakReference<MatchListener>> listeners = new java.util.ArrayList<>();
        List<Boolean> releasedWhenSecondMade = new java.util.ArrayList<>();
        java.util.function.Function<long[], MatchTap> taps = o -> {
            if (!listeners.isEmpty()) {
                for (int i = 0; i < 5 && listeners.get(0).get() != null; i++) {
                    System.gc();
                }
                releasedWhenSecondMade.add(listeners.get(0).get() == null);
            }
            return new MatchTap() {
                @Override
                public MatchListener forThread() {
                    MatchListener l = new MatchListener() {
                        private final long[] held = new long[1 << 16];

                        @Override
                        public void message(MatchedMessage m) {
                            held[0]++;
                        }

                        @Override
                        public void collective(CollectiveInstance instance) {
                        }
                    };
                    listeners.add(new java.lang.ref.WeakReference<>(l));
                    return l;
                }

                @Override
                public void joined() {
                }
            };
        };
        WaitAnalysis.analyse(threeProcesses(), true, 1, taps, true);
        assertEquals(List.of(true), releasedWhenSecondMade, "the first tap's listener gone when the second tap is made");
    }
    /** A store that counts the blocks read back (each join reads the blocks of the streams it joins). */
    private static final class CountingBlocks implements org.igtrace.core.util.RecordBlocks {
        private final MemoryRecordBlocks blocks = new MemoryRecordBlocks();
        final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger puts = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public int put(byte[] block, int length) {
            puts.incrementAndGet();
            return blocks.put(block, length);
        }

        @Override
        public int length(int handle) {
            return blocks.length(handle);
        }

        @Override
        public byte[] get(int handle, byte[] buffer) {
            reads.incrementAndGet();
            return blocks.get(handle, buffer);
        }

        @Override
        public long memoryBytes() {
            return blocks.memoryBytes();
        }

        @Override
        public long spilledBytes() {
            return 0;
        }

        @Override
        public void close() {
            blocks.close();
        }
    }

    /**
     * Two processes whose barrier decides the offsets: p0 in MPI_Barrier [20, 40], p1 [-62, -59]; each leaves after
     * the other entered on corrected clocks: -59 + o1 >= 20 + o0 and 40 + o0 >= -62 + o1, so o1 - o0 in [79, 102].
     * The messages do not narrow that, and no receive waits (entered before its message was sent) on either clock, so
     * no message shows a transfer and the members leaving together choose o1 - o0 = 40 - (-59) = 99 (definitions
     * section 8): p1 sends at 60 (MPI_Send [59, 61]), p0 receives at 200 (MPI_Recv [190, 201]): o1 - o0 <= 140; p0
     * sends at 100 (MPI_Send [99, 101]), p1 receives at 112 (MPI_Recv [110, 113]): o1 - o0 >= -12.
     */
    private static MatchRecords barrierDecides(org.igtrace.core.util.RecordBlocks store) {
        MatchRecords records = new MatchRecords(definitions(), store);
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, BARRIER, 20, 40, () -> p0.collective(39, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p0, SEND, 99, 101, () -> p0.send(100, 1, 0, 7, 1));
        call(p0, RECV, 190, 201, () -> p0.receive(200, 1, 0, 7, 1));
        call(p1, BARRIER, -62, -59, () -> p1.collective(-60, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p1, SEND, 59, 61, () -> p1.send(60, 0, 0, 7, 1));
        call(p1, RECV, 110, 113, () -> p1.receive(112, 0, 0, 7, 1));
        return records;
    }

    /**
     * A tap of every match (a timeline's: messages, collectives, call waits; a `why`'s wait log, which keeps them in
     * the store) where the collectives decide the offsets ({@link #barrierDecides}) is fed in the join the analysis
     * makes anyway: the analysis reads back as many blocks as without the tap (before, a first join of everything and a
     * second for the tap read the messages twice), one tap is made, at the final offsets, and sees each message and the
     * barrier once; the report is the one without a tap.
     */
    @Test
    void aTapOfEveryMatchCostsNoJoinOfItsOwnWhenTheCollectivesDecideTheOffsets() {
        CountingBlocks plainStore = new CountingBlocks();
        WaitReport plain = WaitAnalysis.analyse(barrierDecides(plainStore), true, 1);
        int plainReads = plainStore.reads.get();

        List<long[]> made = new java.util.ArrayList<>();
        List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        int[] joined = new int[1];
        java.util.function.Function<long[], MatchTap> taps = o -> {
            made.add(o.clone());
            return new MatchTap() {
                @Override
                public MatchListener forThread() {
                    return new MatchListener() {
                        @Override
                        public void message(MatchedMessage m) {
                            seen.add(m.sender() + ">" + m.receiver() + " " + m.sendEnter() + " " + m.receiveEnter());
                        }

                        @Override
                        public void collective(CollectiveInstance instance) {
                            seen.add("barrier of " + instance.size());
                        }
                    };
                }

                @Override
                public void joined() {
                    joined[0]++;
                }
            };
        };
        CountingBlocks tappedStore = new CountingBlocks();
        WaitReport tapped = WaitAnalysis.analyse(barrierDecides(tappedStore), true, 1, taps, false);
        int tappedReads = tappedStore.reads.get();

        assertEquals(99.0, plain.offset(1) - plain.offset(0), "o1 - o0");
        assertEquals(plainReads, tappedReads, "blocks read back with the tap and without");
        assertEquals(1, made.size(), "taps made");
        assertEquals(List.of((long) plain.offset(0), (long) plain.offset(1)), java.util.Arrays.stream(made.get(0)).boxed().toList());
        List<String> sorted = new java.util.ArrayList<>(seen);
        java.util.Collections.sort(sorted);
        assertEquals(List.of("0>1 99 110", "1>0 59 190", "barrier of 2"), sorted, "what the tap saw");
        assertEquals(1, joined[0], "joins told");
        for (int p = 0; p < 2; p++) {
            assertEquals(plain.offset(p), tapped.offset(p));
            for (WaitPattern pattern : WaitPattern.values()) {
                assertEquals(plain.seconds(pattern, p), tapped.seconds(pattern, p), pattern + " at " + p);
            }
        }
        assertEquals(plain.pairWait(0, 1), tapped.pairWait(0, 1));
        assertEquals(plain.matchedMessages(), tapped.matchedMessages());
        assertEquals(plain.collectives(), tapped.collectives());
        assertEquals(plain.conflictsAfter(), tapped.conflictsAfter());
    }

    /**
     * Two processes whose clocks agree: p0 in MPI_Barrier [20, 40], p1 [22, 41] (each leaves after the other entered);
     * p0 sends at 100 (MPI_Send [99, 101]), p1 receives at 105 (MPI_Recv [95, 106]); p1 sends at 120 (MPI_Send
     * [119, 121]), p0 receives at 125 (MPI_Recv [110, 126]): every constraint holds at zero offsets.
     */
    private static MatchRecords clocksAgree(org.igtrace.core.util.RecordBlocks store) {
        MatchRecords records = new MatchRecords(definitions(), store);
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, BARRIER, 20, 40, () -> p0.collective(39, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p0, SEND, 99, 101, () -> p0.send(100, 1, 0, 7, 1));
        call(p0, RECV, 110, 126, () -> p0.receive(125, 1, 0, 7, 1));
        call(p1, BARRIER, 22, 41, () -> p1.collective(40, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p1, RECV, 95, 106, () -> p1.receive(105, 0, 0, 7, 1));
        call(p1, SEND, 119, 121, () -> p1.send(120, 0, 0, 7, 1));
        return records;
    }

    /**
     * Where the clocks agree ({@link #clocksAgree}: the guess and the offsets zero, most traces of one machine), a tap
     * of every match, keeping its matches in the store or not, is fed in the messages' join, which then holds the
     * collectives again: one tap, at zero offsets, seeing each message and the barrier once, and the messages read back
     * once (before, a join of everything of the tap's own read them twice: twice the blocks of one join of everything,
     * which the analysis without correction makes); the report is the one without a tap.
     */
    @Test
    void aTapOfEveryMatchCostsNoJoinOfTheMessagesWhenTheClocksAgree() {
        CountingBlocks oneJoinStore = new CountingBlocks();
        WaitAnalysis.analyse(clocksAgree(oneJoinStore), false, 1);
        int oneJoinReads = oneJoinStore.reads.get();
        CountingBlocks plainStore = new CountingBlocks();
        WaitReport plain = WaitAnalysis.analyse(clocksAgree(plainStore), true, 1);
        List<long[]> made = new java.util.ArrayList<>();
        List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.function.Function<long[], MatchTap> taps = o -> {
            made.add(o.clone());
            return new MatchTap() {
                @Override
                public MatchListener forThread() {
                    return new MatchListener() {
                        @Override
                        public void message(MatchedMessage m) {
                            seen.add(m.sender() + ">" + m.receiver() + " " + m.sendEnter() + " " + m.receiveEnter());
                        }

                        @Override
                        public void collective(CollectiveInstance instance) {
                            seen.add("barrier of " + instance.size());
                        }
                    };
                }

                @Override
                public void joined() {
                }
            };
        };
        CountingBlocks tappedStore = new CountingBlocks();
        WaitReport tapped = WaitAnalysis.analyse(clocksAgree(tappedStore), true, 1, taps, false);

        assertEquals(0, plain.offset(0));
        assertEquals(0, plain.offset(1));
        assertEquals(1, made.size(), "taps made");
        assertEquals(List.of(0L, 0L), java.util.Arrays.stream(made.get(0)).boxed().toList());
        List<String> sorted = new java.util.ArrayList<>(seen);
        java.util.Collections.sort(sorted);
        assertEquals(List.of("0>1 99 95", "1>0 119 110", "barrier of 2"), sorted, "what the tap saw");
        assertTrue(tappedStore.reads.get() < 2 * oneJoinReads,
                "blocks read back with the tap " + tappedStore.reads.get() + ", one join of everything " + oneJoinReads);
        for (int p = 0; p < 2; p++) {
            for (WaitPattern pattern : WaitPattern.values()) {
                assertEquals(plain.seconds(pattern, p), tapped.seconds(pattern, p), pattern + " at " + p);
            }
        }
        assertEquals(plain.matchedMessages(), tapped.matchedMessages());
        assertEquals(plain.collectives(), tapped.collectives());
        assertEquals(plain.conflictsAfter(), tapped.conflictsAfter());
    }

    /** As {@link #barrierDecides}, but the message 0 -> 1 is received (raw) before the barrier's offsets could place it. */
    private static MatchRecords messageMovesTheGuess(org.igtrace.core.util.RecordBlocks store) {
        MatchRecords records = new MatchRecords(definitions(), store);
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, BARRIER, 20, 40, () -> p0.collective(39, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p0, SEND, 99, 101, () -> p0.send(100, 1, 0, 7, 1));
        call(p0, RECV, 390, 401, () -> p0.receive(400, 1, 0, 7, 1));
        call(p1, BARRIER, -62, -59, () -> p1.collective(-60, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p1, RECV, -30, -27, () -> p1.receive(-28, 0, 0, 7, 1));
        call(p1, SEND, 59, 61, () -> p1.send(60, 0, 0, 7, 1));
        return records;
    }

    /**
     * Where the messages move the offsets from the collectives' guess, a tap of every match (a timeline's, or a `why`'s
     * wait log, which keeps what it is fed in the store: the dropped tap's part stays there unread) is fed at the guess,
     * dropped, and made again at the final offsets: two taps, the last at the offsets; the report is the one without a
     * tap.
     */
    @Test
    void aTapFedAtTheGuessIsMadeAgainAtTheOffsetsTheMessagesMoved() {
        WaitReport plain = WaitAnalysis.analyse(messageMovesTheGuess(new CountingBlocks()), true, 1);
        List<long[]> made = new java.util.ArrayList<>();
        java.util.function.Function<long[], MatchTap> taps = o -> {
            made.add(o.clone());
            return new MatchTap() {
                @Override
                public MatchListener forThread() {
                    return new MatchListener() {
                        @Override
                        public void message(MatchedMessage m) {
                        }

                        @Override
                        public void collective(CollectiveInstance instance) {
                        }
                    };
                }

                @Override
                public void joined() {
                }
            };
        };
        WaitReport tapped = WaitAnalysis.analyse(messageMovesTheGuess(new CountingBlocks()), true, 1, taps, false);
        assertEquals(2, made.size(), "taps made");
        assertFalse(java.util.Arrays.equals(made.get(0), made.get(1)), "the first tap at the guess, the second at the offsets");
        assertEquals(List.of((long) plain.offset(0), (long) plain.offset(1)), java.util.Arrays.stream(made.get(1)).boxed().toList());
        for (int p = 0; p < 2; p++) {
            assertEquals(plain.offset(p), tapped.offset(p));
            for (WaitPattern pattern : WaitPattern.values()) {
                assertEquals(plain.seconds(pattern, p), tapped.seconds(pattern, p), pattern + " at " + p);
            }
        }
    }

    /**
     * A barrier that zero offsets keep (p0 in MPI_Barrier [20, 140], p1 [22, 141]: o1 - o0 in [-121, 118]), so the
     * guess is zero, and a message the messages' constraints then move it for: p0 sends at 200 (MPI_Send [199, 201]),
     * p1 receives at 152 (MPI_Recv [150, 153]): o1 - o0 >= 48; p1 sends at 160 (MPI_Send [159, 161]), p0 receives at
     * 400 (MPI_Recv [390, 401]): o1 - o0 <= 240.
     */
    private static MatchRecords zeroGuessMoved(org.igtrace.core.util.RecordBlocks store) {
        MatchRecords records = new MatchRecords(definitions(), store);
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p0, BARRIER, 20, 140, () -> p0.collective(139, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p0, SEND, 199, 201, () -> p0.send(200, 1, 0, 7, 1));
        call(p0, RECV, 390, 401, () -> p0.receive(400, 1, 0, 7, 1));
        call(p1, BARRIER, 22, 141, () -> p1.collective(140, CollectiveKind.BARRIER, 0, -1, 0, 0));
        call(p1, RECV, 150, 153, () -> p1.receive(152, 0, 0, 7, 1));
        call(p1, SEND, 159, 161, () -> p1.send(160, 0, 0, 7, 1));
        return records;
    }

    /**
     * Where the guess is zero and the messages move the offsets ({@link #zeroGuessMoved}), a tap of every match fed in the
     * messages' join (which then holds the barrier at zero offsets too) is dropped at the first message in clock conflict
     * there (0 -> 1: it sees at most the other message, not both) and one made at the offsets, which sees both and the
 * barrier: the
     * report, on one thread and on two, is the one without a tap in everything (offsets, waits, pairs, counts,
     * conflicts, notes): nothing of the barrier joined again at zero is counted twice.
     */
    @Test
    void aTapOfEveryMatchAtAZeroGuessTheMessagesMoveLeavesTheReportAsWithoutIt() {
        WaitReport plain = WaitAnalysis.analyse(zeroGuessMoved(new CountingBlocks()), true, 1);
        assertTrue(plain.offset(1) - plain.offset(0) >= 48 && plain.offset(1) - plain.offset(0) <= 118, "o1 - o0 " + plain.offset(1));
        for (int threads = 1; threads <= 2; threads++) {
            List<long[]> made = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            java.util.concurrent.atomic.AtomicInteger barriers = new java.util.concurrent.atomic.AtomicInteger();
            List<java.util.concurrent.atomic.AtomicInteger> messagesSeen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            java.util.function.Function<long[], MatchTap> taps = o -> {
                made.add(o.clone());
                java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
                messagesSeen.add(seen);
                return new MatchTap() {
                    @Override
                    public MatchListener forThread() {
                        return new MatchListener() {
                            @Override
                            public void message(MatchedMessage m) {
                                seen.incrementAndGet();
                            }

                            @Override
                            public void collective(CollectiveInstance instance) {
                                barriers.incrementAndGet();
                            }
                        };
                    }

                    @Override
                    public void joined() {
                    }
                };
            };
            WaitReport tapped = WaitAnalysis.analyse(zeroGuessMoved(new CountingBlocks()), true, threads, taps, false);
            assertEquals(2, made.size(), "taps made on " + threads + " threads");
            assertEquals(List.of(0L, 0L), java.util.Arrays.stream(made.get(0)).boxed().toList(), "the first at the zero guess");
            // the barrier fed to the tap at the offsets; the pairs are joined first, so on one thread the tap at the guess
            // is dropped before the barrier (on two, the other thread may reach it before the conflict is seen)
            assertTrue(barriers.get() >= 1 && barriers.get() <= threads, "the barrier fed to the taps " + barriers.get() + " times");
            assertTrue(messagesSeen.get(0).get() <= 1, "messages fed to the tap at the guess: " + messagesSeen.get(0).get());
            assertEquals(2, messagesSeen.get(1).get(), "messages fed to the tap at the offsets");
            assertEquals(plain.settled(), tapped.settled());
            assertEquals(java.util.Arrays.toString(plain.offsetTicks()), java.util.Arrays.toString(tapped.offsetTicks()));
            assertEquals(java.util.Arrays.deepToString(plain.waitTicks()), java.util.Arrays.deepToString(tapped.waitTicks()));
            assertEquals(plain.pairs(), tapped.pairs());
            assertEquals(plain.unmatched(), tapped.unmatched());
            assertEquals(plain.matchedMessages(), tapped.matchedMessages());
            assertEquals(plain.collectives(), tapped.collectives());
            assertEquals(plain.collectivesIncomplete(), tapped.collectivesIncomplete());
            assertEquals(plain.conflictsBefore(), tapped.conflictsBefore());
            assertEquals(plain.conflictsAfter(), tapped.conflictsAfter());
            assertEquals(plain.notes(), tapped.notes());
        }
    }

    /**
     * p1 posts two receives (MPI_Irecv [1, 2] and [3, 4]) and completes both in MPI_Waitall [17, 30] (events at 28 and
     * 29); p0 sends them in MPI_Send [20, 21] (event 20, tag 7) and MPI_Send [22, 23] (event 22, tag 8). The Waitall
     * waits once, for the later send: min(30, max(20, 22)) - 17 = 5 s late sender on p1 (1 tick per second); p0's sends
     * find their receives posted (1 and 3, before 20 and 22): no late receiver.
     */
    private static MatchRecords waitallOfTwo(org.igtrace.core.util.RecordBlocks store) {
        MatchRecords records = new MatchRecords(definitions(), store);
        LocationEvents p0 = records.location(0, 0), p1 = records.location(1, 1);
        call(p1, IRECV, 1, 2, () -> { });
        call(p1, IRECV, 3, 4, () -> { });
        call(p1, WAITALL, 17, 30, () -> {
            p1.receive(28, 0, 0, 7, 100);
            p1.receive(29, 0, 0, 8, 100);
        });
        call(p0, SEND, 20, 21, () -> p0.send(20, 1, 0, 7, 100));
        call(p0, SEND, 22, 23, () -> p0.send(22, 1, 0, 8, 100));
        return records;
    }

    /**
     * Without the call waits (predict, which reads of the report the offsets, the counts and the notes) the
     * MPI_Waitall of {@link #waitallOfTwo} is neither spilled by the join nor charged after it: nothing more is put in the
     * store after the records, its 5 s are not in the waits, and the offsets, the matched messages and the notes are
     * those with them (raw and corrected clocks). Before {@code analyse} took {@code callWaits}, the waits were always
     * measured.
     */
    @Test
    void withoutCallWaitsTheCombinedWaitsAreNotMeasuredAndTheRestIsUnchanged() {
        for (boolean correct : new boolean[] {false, true}) {
            CountingBlocks measuredStore = new CountingBlocks();
            MatchRecords measuredRecords = waitallOfTwo(measuredStore);
            measuredRecords.finish();
            int before = measuredStore.puts.get();
            WaitReport measured = WaitAnalysis.analyse(measuredRecords, correct, 1, null, false, true);
            assertTrue(measuredStore.puts.get() > before, "the call's messages spilled, correct " + correct);
            assertEquals(5.0, measured.seconds(WaitPattern.LATE_SENDER, 1), "correct " + correct);

            CountingBlocks unmeasuredStore = new CountingBlocks();
            MatchRecords unmeasuredRecords = waitallOfTwo(unmeasuredStore);
            unmeasuredRecords.finish();
            before = unmeasuredStore.puts.get();
            WaitReport unmeasured = WaitAnalysis.analyse(unmeasuredRecords, correct, 1, null, false, false);
            assertEquals(before, unmeasuredStore.puts.get(), "nothing spilled, correct " + correct);
            assertEquals(0.0, unmeasured.seconds(WaitPattern.LATE_SENDER, 1), "correct " + correct);
            assertEquals(0.0, unmeasured.seconds(WaitPattern.LATE_RECEIVER, 0), "correct " + correct);
            assertEquals(2, measured.matchedMessages());
            assertEquals(measured.matchedMessages(), unmeasured.matchedMessages());
            assertEquals(measured.offset(0), unmeasured.offset(0));
            assertEquals(measured.offset(1), unmeasured.offset(1));
            assertEquals(measured.settled(), unmeasured.settled());
            assertEquals(measured.notes(), unmeasured.notes());
        }
    }
    /**
     * Waits inside MPI_Init and MPI_Finalize are not waiting (they are not in T_i or Tcomm_i, definitions section 8);
     * their calls' enters stay for the partner's wait. Rank 0: MPI_Init [0, 60] holding MPI_Barrier [0, 30] (arrival 29)
     * and MPI_Ssend [35, 50] (tag 7, event 35); then MPI_Send [70, 72] (tag 8, event 70). Rank 1: MPI_Init [0, 31]
     * holding MPI_Barrier [25, 31] (arrival 30); MPI_Recv [33, 55] (tag 7, event 54); MPI_Finalize [60, 100] holding
     * MPI_Recv [60, 90] (tag 8, event 89). Counted before: rank 0 waits 25 at the barrier, rank 1 10 as late sender
     * inside MPI_Finalize (70 - 60). Now both are 0; rank 1's receive outside waits 35 - 33 = 2 for the send inside
     * MPI_Init; rank 0's MPI_Send [70, 72] is no late receiver, its receive posted at 60 (its MPI_Recv's enter, not its
     * event at 89, which would give min(89 - 70, 2) = 2).
     */
    @Test
    void nothingInsideTheEnvironmentCallsIsWaiting() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Waitall", "MPI_Barrier", "MPI_Ssend", "MPI_Bcast",
                "MPI_Init", "MPI_Finalize"}) {
            b.addRegion(name, true);
        }
        b.addCommunicator(new int[] {0, 1});
        TraceDefinitions d = b.ticksPerSecond(1).build();
        int init = 8, finalize = 9;
        WaitReport r = WaitAnalysis.analyse(d, true, sink -> {
            LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
            call(p0, init, 0, 60, () -> {
                call(p0, BARRIER, 0, 30, () -> p0.collective(29, CollectiveKind.BARRIER, 0, -1, 0, 0));
                call(p0, SSEND, 35, 50, () -> p0.send(35, 1, 0, 7, 8));
            });
            call(p0, SEND, 70, 72, () -> p0.send(70, 1, 0, 8, 8));
            call(p1, init, 0, 31, () -> call(p1, BARRIER, 25, 31, () -> p1.collective(30, CollectiveKind.BARRIER, 0, -1, 0, 0)));
            call(p1, RECV, 33, 55, () -> p1.receive(54, 0, 0, 7, 8));
            call(p1, finalize, 60, 100, () -> call(p1, RECV, 60, 90, () -> p1.receive(89, 0, 0, 8, 8)));
        });
        assertEquals(2, r.matchedMessages());
        assertEquals(1, r.collectives());
        assertEquals(0, r.conflictsBefore());
        assertEquals(0.0, r.total(0), "no wait inside MPI_Init (25 at its barrier before)");
        assertEquals(2.0, r.seconds(WaitPattern.LATE_SENDER, 1), "only the receive outside the environment calls waits");
        assertEquals(2.0, r.total(1));
        assertEquals(0.0, r.offset(0));
        assertEquals(0.0, r.offset(1));
    }
}
