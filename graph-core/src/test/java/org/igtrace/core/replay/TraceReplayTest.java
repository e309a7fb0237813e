package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;
import org.igtrace.core.trace.CollectiveKind;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/** The replay of definitions section 9 on hand-written runs; expected numbers are worked out in the comments. */
class TraceReplayTest {
    private static final int INIT = 0, FINALIZE = 1, SEND = 2, RECV = 3, ISEND = 4, IRECV = 5, WAITALL = 6, BARRIER = 7,
            ALLREDUCE = 8, ALLTOALL = 9, WORK = 10;
    private static final double MS = 1e-3;

    /** n processes on one communicator (0) with every rank; 1000 ticks per second, so a tick is 1 ms. */
    private static TraceDefinitions definitions(int n) {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        int[] all = new int[n];
        for (int p = 0; p < n; p++) {
            b.addProcess("p" + p, null);
            all[p] = p;
        }
        for (String name : new String[] {"MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv",
                "MPI_Waitall", "MPI_Barrier", "MPI_Allreduce", "MPI_Alltoall"}) {
            b.addRegion(name, true);
        }
        b.addRegion("work", false);
        b.addCommunicator(all);
        return b.ticksPerSecond(1000).build();
    }

    /** Records each process's events (written by {@code body} per rank) and returns the replay. */
    private static TraceReplay record(int n, Consumer<LocationEvents[]> body) {
        ActivityRecorder recorder = new ActivityRecorder(definitions(n));
        LocationEvents[] l = new LocationEvents[n];
        for (int p = 0; p < n; p++) {
            l[p] = recorder.location(p, p);
        }
        body.accept(l);
        return new TraceReplay(recorder.recorded(), null);
    }

    private static void call(LocationEvents l, int region, long enter, long leave, Runnable inside) {
        l.enter(enter, region);
        inside.run();
        l.leave(leave, region);
    }

    private static void call(LocationEvents l, int region, long enter, long leave) {
        call(l, region, enter, leave, () -> { });
    }

    /**
     * Ping-pong of 3 rounds of 1000 bytes after 10 ms of compute on both ranks (MPI_Init [0, 1],
     * work [1, 11]); calls follow each other with no gap, MPI_Finalize right after the last one.
     * With L = 1 ms, B = 10^6 B/s: transfer = 1 + 1 = 2 ms; eager (1000 < 64 KiB). Rank 0's
     * sends leave at their enter; each round costs 2 transfers: T' = 10 + 2 * 3 * 2 = 22 ms.
     * Rank 1's last send leaves at 10 + 2 + 2 * 4 = 20 ms, then Finalize.
     */
    @Test
    void pingPongIsComputePlusTwoTransfersPerRound() {
        TraceReplay replay = record(2, l -> {
            for (int p = 0; p < 2; p++) {
                call(l[p], INIT, 0, 1);
                call(l[p], WORK, 1, 11);
            }
            long t = 11;
            for (int round = 0; round < 3; round++) {
                long at = t;
                call(l[0], SEND, at, at + 1, () -> l[0].send(at, 1, 0, 5, 1000));
                call(l[1], RECV, at, at + 3, () -> l[1].receive(at + 2, 0, 0, 5, 1000));
                call(l[1], SEND, at + 3, at + 4, () -> l[1].send(at + 3, 0, 0, 5, 1000));
                call(l[0], RECV, at + 1, at + 6, () -> l[0].receive(at + 5, 1, 0, 5, 1000));
                t = at + 6;
            }
            call(l[0], FINALIZE, t, t + 1);
            call(l[1], FINALIZE, t - 2, t + 1);
        });
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e6, ReplayParameters.DEFAULT_EAGER_LIMIT, 1));
        double transfer = MS + 1000 / 1e6;
        assertEquals(10 * MS + 2 * 3 * transfer, p.predictedRuntime(), 1e-12);
        assertEquals(10 * MS + 2 * 3 * transfer, p.processes().get(0).end(), 1e-12);
        assertEquals(10 * MS + 5 * transfer, p.processes().get(1).end(), 1e-12);
        assertEquals(10 * MS, p.processes().get(0).compute(), 1e-12);
        // measured: MPI_Init left at 1 on both, rank 0 entered MPI_Finalize at 29: T = 28 ms
        assertEquals(28 * MS, p.measuredRuntime(), 1e-12);
        // rank 0 waits in each receive until rank 1 posts its send, one transfer later: 3 transfers
        assertEquals(3 * transfer, p.processes().get(0).waiting(), 1e-12);
    }

    /**
     * Rank 0 sends 102400 bytes (>= the 64 KiB eager limit) at 0 after MPI_Init [0, 0]; rank 1
     * computes 50 ms and then receives. L = 1 ms, B = 10^8: transfer = 1 + 1.024 ms. Rendezvous:
     * A = max(0, 50) + transfer, both leave at 52.024 ms; rank 0 waited 50 ms for the post.
     * With an eager limit of 1 MiB, rank 0 leaves at 0 and rank 1 at max(50, 0 + transfer) = 50.
     */
    @Test
    void rendezvousWaitsForTheReceiveToBePosted() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 0, 60, () -> l[0].send(0, 1, 0, 1, 102400));
            call(l[0], FINALIZE, 60, 61);
            call(l[1], WORK, 0, 50);
            call(l[1], RECV, 50, 60, () -> l[1].receive(59, 0, 0, 1, 102400));
            call(l[1], FINALIZE, 60, 61);
        });
        double transfer = MS + 102400 / 1e8;
        Prediction rendezvous = replay.predict(ReplayParameters.flat(MS, 1e8, 65536, 1));
        assertEquals(50 * MS + transfer, rendezvous.processes().get(0).end(), 1e-12);
        assertEquals(50 * MS + transfer, rendezvous.processes().get(1).end(), 1e-12);
        assertEquals(50 * MS, rendezvous.processes().get(0).waiting(), 1e-12);
        Prediction eager = replay.predict(ReplayParameters.flat(MS, 1e8, 1 << 20, 1));
        assertEquals(0.0, eager.processes().get(0).end(), 1e-12);
        assertEquals(50 * MS, eager.processes().get(1).end(), 1e-12);
    }

    /**
     * The ideal network's replay is made once and shared by {@code T_ideal} (here on its own thread)
     * and a prediction on the ideal parameters (what a calibration finding no visible transfer
     * gives): it answers as a replay of its own would, that of parameters not equal to the ideal
     * ones but meaning the same network (a hop latency without a topology adds nothing). The run
     * is that of {@link #rendezvousWaitsForTheReceiveToBePosted}: with L = 0, B = inf the
     * rendezvous message leaves when rank 1 posts at 50 ms and takes no time, so both end at 50 ms
     * and rank 0 waited 50 ms.
     */
    @Test
    void idealReplayIsSharedAndAnswersAsAReplayOfItsOwn() {
        Consumer<LocationEvents[]> run = l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 0, 60, () -> l[0].send(0, 1, 0, 1, 102400));
            call(l[0], FINALIZE, 60, 61);
            call(l[1], WORK, 0, 50);
            call(l[1], RECV, 50, 60, () -> l[1].receive(59, 0, 0, 1, 102400));
            call(l[1], FINALIZE, 60, 61);
        };
        TraceReplay replay = record(2, run);
        org.igtrace.core.util.Background<Double> ideal = replay.idealRuntimeInBackground();
        Prediction shared = replay.predict(ReplayParameters.ideal());
        assertSame(shared, replay.predict(ReplayParameters.ideal()), "replayed once");
        assertEquals(shared.predictedRuntime(), ideal.joined());
        assertEquals(shared.predictedRuntime(), replay.idealRuntime());
        assertEquals(50 * MS, shared.predictedRuntime(), 1e-12);
        assertEquals(50 * MS, shared.processes().get(0).waiting(), 1e-12);
        ReplayParameters same = new ReplayParameters(0, Double.POSITIVE_INFINITY, ReplayParameters.DEFAULT_EAGER_LIMIT, 1, MS, null,
                0, Double.POSITIVE_INFINITY);
        assertNotEquals(ReplayParameters.ideal(), same);
        Prediction own = record(2, run).predict(same);
        assertEquals(own.measuredRuntime(), shared.measuredRuntime());
        assertEquals(own.predictedRuntime(), shared.predictedRuntime());
        assertEquals(own.processes(), shared.processes());
        assertEquals(own.notes(), shared.notes());
    }

    /**
     * A model and the ideal network replayed in one pass ({@code predictBesideIdeal}) give what
     * their own replays give. Rendezvous run of {@link #rendezvousWaitsForTheReceiveToBePosted}:
     * the model ends at 50 ms + (1 ms + 102400 / 1e8 s), the ideal network at 50 ms; and the cycle
     * of {@link #cycleOfRendezvousSendsIsBrokenAndNoted}, where both models let rank 0 (entered
     * first, at 0 ms) through: 1 ms + transfer.
     */
    @Test
    void modelAndIdealNetworkInOnePassAnswerAsTheirOwnReplays() {
        Consumer<LocationEvents[]> late = l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 0, 60, () -> l[0].send(0, 1, 0, 1, 102400));
            call(l[0], FINALIZE, 60, 61);
            call(l[1], WORK, 0, 50);
            call(l[1], RECV, 50, 60, () -> l[1].receive(59, 0, 0, 1, 102400));
            call(l[1], FINALIZE, 60, 61);
        };
        Consumer<LocationEvents[]> cycle = l -> {
            for (int p = 0; p < 2; p++) {
                LocationEvents e = l[p];
                int other = 1 - p;
                long at = p;
                call(e, INIT, 0, 0);
                call(e, SEND, at, 5, () -> e.send(at, other, 0, 0, 102400));
                call(e, RECV, 5, 10, () -> e.receive(9, other, 0, 0, 102400));
                call(e, FINALIZE, 10, 11);
            }
        };
        double transfer = MS + 102400 / 1e8;
        ReplayParameters model = ReplayParameters.flat(MS, 1e8, 65536, 1);
        double[][] expected = {{50 * MS + transfer, 50 * MS}, {1 * MS + transfer, -1}};
        List<Consumer<LocationEvents[]>> runs = List.of(late, cycle);
        for (int r = 0; r < runs.size(); r++) {
            TraceReplay joint = record(2, runs.get(r));
            Prediction both = joint.predictBesideIdeal(model);
            Prediction own = record(2, runs.get(r)).predict(model);
            Prediction ownIdeal = record(2, runs.get(r)).predict(ReplayParameters.ideal());
            assertEquals(own.processes(), both.processes());
            assertEquals(own.notes(), both.notes());
            assertEquals(expected[r][0], both.processes().get(0).end(), 1e-12);
            assertEquals(0, joint.idealReplayNanos(), "the ideal replay was made in the same pass, not again");
            assertEquals(ownIdeal.predictedRuntime(), joint.idealRuntime());
            assertEquals(ownIdeal.processes(), joint.predict(ReplayParameters.ideal()).processes());
            if (expected[r][1] >= 0) {
                assertEquals(expected[r][1], joint.idealRuntime(), 1e-12);
            }
        }
    }

    /**
     * Compute only: rank 0 MPI_Init [0, 1], work [1, 101], MPI_Finalize at 101; rank 1 MPI_Init
     * [0, 2], work [2, 52], MPI_Finalize at 52. T = 101 - 1 = 100 ms. With r = 2: rank 0 ends at
     * 100 / 2 = 50, rank 1 at (2 - 1) + 50 / 2 = 26: T' = 50 = T / 2 exactly; r = 4: 25.
     */
    @Test
    void computeOnlyScalesByTheCpuRatio() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 1);
            call(l[0], WORK, 1, 101);
            call(l[0], FINALIZE, 101, 102);
            call(l[1], INIT, 0, 2);
            call(l[1], WORK, 2, 52);
            call(l[1], FINALIZE, 52, 53);
        });
        for (double r : new double[] {1, 2, 4, 0.5}) {
            Prediction p = replay.predict(ReplayParameters.flat(MS, 1e9, 65536, r));
            assertEquals(p.measuredRuntime() / r, p.predictedRuntime(), 1e-15, "r = " + r);
        }
        assertEquals(0.1, replay.predict(ReplayParameters.ideal()).measuredRuntime(), 1e-15);
        assertEquals(26 * MS, replay.predict(ReplayParameters.flat(0, 1, 65536, 2)).processes().get(1).end(), 1e-15);
    }

    /**
     * Non-blocking: rank 0 MPI_Isend [10, 11] (event at 10) of 100 bytes, MPI_Waitall [11, 12];
     * rank 1 MPI_Irecv [0, 1] (no event, as EZTrace writes it), MPI_Waitall [1, 20] holding the
     * receive. L = 2 ms, B infinite: A = 10 + 2 = 12; rank 1's Waitall leaves at 12, waited 10 - 1 = 9.
     * The Irecv keeps its measured 1 ms; rank 0's Isend, a posting call, keeps its measured 1 ms (it
     * left at its enter, 10, before issue 34), its Waitall (no event) its measured 1 ms: rank 0 ends at 12.
     */
    @Test
    void receiveCompletedInWaitall() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], WORK, 0, 10);
            call(l[0], ISEND, 10, 11, () -> l[0].send(10, 1, 0, 3, 100));
            call(l[0], WAITALL, 11, 12);
            call(l[0], FINALIZE, 12, 13);
            call(l[1], IRECV, 0, 1);
            call(l[1], WAITALL, 1, 20, () -> l[1].receive(19, 0, 0, 3, 100));
            call(l[1], FINALIZE, 20, 21);
        });
        Prediction p = replay.predict(ReplayParameters.flat(2 * MS, Double.POSITIVE_INFINITY, 65536, 1));
        assertEquals(12 * MS, p.processes().get(1).end(), 1e-12);
        assertEquals(9 * MS, p.processes().get(1).waiting(), 1e-12);
        assertEquals(12 * MS, p.processes().get(0).end(), 1e-12);
        assertEquals(1, replay.matchedMessages());
    }

    /**
     * Request ids (OTF2 MpiIrecvRequest, MpiIsendComplete): rank 1 posts MPI_Irecv [0, 1] (request 3),
     * computes until 20 and waits in MPI_Waitall [20, 30]; rank 0 computes 10, MPI_Isend [10, 11] of
     * 102400 bytes (rendezvous), MPI_Waitall [11, 30] completing request 7. L = 1 ms, B = 10^8:
     * transfer 2.024 ms. The receive was posted at 0 (the Irecv), so A = max(10, 0) + 2.024 = 12.024:
     * rank 0's Isend, a posting call, leaves after its measured 1 ms, at 11, its Waitall (entered at 11) at
     * 12.024; rank 1's Irecv leaves after its measured 1 ms (issue 34; at its enter before), its Waitall
     * entered at 1 + 19 = 20 leaves at once. Without the post event the receive would count as posted at
     * its Waitall (20) and A would be 22.024.
     */
    @Test
    void nonBlockingRequestsPostAndComplete() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 3));
            call(l[1], WORK, 1, 20);
            call(l[0], WORK, 0, 10);
            call(l[0], ISEND, 10, 11, () -> l[0].isend(10, 1, 0, 4, 102400, 7));
            call(l[0], WAITALL, 11, 30, () -> l[0].isendComplete(29, 7));
            call(l[1], WAITALL, 20, 30, () -> l[1].irecv(29, 0, 0, 4, 102400, 3));
            call(l[0], FINALIZE, 30, 31);
            call(l[1], FINALIZE, 30, 31);
        });
        double transfer = MS + 102400 / 1e8;
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e8, 65536, 1));
        assertEquals(10 * MS + transfer, p.processes().get(0).end(), 1e-12);
        assertEquals(0.0, p.processes().get(0).waiting(), 1e-12, "the receive was posted long before");
        assertEquals(20 * MS, p.processes().get(1).end(), 1e-12);
        assertEquals(1, replay.matchedMessages());
    }

    /**
     * The case above with 300,000 MPI_Barrier calls without events (zero length, at 1 ms) between rank
     * 1's MPI_Irecv and its MPI_Waitall: 4 bytes of recorded stream each (head, region, enter
     * delta 0, duration 0), 1.2 MB, more than the 1 MB a request may stay open. The post is given
     * up and noted: the receive counts as posted at its Waitall, entered at 1 + 19 = 20 ms (the Irecv keeps
     * its 1 ms, the fillers take no time), so A = max(10, 20) + 2.024 = 22.024 ms, where rank 0's Waitall leaves.
     */
    @Test
    void aRequestOpenTooLongIsGivenUpAndNoted() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 3));
            for (int i = 0; i < 300_000; i++) {
                call(l[1], BARRIER, 1, 1);
            }
            call(l[1], WORK, 1, 20);
            call(l[0], WORK, 0, 10);
            call(l[0], ISEND, 10, 11, () -> l[0].isend(10, 1, 0, 4, 102400, 7));
            call(l[0], WAITALL, 11, 30, () -> l[0].isendComplete(29, 7));
            call(l[1], WAITALL, 20, 30, () -> l[1].irecv(29, 0, 0, 4, 102400, 3));
            call(l[0], FINALIZE, 30, 31);
            call(l[1], FINALIZE, 30, 31);
        });
        double transfer = MS + 102400 / 1e8;
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e8, 65536, 1));
        assertEquals(20 * MS + transfer, p.processes().get(0).end(), 1e-12);
        assertEquals(20 * MS + transfer, p.processes().get(1).end(), 1e-12);
        assertTrue(p.notes().stream().anyMatch(n -> n.startsWith("1 non-blocking requests were still open")), p.notes().toString());
    }

    /**
     * A send before MPI_Init (a call of no length at 0) is outside rank 0's replay window, which
     * starts when MPI_Init leaves (2): the receive matches the send inside it, MPI_Send [3, 4], the
     * first of the window on that key. L = 1 ms, B infinite, eager. Both start at 2 (times below
     * from there): rank 0 enters the send at 1 and leaves at once, computes 4 -> 10 and ends at 7;
     * rank 1's receive, entered at 0, ends when the message arrives at 1 + 1 = 2, then 6 -> 10: 6.
     */
    @Test
    void eventsBeforeTheWindowDoNotTakePartInTheMatching() {
        TraceReplay replay = record(2, l -> {
            l[0].send(0, 1, 0, 1, 8);
            call(l[0], INIT, 1, 2);
            call(l[0], SEND, 3, 4, () -> l[0].send(3, 1, 0, 1, 8));
            call(l[0], FINALIZE, 10, 11);
            call(l[1], INIT, 0, 2);
            call(l[1], RECV, 2, 6, () -> l[1].receive(5, 0, 0, 1, 8));
            call(l[1], FINALIZE, 10, 11);
        });
        Prediction p = replay.predict(ReplayParameters.flat(MS, Double.POSITIVE_INFINITY, 65536, 1));
        assertEquals(7 * MS, p.processes().get(0).end(), 1e-12);
        assertEquals(6 * MS, p.processes().get(1).end(), 1e-12);
        assertEquals(1, replay.matchedMessages());
        assertEquals(List.of(), p.notes());
    }

    /**
     * Collectives on 4 ranks (l = ceil(log2 4) = 2), entering at 0, 1, 2, 3 ms after MPI_Init [0, 0]:
     * barrier: start 3, cost l L = 2 ms, all leave at 5. Allreduce right after with 800 bytes from
     * rank 2 (others 8): cost 2 l (L + 800 / B) = 4 (1 + 0.8) ms = 7.2 ms: all leave at 12.2.
     * Alltoall of 300 bytes each: (P - 1)(L + 300 / 3 / B) = 3 (1 + 0.1) = 3.3 ms: 15.5.
     */
    @Test
    void collectivesCostTheirFormula() {
        TraceReplay replay = record(4, l -> {
            for (int p = 0; p < 4; p++) {
                LocationEvents e = l[p];
                call(e, INIT, 0, 0);
                call(e, WORK, 0, p);
                call(e, BARRIER, p, 10, () -> e.collective(9, CollectiveKind.BARRIER, 0, -1, 0, 0));
                long bytes = p == 2 ? 800 : 8;
                call(e, ALLREDUCE, 10, 20, () -> e.collective(19, CollectiveKind.ALL_TO_ALL, 0, -1, bytes, bytes));
                call(e, ALLTOALL, 20, 30, () -> e.collective(29, CollectiveKind.EXCHANGE, 0, -1, 300, 300));
                call(e, FINALIZE, 30, 31);
            }
        });
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e6, 65536, 1));
        for (Prediction.ProcessPrediction row : p.processes()) {
            assertEquals(3 * MS + 2 * MS + 4 * (MS + 800 / 1e6) + 3 * (MS + 100 / 1e6), row.end(), 1e-12, "rank " + row.rank());
        }
        assertEquals(3 * MS, p.processes().get(0).waiting(), 1e-12, "rank 0 waited 3 ms for rank 3 at the barrier");
    }

    /**
     * The release spread of the run's last collective (FinalRelease): 3 ranks leave MPI_Init at 1 ms, enter their last
     * MPI_Allreduce at 10, 11, 12 ms (latest 12) and leave it at 13, 14, 19 (d = 1, 2, 7 ms after the latest enter),
     * MPI_Finalize 1 ms later. Lags beyond the median member (2 ms): 0, 0, 5 ms. On L = 0, B = inf (the instance costs
     * 0) every member is released at 12, plus its lag: 12, 12, 17, ends 13, 13, 18, that is 12, 12, 17 ms after the
     * origin (1 ms): T' = 17 ms (without the lags 12 ms; measured 19 ms). When rank 2 makes one more MPI call after it (an unmatched send), the instance is not
     * every member's last call: no lag.
     */
    @Test
    void theLastCollectiveKeepsItsMeasuredReleaseSpread() {
        for (boolean after : new boolean[] {false, true}) {
            TraceReplay replay = record(3, l -> {
                long[] leave = {13, 14, 19};
                for (int p = 0; p < 3; p++) {
                    LocationEvents e = l[p];
                    long left = leave[p];
                    call(e, INIT, 0, 1);
                    call(e, ALLREDUCE, 10 + p, left, () -> e.collective(left, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
                    if (after && p == 2) {
                        call(e, SEND, 19, 19, () -> e.send(19, 0, 0, 7, 8));
                    }
                    call(e, FINALIZE, leave[p] + 1, leave[p] + 2);
                }
            });
            FinalRelease last = replay.fitFinalRelease();
            Prediction p = replay.predict(ReplayParameters.flat(0, Double.POSITIVE_INFINITY, 65536, 1).withFinalRelease(last));
            if (after) {
                assertEquals(0, last.processes());
                assertEquals(-1, last.rank());
                assertEquals(12 * MS, p.predictedRuntime(), 1e-12);
            } else {
                assertEquals(3, last.processes());
                assertEquals(2, last.rank());
                assertEquals(5 * MS, last.largest(), 1e-12);
                assertEquals(17 * MS, p.predictedRuntime(), 1e-12);
                assertEquals(17 * MS, p.processes().get(2).end(), 1e-12, "released at 17, finalising 1 ms later, 1 ms after the origin");
                assertEquals(12 * MS, p.processes().get(0).end(), 1e-12);
                assertEquals(12 * MS, replay.predict(ReplayParameters.flat(0, Double.POSITIVE_INFINITY, 65536, 1)).predictedRuntime(), 1e-12);
            }
        }
    }

    /**
     * A calibration that finds no transfer time (every receive entered after its send: the bench stencil) fits
     * L = 0, B = inf, and its collectives L_f = 0, B_f = inf: a model that costs every message and instance as the
     * ideal network, though not equal to it. Its prediction is the ideal replay's numbers under its own parameters,
     * made in one pass: the calibration's, shared with T_ideal (issue 38: the stencil's model was replayed again,
     * a second pass of 3-4 s at 10^8 events).
     */
    @Test
    void aModelCostingAsTheIdealNetworkSharesItsReplay() {
        TraceReplay replay = record(4, l -> {
            for (int p = 0; p < 4; p++) {
                LocationEvents e = l[p];
                int partner = p ^ 1;
                long at = p;
                call(e, INIT, 0, 0);
                call(e, WORK, 0, 2 + at);
                call(e, SEND, 2 + at, 3 + at, () -> e.send(2 + at, partner, 0, 0, 800));
                call(e, RECV, 10, 11, () -> e.receive(11, partner, 0, 0, 800)); // entered after the send: not timed
                call(e, ALLREDUCE, 12, 13 + at, () -> e.collective(13, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
                call(e, FINALIZE, 20, 21);
            }
        });
        NetworkCalibration.Fit fit = replay.calibrateInIdealReplay(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null);
        assertEquals(0, fit.messages(), fit.how());
        double[] none = new double[CollectiveFamily.values().length];
        double[] inf = none.clone();
        java.util.Arrays.fill(inf, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(none, Double.NaN);
        none[0] = 0; // one family fitted to 0, the others not fitted
        ReplayParameters model = ReplayParameters.flat(fit.latency(), fit.bandwidth(), ReplayParameters.DEFAULT_EAGER_LIMIT, 1)
                .withCollectives(new ReplayParameters.CollectiveNetwork(none, inf));
        assertTrue(model.costsAsIdeal());
        assertFalse(model.withLatency(1e-9).costsAsIdeal());
        double[] finite = inf.clone();
        finite[0] = 1e9;
        assertFalse(model.withCollectives(new ReplayParameters.CollectiveNetwork(none, finite)).costsAsIdeal());
        Prediction p = replay.predict(model);
        assertEquals(1, replay.passes.get(), "one pass: the calibration's ideal replay serves the model");
        Prediction ideal = replay.predict(ReplayParameters.ideal());
        assertEquals(ideal.processes(), p.processes());
        assertEquals(ideal.predictedRuntime(), p.predictedRuntime(), 0);
        assertEquals(model, p.parameters());
        assertEquals(1, replay.passes.get());
        // the model replayed in a pass of its own (a what-if without scaling takes one) gives those numbers
        assertEquals(p.processes(), replay.predict(model, (ComputeScaling) null).processes());
    }

    /**
     * Both ranks MPI_Send 100 KiB to each other, then MPI_Recv: the real run buffered the
     * messages; under rendezvous each send waits for a receive never posted, a cycle. The replay
     * lets the earliest through (eager) and says so; everything ends.
     */
    @Test
    void cycleOfRendezvousSendsIsBrokenAndNoted() {
        TraceReplay replay = record(2, l -> {
            for (int p = 0; p < 2; p++) {
                LocationEvents e = l[p];
                int other = 1 - p;
                long at = p;
                call(e, INIT, 0, 0);
                call(e, SEND, at, 5, () -> e.send(at, other, 0, 0, 102400));
                call(e, RECV, 5, 10, () -> e.receive(9, other, 0, 0, 102400));
                call(e, FINALIZE, 10, 11);
            }
        });
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e8, 65536, 1));
        assertTrue(p.notes().stream().anyMatch(n -> n.contains("cycle")), p.notes().toString());
        // rank 0 (entered first, at 0) goes eagerly: its send is posted at 0; rank 1's send (at 1) then
        // finds rank 0's receive posted at 0: A = 1 + transfer; rank 0's receive leaves then.
        double transfer = MS + 102400 / 1e8;
        assertEquals(1 * MS + transfer, p.processes().get(0).end(), 1e-12);
        // rank 0's message went eagerly, so it travels from its post at 0 and arrives at transfer =
        // 2.024 ms, before rank 1 enters its receive (at 1 + transfer): that receive leaves at once. Taken
        // as rendezvous it would have started only then and ended at 1 + 2 * transfer.
        assertEquals(1 * MS + transfer, p.processes().get(1).end(), 1e-12);
        assertEquals(0.0, p.processes().get(1).waiting(), 1e-12, "rank 0's receive was posted before rank 1's send: no waiting");
    }

    /**
     * L = 0, B = inf never predicts more than the measured run: a late sender (rank 1 waits 30 ms),
     * a barrier where rank 0 waits, messages both ways; corrected clocks hold causality.
     */
    @Test
    void idealNetworkNeverPredictsMoreThanMeasured() {
        TraceReplay replay = record(3, l -> {
            for (int p = 0; p < 3; p++) {
                call(l[p], INIT, 0, 0);
            }
            call(l[0], WORK, 0, 40);
            call(l[0], SEND, 40, 42, () -> l[0].send(40, 1, 0, 0, 70000));
            call(l[1], RECV, 10, 45, () -> l[1].receive(44, 0, 0, 0, 70000));
            call(l[2], WORK, 0, 20);
            call(l[2], SEND, 20, 21, () -> l[2].send(20, 0, 0, 0, 10));
            call(l[0], RECV, 42, 43, () -> l[0].receive(42, 2, 0, 0, 10));
            long[] barrierEnter = {43, 45, 21};
            for (int p = 0; p < 3; p++) {
                LocationEvents e = l[p];
                call(e, BARRIER, barrierEnter[p], 50, () -> e.collective(49, CollectiveKind.BARRIER, 0, -1, 0, 0));
                call(e, WORK, 50, 60 + p);
                call(e, FINALIZE, 60 + p, 70);
            }
        });
        Prediction ideal = replay.predict(ReplayParameters.ideal());
        assertTrue(ideal.predictedRuntime() <= ideal.measuredRuntime(), ideal.predictedRuntime() + " > " + ideal.measuredRuntime());
        // rank 0 sends (rendezvous, rank 1 posted at 10) at 40 and receives rank 2's message (sent at
        // 20) at once; rank 1's receive ends at 40; the barrier ends at the latest enter, 40; then
        // rank 2 works 12 ms: 52 ms
        assertEquals(52 * MS, ideal.predictedRuntime(), 1e-12);
        assertEquals(62 * MS, ideal.measuredRuntime(), 1e-12);
    }

    /** An unmatched receive keeps its call's measured duration (7 ms); an unmatched send completes at its post. */
    @Test
    void unmatchedEndsKeepWhatWasMeasured() {
        TraceReplay replay = record(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 0, 4, () -> l[0].send(1, 1, 0, 9, 10));
            call(l[0], FINALIZE, 4, 5);
            call(l[1], RECV, 0, 7, () -> l[1].receive(6, 0, 0, 8, 10));
            call(l[1], FINALIZE, 7, 8);
        });
        Prediction p = replay.predict(ReplayParameters.ideal());
        assertEquals(0.0, p.processes().get(0).end(), 1e-12);
        assertEquals(7 * MS, p.processes().get(1).end(), 1e-12);
        assertTrue(p.notes().stream().anyMatch(n -> n.startsWith("1 send without a receive completes at its post")), p.notes().toString());
        // with a send overhead o = 2 ms the unmatched send, entered at 0, leaves at o as a matched eager send does
        // (it left at its post, 0 s: a region of such sends was predicted 0 s, speed-up inf)
        Prediction withO = replay.predict(ReplayParameters.ideal().withSendOverhead(2 * MS));
        assertEquals(2 * MS, withO.processes().get(0).end(), 1e-12);
        assertEquals(2 * MS, withO.processes().get(0).mpi(), 1e-12);
    }

    /**
     * Hop latency over a ring of 8 nodes, ranks in order: rank 0 sends 1000 bytes to rank 4 (4 hops
     * either way), then to rank 1 (1 hop). L = 1 ms, H = 0.5 ms, B = 10^6: transfers 1 + 2 + 1 = 4 ms
     * and 1 + 0.5 + 1 = 2.5 ms; both receivers entered at 0. Placed on one node (rank 1 on node 0),
     * rank 1 uses L_local = 0.1 ms, B_local = 10^7: 0.1 + 0.1 = 0.2 ms.
     */
    @Test
    void hopsAddTheirLatencyAndOneNodeUsesTheLocalNetwork() {
        TraceReplay replay = record(8, l -> {
            for (int p = 0; p < 8; p++) {
                call(l[p], INIT, 0, 0);
            }
            call(l[0], SEND, 0, 1, () -> l[0].send(0, 4, 0, 0, 1000));
            call(l[0], SEND, 1, 2, () -> l[0].send(1, 1, 0, 0, 1000));
            call(l[4], RECV, 0, 9, () -> l[4].receive(8, 0, 0, 0, 1000));
            call(l[1], RECV, 0, 9, () -> l[1].receive(8, 0, 0, 0, 1000));
            call(l[0], FINALIZE, 2, 3);
            call(l[4], FINALIZE, 9, 10);
            call(l[1], FINALIZE, 9, 10);
            for (int p : new int[] {2, 3, 5, 6, 7}) {
                call(l[p], FINALIZE, 0, 1);
            }
        });
        org.igtrace.core.topology.Ring ring = new org.igtrace.core.topology.Ring(8);
        ReplayParameters.Network inOrder = new ReplayParameters.Network(ring, org.igtrace.core.topology.Placement.rankOrder(8));
        Prediction p = replay.predict(new ReplayParameters(MS, 1e6, 65536, 1, 0.5 * MS, inOrder, 0.1 * MS, 1e7));
        assertEquals(4 * MS, p.processes().get(4).end(), 1e-12);
        assertEquals(2.5 * MS, p.processes().get(1).end(), 1e-12);
        ReplayParameters.Network shared = new ReplayParameters.Network(ring,
                org.igtrace.core.topology.Placement.of(new int[] {0, 0, 2, 3, 4, 5, 6, 7}, "test"));
        Prediction local = replay.predict(new ReplayParameters(MS, 1e6, 65536, 1, 0.5 * MS, shared, 0.1 * MS, 1e7));
        assertEquals(0.2 * MS, local.processes().get(1).end(), 1e-12);
    }

    /**
     * What the recorder keeps: calls inside MPI_Init are not recorded, the replay starts at the
     * leave of MPI_Init (5) and ends at the enter of MPI_Finalize (40); a send outside any MPI call
     * becomes a call of no duration; nested MPI calls count once (the outermost). Encoded size
     * (LocationActivities' format): the receive, head + key 0 + size 8 = 3 bytes, then the Waitall,
     * head + region 6 + 1 + enter 10 - 0 (zigzag 20) + duration 10 = 4; the bare send on the same
     * key and size, head + key = 2, and its call, head + region 0 + 25 - 20 (zigzag 10) + 0 = 4: 13.
     */
    @Test
    void recorderKeepsOutermostCallsBetweenInitAndFinalize() {
        ActivityRecorder recorder = new ActivityRecorder(definitions(2));
        LocationEvents l = recorder.location(0, 0);
        l.enter(0, INIT);
        call(l, BARRIER, 1, 2, () -> l.collective(1, CollectiveKind.BARRIER, 0, -1, 0, 0));
        l.leave(5, INIT);
        call(l, WAITALL, 10, 20, () -> call(l, RECV, 11, 19, () -> l.receive(18, 1, 0, 0, 8)));
        l.send(25, 1, 0, 0, 8);
        call(l, FINALIZE, 40, 41);
        LocationActivities a = recorder.recorded().process(0);
        assertEquals(5, a.start());
        assertEquals(40, a.endTicks());
        assertEquals(2, a.callCount(), "the Waitall (with the Recv inside) and the bare send");
        assertEquals(2, a.eventCount());
        ActivityCursor c = a.cursor();
        assertTrue(c.next());
        assertEquals(WAITALL, c.region);
        assertEquals(1, c.events);
        assertTrue(c.next());
        assertEquals(25, c.enter);
        assertEquals(25, c.leave);
        assertEquals(-1, c.region);
        assertEquals(8, c.bytes[0]);
        assertTrue(!c.next());
        assertEquals(13, a.bytes());
    }

    /** Everything a recorded location holds for the replay, call by call (nothing for a location the recorder did not keep). */
    private static List<Long> recorded(LocationActivities a) {
        if (a == null) {
            return List.of();
        }
        List<Long> all = new java.util.ArrayList<>(List.of(a.start(), a.endTicks(), a.callCount(), a.eventCount(), a.bytes()));
        ActivityCursor c = a.cursor();
        while (c.next()) {
            all.addAll(List.of(c.enter, c.leave, (long) c.region, (long) c.events));
            for (int k = 0; k < c.events; k++) {
                all.addAll(List.of((long) c.type[k], (long) c.key[k], c.bytes[k], c.sequence[k]));
            }
        }
        return all;
    }

    /**
     * Random event runs (MPI_Init and MPI_Finalize, blocking sends and receives also inside a
     * Waitall or in a region that is not an MPI call, non-blocking ones, collectives, partners -1)
     * fed as single events to one recorder and with every Enter/end/Leave run as one call to
     * another: the same calls, events, sizes, start and end, and the same number of bytes.
     */
    @Test
    void oneCallOrThreeEventsRecordTheSame() {
        java.util.Random random = new java.util.Random(20261124);
        for (int round = 0; round < 1000; round++) {
            ActivityRecorder split = new ActivityRecorder(definitions(2));
            ActivityRecorder joined = new ActivityRecorder(definitions(2));
            for (int p = 0; p < 2; p++) {
                LocationEvents a = split.location(p, p);
                LocationEvents b = joined.location(p, p);
                long t = 0;
                java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
                long request = 0;
                for (int e = random.nextInt(40); e > 0; e--) {
                    int what = random.nextInt(9);
                    int partner = random.nextInt(12) == 0 ? -1 : 1 - p;
                    int tag = random.nextInt(2);
                    long bytes = random.nextInt(3) * 8;
                    boolean send = random.nextBoolean();
                    int region = random.nextInt(8) == 0 ? WORK : random.nextInt(10) == 0 ? INIT : send ? SEND : RECV;
                    if (what <= 3) {
                        long enter = t += random.nextInt(3), time = t += random.nextInt(3), leave = t += random.nextInt(3);
                        a.enter(enter, region);
                        if (send) {
                            a.send(time, partner, 0, tag, bytes);
                            b.sendCall(enter, region, time, partner, 0, tag, bytes, leave);
                        } else {
                            a.receive(time, partner, 0, tag, bytes);
                            b.receiveCall(enter, region, time, partner, 0, tag, bytes, leave);
                        }
                        a.leave(leave, region);
                    } else if (what == 4) {
                        int outer = random.nextInt(3) == 0 ? WORK : random.nextInt(6) == 0 ? FINALIZE : WAITALL;
                        a.enter(t, outer);
                        b.enter(t, outer);
                        open.push(outer);
                    } else if (what == 5 && !open.isEmpty()) {
                        int outer = open.pop();
                        a.leave(t, outer);
                        b.leave(t, outer);
                    } else if (what == 6) {
                        long time = t += random.nextInt(3);
                        if (send) {
                            a.isend(time, partner, 0, tag, bytes, ++request);
                            b.isend(time, partner, 0, tag, bytes, request);
                        } else {
                            a.irecvRequest(time, ++request);
                            b.irecvRequest(time, request);
                        }
                    } else if (what == 7) {
                        long time = t += random.nextInt(3);
                        a.collective(time, CollectiveKind.BARRIER, 0, -1, 0, 0);
                        b.collective(time, CollectiveKind.BARRIER, 0, -1, 0, 0);
                    } else {
                        long time = t += random.nextInt(3);
                        if (send) {
                            a.send(time, partner, 0, tag, bytes);
                            b.send(time, partner, 0, tag, bytes);
                        } else {
                            a.receive(time, partner, 0, tag, bytes);
                            b.receive(time, partner, 0, tag, bytes);
                        }
                    }
                }
                a.end();
                b.end();
            }
            RecordedRun a = split.recorded(), b = joined.recorded();
            assertEquals(a.notes(), b.notes(), "round " + round);
            for (int p = 0; p < 2; p++) {
                assertEquals(recorded(a.process(p)), recorded(b.process(p)), "round " + round + ", rank " + p);
            }
        }
    }

    /**
     * One of L and B given, the other fitted to the same points (1000 B, 2 ms), (5000 B, 4 ms):
     * L = 1 ms given: 1/B = (1000 x 1 ms + 5000 x 3 ms) / (1000^2 + 5000^2) = 16 / 26 10^-6, B =
     * 1.625 10^6 B/s; B = 4 10^6 given: L = mean(2 - 0.25, 4 - 1.25) ms = 2.25 ms. (The joint fit
     * gives B = 2 10^6, L = 1.5 ms: with L = 1 ms given it took B = 2 10^6 regardless.)
     */
    @Test
    void oneOfLatencyAndBandwidthGivenTheOtherIsFittedWithItFixed() {
        double[] sizes = {1000, 5000}, times = {2e-3, 4e-3};
        assertEquals(1.625e6, NetworkCalibration.fitBandwidth(sizes, times, 2, 1e-3).bandwidth(), 1e-3);
        assertEquals(1e-3, NetworkCalibration.fitBandwidth(sizes, times, 2, 1e-3).latency(), 0);
        assertEquals(2.25e-3, NetworkCalibration.fitLatency(sizes, times, 2, 4e6).latency(), 1e-15);
        assertTrue(Double.isInfinite(NetworkCalibration.fitBandwidth(sizes, times, 2, 5e-3).bandwidth()), "times below L: B = inf");
    }

    /** Exact points t = 1 ms + S / 10^6: the fit gives L = 1 ms, B = 10^6. */
    @Test
    void calibrationFitsLatencyAndBandwidth() {
        NetworkCalibration.Fit fit = NetworkCalibration.fitLine(new double[] {0, 1000, 4000}, new double[] {1e-3, 2e-3, 5e-3}, 9);
        assertEquals(1e-3, fit.latency(), 1e-15);
        assertEquals(1e6, fit.bandwidth(), 1e-6);
        NetworkCalibration.Fit one = NetworkCalibration.fitLine(new double[] {8}, new double[] {3e-6}, 4);
        assertEquals(3e-6, one.latency(), 0);
        assertTrue(Double.isInfinite(one.bandwidth()));
    }

    /**
     * Calibration from a run: rank 1 posts MPI_Recv at 0 and leaves at 3 (1000 bytes) and at 10
     * and leaves at 15 (5000 bytes), rank 0 sends at 1 and at 11: transfers 2 ms and 4 ms:
     * slope 2 ms / 4000 bytes (B = 2 * 10^6), intercept 2 - 1000 / B = 1.5 ms.
     */
    @Test
    void calibrationFromMessagesPostedBeforeTheirSend() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 1, 2, () -> l[0].send(1, 1, 0, 0, 1000));
            call(l[0], SEND, 11, 12, () -> l[0].send(11, 1, 0, 0, 5000));
            call(l[1], RECV, 0, 3, () -> l[1].receive(3, 0, 0, 0, 1000));
            call(l[1], RECV, 10, 15, () -> l[1].receive(15, 0, 0, 0, 5000));
            call(l[0], FINALIZE, 12, 13);
            call(l[1], FINALIZE, 15, 16);
        })) {
            assertEquals(2, fit.messages());
            assertEquals(2e6, fit.bandwidth(), 1e-3);
            assertEquals(1.5e-3, fit.latency(), 1e-12);
        }
    }

    /**
     * Rank 0 sends a message to itself (MPI_Isend, then MPI_Recv); rank 1 receives in MPI_Recv [0, 10]
     * what rank 2 sends in MPI_Send [5, 6]: one visible transfer, 10 - max(0, 5) = 5 ms; one size:
     * L = 5 ms, B = inf. (Rank 0, queued by its own send, ended twice in the pass of its own, which
     * then stopped before rank 1's receive: 0 messages, the ideal network. Review, session 12.)
     */
    @Test
    void calibrationGoesOnAfterAMessageToSelf() {
        for (NetworkCalibration.Fit fit : calibrations(3, l -> {
            for (int p = 0; p < 3; p++) {
                call(l[p], INIT, 0, 0);
            }
            call(l[0], ISEND, 0, 1, () -> l[0].isend(0, 0, 0, 3, 100, 7));
            call(l[0], RECV, 1, 2, () -> l[0].receive(2, 0, 0, 3, 100));
            call(l[1], RECV, 0, 10, () -> l[1].receive(10, 2, 0, 4, 100));
            call(l[2], SEND, 5, 6, () -> l[2].send(5, 1, 0, 4, 100));
            for (int p = 0; p < 3; p++) {
                call(l[p], FINALIZE, 10, 11);
            }
        })) {
            assertEquals(1, fit.messages(), fit.how());
            assertEquals(5e-3, fit.latency(), 1e-12);
            assertTrue(Double.isInfinite(fit.bandwidth()));
        }
    }

    /**
     * Median times that rise with size but lie below zero (received before sent on clocks that
     * contradict each other): -4 ms at 8 bytes, -1 ms at 10^5. The line has a negative intercept,
     * and through the origin a negative slope: B was -x.x / 0.1 < 0, which the replay refused with
     * an internal error. Now L = max(0, mean) = 0, B = inf.
     */
    @Test
    void calibrationOfTimesBelowZeroIsTheIdealNetwork() {
        NetworkCalibration.Fit fit = NetworkCalibration.fitLine(new double[] {8, 100000}, new double[] {-4e-3, -1e-3}, 4);
        assertEquals(0, fit.latency(), 0);
        assertTrue(Double.isInfinite(fit.bandwidth()), fit.how());
        // from a run: ranks 0/1 and 2/3 each receive [0, 1] what the other sends after (8 bytes at 5, 10^5 bytes at 2)
        for (NetworkCalibration.Fit f : calibrations(4, l -> {
            for (int rank = 0; rank < 4; rank++) {
                LocationEvents e = l[rank];
                int partner = rank ^ 1;
                long bytes = rank < 2 ? 8 : 100000;
                long sent = rank < 2 ? 5 : 2;
                call(e, INIT, 0, 0);
                call(e, RECV, 0, 1, () -> e.receive(1, partner, 0, 0, bytes));
                call(e, SEND, sent, sent + 1, () -> e.send(sent, partner, 0, 0, bytes));
                call(e, FINALIZE, 10, 11);
            }
        })) {
            assertEquals(4, f.messages(), f.how());
            assertEquals(0, f.latency(), 0);
            assertTrue(Double.isInfinite(f.bandwidth()), f.how());
        }
    }

    /** The calibration of the run {@code body} writes, made in a pass of its own and in the ideal network's replay. */
    private static List<NetworkCalibration.Fit> calibrations(int n, Consumer<LocationEvents[]> body) {
        return List.of(record(n, body).calibrate(),
                record(n, body).calibrateInIdealReplay(ReplayParameters.DEFAULT_EAGER_LIMIT, null, null));
    }

    /**
     * Endpoint contention (definitions section 9, issue 19), derived by hand: rank 0 posts two MPI_Isend of 1 MB
     * (10^6 bytes, rendezvous) at 0, to rank 1 and to rank 2, then MPI_Waitall; ranks 1 and 2 are in MPI_Recv from 0.
     * L = 1 ms, B = 1 MB/s. Both transfers leave rank 0 together and share its injection bandwidth: each goes at
     * 0.5 MB/s and both arrive at L + 2 * 10^6 / 10^6 s = 2.001 s (without contention each alone: L + 1 s = 1.001 s).
     * Rank 0's Waitall ends with them, at 2.001 s.
     */
    @Test
    void endpointContentionSharesTheSendersBandwidth() {
        TraceReplay replay = record(3, l -> {
            for (int r = 0; r < 3; r++) {
                call(l[r], INIT, 0, 0);
            }
            call(l[0], ISEND, 0, 0, () -> l[0].isend(0, 1, 0, 4, 1_000_000, 7));
            call(l[0], ISEND, 0, 0, () -> l[0].isend(0, 2, 0, 4, 1_000_000, 8));
            call(l[0], WAITALL, 0, 2001, () -> {
                l[0].isendComplete(2001, 7);
                l[0].isendComplete(2001, 8);
            });
            call(l[1], RECV, 0, 2001, () -> l[1].receive(2001, 0, 0, 4, 1_000_000));
            call(l[2], RECV, 0, 2001, () -> l[2].receive(2001, 0, 0, 4, 1_000_000));
            for (int r = 0; r < 3; r++) {
                call(l[r], FINALIZE, 2001, 2002);
            }
        });
        ReplayParameters plain = ReplayParameters.flat(MS, 1e6, 65536, 1);
        Prediction shared = replay.predict(plain.withContention(true));
        for (int r = 0; r < 3; r++) {
            assertEquals(2.001, shared.processes().get(r).end(), 1e-9, "rank " + r);
        }
        Prediction alone = replay.predict(plain);
        assertEquals(1.001, alone.processes().get(1).end(), 1e-9);
        assertEquals(1.001, alone.processes().get(2).end(), 1e-9);
        assertEquals(1.001, alone.processes().get(0).end(), 1e-9);
    }

    /**
     * The send side times a rendezvous transfer (issue 34 item 12): rank 1 posts MPI_Irecv [0, 1] (request 3), rank 0
     * MPI_Send of 100 KiB [5, 9] ms, rank 1 completes it in MPI_Waitall [20, 21]. The Waitall was entered after the
     * send, so the receive side does not show the transfer; the blocking send does: 9 - max(5, 0) = 4 ms. A second
     * message the other way, received in a blocking MPI_Recv [30, 35] and sent by MPI_Send [31, 34], is timed on the
     * receive side only (35 - 31 = 4 ms), not twice. Both 102400 bytes: L = median 4 ms, B = inf, from 2 messages, in
     * the pass of its own as in the ideal replay (there rank 0's Send is processed before rank 1's Irecv post is).
     */
    @Test
    void calibrationTimesABlockingRendezvousSendWhoseReceiveWasPosted() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 5, 9, () -> l[0].send(5, 1, 0, 4, 102400));
            call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 3));
            call(l[1], WAITALL, 20, 21, () -> l[1].irecv(21, 0, 0, 4, 102400, 3));
            call(l[1], SEND, 31, 34, () -> l[1].send(31, 0, 0, 5, 102400));
            call(l[0], RECV, 30, 35, () -> l[0].receive(35, 1, 0, 5, 102400));
            call(l[0], FINALIZE, 40, 41);
            call(l[1], FINALIZE, 40, 41);
        })) {
            assertEquals(2, fit.messages(), fit.how());
            assertEquals(4e-3, fit.latency(), 1e-12, fit.how());
            assertTrue(Double.isInfinite(fit.bandwidth()), fit.how());
            assertTrue(fit.how().contains("1 of them timed on the send side"), fit.how());
        }
    }

    /**
     * One message visible on both sides: rank 1 posts MPI_Irecv [0, 1] and enters MPI_Waitall [2, 12] before rank 0's
     * MPI_Send of 100 KiB [5, 9] begins. The receive side times it (12 - 5 = 7 ms), the send side too (9 - max(5, 0) =
     * 4 ms): two times of one message, which the fit's wording says (it read "from 2 messages" of a run of one, as
     * TraceR's stencil4d-64 said 1125 of its 1024).
     */
    @Test
    void aMessageTimedOnBothSidesIsSaidToCountTwice() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 5, 9, () -> l[0].send(5, 1, 0, 4, 102400));
            call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 3));
            call(l[1], WAITALL, 2, 12, () -> l[1].irecv(12, 0, 0, 4, 102400, 3));
            call(l[0], FINALIZE, 40, 41);
            call(l[1], FINALIZE, 40, 41);
        })) {
            assertEquals(2, fit.messages(), fit.how());
            assertTrue(fit.how().contains("1 of them timed on the send side") && fit.how().contains("a message timed on both sides is counted twice"),
                    fit.how());
        }
    }

    /**
     * Both ranks MPI_Send 100 KiB (rendezvous) and then MPI_Recv: rank 0 Send [0, 10], Recv [10, 20];
     * rank 1 Send [1, 11], Recv [11, 19]. The replay lets rank 0's send through the cycle; the
     * calibration times both receives, blocking and rendezvous-sized, from their own enter (after
     * the sends' 0 and 1): 20 - 10 = 10 ms and 19 - 11 = 8 ms, one size: L = their median, 9 ms.
     */
    @Test
    void calibrationThroughARendezvousCycle() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], SEND, 0, 10, () -> l[0].send(0, 1, 0, 0, 102400));
            call(l[1], SEND, 1, 11, () -> l[1].send(1, 0, 0, 0, 102400));
            call(l[0], RECV, 10, 20, () -> l[0].receive(20, 1, 0, 0, 102400));
            call(l[1], RECV, 11, 19, () -> l[1].receive(19, 0, 0, 0, 102400));
            call(l[0], FINALIZE, 20, 21);
            call(l[1], FINALIZE, 19, 21);
        })) {
            assertEquals(2, fit.messages(), fit.how());
            assertEquals(9e-3, fit.latency(), 1e-12);
            assertTrue(Double.isInfinite(fit.bandwidth()));
        }
    }

    /**
     * Messages in an order that cannot have happened: each rank receives (rank 0 MPI_Recv [1, 20],
     * rank 1 [2, 8]) the message its partner sends only after its own receive (rank 1 MPI_Send
     * [8, 9], rank 0 [20, 21]), 1000 bytes each. Both passes stall with both ranks in their
     * receive and let one through; its receive is timed once its send is posted: rank 0's
     * 20 - 8 = 12 ms, rank 1's 8 - 20 = -12 ms (the raw clocks contradict each other). Two
     * messages, one size, median 0: L = 0, B = inf. (The pass of its own used to leave the
     * receive let through untimed: 1 message.)
     */
    @Test
    void calibrationTimesAReceiveLetThroughACycleWhenItsSendIsPosted() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[0], RECV, 1, 20, () -> l[0].receive(20, 1, 0, 0, 1000));
            call(l[1], RECV, 2, 8, () -> l[1].receive(8, 0, 0, 0, 1000));
            call(l[1], SEND, 8, 9, () -> l[1].send(8, 0, 0, 0, 1000));
            call(l[0], SEND, 20, 21, () -> l[0].send(20, 1, 0, 0, 1000));
            call(l[0], FINALIZE, 21, 22);
            call(l[1], FINALIZE, 9, 22);
        })) {
            assertEquals(2, fit.messages(), fit.how());
            assertEquals(0, fit.latency(), 1e-12);
            assertTrue(Double.isInfinite(fit.bandwidth()));
        }
    }
    /**
     * A rendezvous-sized message (100 KiB) completed in an MPI_Waitall [20, 21] entered long after
     * its MPI_Irecv (posted at 0) and its send [2, 5]: the transfer may have ended before the wait
     * began, so its 1 ms is no transfer time and is left out; a rendezvous message received in a
     * blocking MPI_Recv [30, 36] posted after its send (at 25) cannot have started before 30 and
     * is timed: 36 - 30 = 6 ms. (Timing the Waitall too gave the median of 1 and 6 ms, 3.5 ms.) The first
     * message's blocking send shows its transfer (issue 34 item 12): it left at 5, its receive posted at 0,
     * so at most 5 - max(2, 0) = 3 ms. Two messages, one size: L = the median of 3 and 6 ms, 4.5 ms, B = inf.
     */
    @Test
    void calibrationLeavesOutRendezvousMessagesCompletedInAWait() {
        for (NetworkCalibration.Fit fit : calibrations(2, l -> {
            call(l[0], INIT, 0, 0);
            call(l[1], INIT, 0, 0);
            call(l[1], IRECV, 0, 1, () -> l[1].irecvRequest(0, 3));
            call(l[0], SEND, 2, 5, () -> l[0].send(2, 1, 0, 4, 102400));
            call(l[1], WAITALL, 20, 21, () -> l[1].irecv(21, 0, 0, 4, 102400, 3));
            call(l[0], SEND, 25, 36, () -> l[0].send(25, 1, 0, 5, 102400));
            call(l[1], RECV, 30, 36, () -> l[1].receive(36, 0, 0, 5, 102400));
            call(l[0], FINALIZE, 36, 37);
            call(l[1], FINALIZE, 36, 37);
        })) {
            assertEquals(2, fit.messages(), fit.how());
            assertEquals(4.5e-3, fit.latency(), 1e-12);
            assertTrue(Double.isInfinite(fit.bandwidth()));
        }
    }
    /**
     * A window (11 ms on) that cuts m1 (sent at 10, received in MPI_Recv [12, 13]) from its send:
     * m1 goes with its send, so its receive is unmatched and keeps its 1 ms; m2 (sent in MPI_Send
     * [20, 21], received in MPI_Recv [25, 26]) is matched with its own receive. L = 1 ms,
     * B = 10^6 B/s, 1000 bytes: 2 ms, eager. From the window's start (11 = 0): rank 0 computes 9,
     * sends m2 at 9 (arrives at 11). Rank 1 computes 1 (12 - 11), MPI_Recv m1 [1, 2], computes 12,
     * MPI_Recv m2 entered at 14 (m2 arrived at 11): no wait; rank 1's MPI time 1 + 0 ms. Matching
     * by order in the window alone paired m1's receive with m2's send: rank 1 waited 1 to 11.
     */
    @Test
    void aMessageCutByTheWindowIsNotPairedWithTheNext() {
        TraceDefinitions d = definitions(2);
        ActivityRecorder recorder = new ActivityRecorder(d);
        org.igtrace.core.trace.LocationSink sink = org.igtrace.core.select.Selection.parse("11ms:", null, null).resolve(d).perLocation(recorder);
        LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
        call(p0, INIT, 0, 0);
        call(p1, INIT, 0, 0);
        call(p0, SEND, 10, 11, () -> p0.send(10, 1, 0, 0, 1000));
        call(p0, WORK, 11, 20);
        call(p0, SEND, 20, 21, () -> p0.send(20, 1, 0, 0, 1000));
        call(p0, WORK, 21, 30);
        call(p0, FINALIZE, 30, 31);
        call(p1, WORK, 0, 12);
        call(p1, RECV, 12, 13, () -> p1.receive(13, 0, 0, 0, 1000));
        call(p1, WORK, 13, 25);
        call(p1, RECV, 25, 26, () -> p1.receive(26, 0, 0, 0, 1000));
        call(p1, WORK, 26, 30);
        call(p1, FINALIZE, 30, 31);
        p0.end();
        p1.end();
        TraceReplay replay = new TraceReplay(recorder.recorded(), null);
        Prediction p = replay.predict(ReplayParameters.flat(MS, 1e6, 65536, 1));
        assertEquals(1, replay.matchedMessages());
        assertEquals(0.0, p.processes().get(1).waiting(), 1e-12, p.toString());
        assertEquals(1 * MS, p.processes().get(1).mpi(), 1e-12, p.toString());
        assertTrue(p.notes().stream().anyMatch(n -> n.contains("0 sends without a receive") && n.contains("1 receive without a send keeps its call")), p.notes().toString());
    }
    /**
     * Three MPI_Allreduce instances, rank 0's events at 10, 20, 30 and rank 1's at 12, 22, 32
     * (ms); the window 10.5 to 31 ms cuts instance 0 (rank 0's before it) and instance 2 (rank 1's
     * after it): 1 complete, 2 incomplete (counting the most any member holds said 1). A
     * message after the region's only instance (--region work) is no gap: no note of one.
     */
    @Test
    void windowedCollectivesAreCountedAndEndsAfterTheLastKeptAreNoGap() {
        TraceDefinitions d = definitions(2);
        ActivityRecorder recorder = new ActivityRecorder(d);
        org.igtrace.core.trace.LocationSink sink = org.igtrace.core.select.Selection.parse("10.5ms:31ms", null, null).resolve(d)
                .perLocation(recorder);
        LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
        for (int k = 1; k <= 3; k++) {
            long t0 = 10L * k, t1 = 10L * k + 2;
            call(p0, ALLREDUCE, t0 - 1, t0, () -> p0.collective(t0, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
            call(p1, ALLREDUCE, t1 - 1, t1, () -> p1.collective(t1, CollectiveKind.ALL_TO_ALL, 0, -1, 8, 8));
        }
        p0.end();
        p1.end();
        Prediction p = new TraceReplay(recorder.recorded(), null).predict(ReplayParameters.ideal());
        assertTrue(p.notes().contains("2 collective instances not recorded by every member keep their calls' measured durations"),
                p.notes().toString());

        ActivityRecorder regionRecorder = new ActivityRecorder(d);
        org.igtrace.core.trace.LocationSink region = org.igtrace.core.select.Selection.parse(null, null, "work").resolve(d)
                .perLocation(regionRecorder);
        LocationEvents r0 = region.location(0, 0), r1 = region.location(1, 1);
        call(r0, WORK, 0, 10, () -> call(r0, SEND, 4, 5, () -> r0.send(4, 1, 0, 0, 8)));
        call(r0, SEND, 20, 21, () -> r0.send(20, 1, 0, 0, 8));
        call(r1, WORK, 0, 10, () -> call(r1, RECV, 4, 6, () -> r1.receive(6, 0, 0, 0, 8)));
        call(r1, RECV, 20, 22, () -> r1.receive(22, 0, 0, 0, 8));
        r0.end();
        r1.end();
        Prediction q = new TraceReplay(regionRecorder.recorded(), null).predict(ReplayParameters.ideal());
        assertTrue(q.notes().stream().noneMatch(n -> n.contains("lie between kept ones")), q.notes().toString());
    }

    /**
     * A replay is split among threads only when it would get 4 workers or more (at most 8, 4 processes each): two
     * workers waited for each other at nearly every call. 30 M calls: -j 2 on two cores, one thread; -j 4 on 8 cores
     * with 64 processes, 4; with 12 processes, 3 workers, so one thread; 16 processes, 4; -j 0 (one per core) on 16
     * cores, all 16 asked (the replay takes 8 of them); 1 M calls, one thread whatever the cores.
     */
    @Test
    void aReplayIsSplitOnlyAmongFourWorkersOrMore() {
        assertEquals(1, TraceReplay.replayThreads(2, 2, 30_000_000, 64));
        assertEquals(1, TraceReplay.replayThreads(3, 4, 30_000_000, 64));
        assertEquals(4, TraceReplay.replayThreads(4, 8, 30_000_000, 64));
        assertEquals(1, TraceReplay.replayThreads(4, 8, 30_000_000, 12));
        assertEquals(4, TraceReplay.replayThreads(4, 8, 30_000_000, 16));
        assertEquals(16, TraceReplay.replayThreads(0, 16, 30_000_000, 64));
        assertEquals(1, TraceReplay.replayThreads(0, 16, 1_000_000, 64));
    }
}
