package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * The what-ifs' bursts worked out ahead on a second thread ({@link BurstsAhead}): when the replay may use two threads,
 * a scaling with {@link ComputeScaling.Parts} is asked for its parts on a thread other than the replay's, and the
 * predictions are those of the replay that asks each burst of the scaling on its own thread. The run: two processes,
 * {@value #ROUNDS} rounds of a 2 ms burst and then two calls back to back (MPI_Send then MPI_Recv on rank 0, MPI_Recv then
 * MPI_Send on rank 1: a burst of 0 ms between them), so that rank 0 has more compute bursts than a ring holds and as
 * many bursts without compute.
 */
class BurstsAheadTest {
    private static final int INIT = 0, FINALIZE = 1, SEND = 2, RECV = 3, WORK = 4;
    private static final int ROUNDS = 3000;

    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"MPI_Init", "MPI_Finalize", "MPI_Send", "MPI_Recv"}) {
            b.addRegion(name, true);
        }
        b.addRegion("work", false);
        b.addCommunicator(new int[] {0, 1});
        return b.ticksPerSecond(1000).build();
    }

    /**
     * 1000 ticks a second: a tick is 1 ms. Round i starts at t = 5 i: rank 0 works [t, t + 2], sends [t + 2, t + 3],
     * receives [t + 3, t + 5]; rank 1 receives [t, t + 3], sends [t + 3, t + 4]. Rank 0's bursts: 2 ms before each send,
     * 0 ms before each receive and before MPI_Finalize (entered at 5 ROUNDS).
     */
    private static RecordedRun run() {
        ActivityRecorder recorder = new ActivityRecorder(definitions());
        LocationEvents[] l = {recorder.location(0, 0), recorder.location(1, 1)};
        for (LocationEvents e : l) {
            e.enter(0, INIT);
            e.leave(0, INIT);
        }
        for (int i = 0; i < ROUNDS; i++) {
            long t = 5L * i;
            l[0].enter(t, WORK);
            l[0].leave(t + 2, WORK);
            l[0].sendCall(t + 2, SEND, t + 2, 1, 0, 1, 100, t + 3);
            l[0].receiveCall(t + 3, RECV, t + 5, 1, 0, 2, 100, t + 5);
            l[1].receiveCall(t, RECV, t + 3, 0, 0, 1, 100, t + 3);
            l[1].sendCall(t + 3, SEND, t + 3, 0, 0, 2, 100, t + 4);
        }
        long end = 5L * ROUNDS;
        for (LocationEvents e : l) {
            e.enter(end, FINALIZE);
            e.leave(end + 1, FINALIZE);
            e.end();
        }
        return recorder.recorded();
    }

    /** Rank 0's bursts {@code factor} times as long, in two parts; the threads that were asked for rank 0's parts. */
    private static final class Slower implements ComputeScaling, ComputeScaling.Parts {
        final double factor;
        final Set<Thread> askedOn = ConcurrentHashMap.newKeySet();

        Slower(double factor) {
            this.factor = factor;
        }

        @Override
        public double burst(int process, long from, long to, double seconds) {
            double[] two = new double[2];
            parts(process, from, to, two, 0);
            return ComputeScaling.apply(seconds, two[0], two[1]);
        }

        @Override
        public Parts parts() {
            return this;
        }

        @Override
        public boolean changes(int process) {
            return process == 0;
        }

        @Override
        public void parts(int process, long from, long to, double[] out, int at) {
            if (process == 0) {
                askedOn.add(Thread.currentThread());
            }
            out[at] = process == 0 ? factor * (to - from) : 0;
            out[at + 1] = process == 0 ? to - from : 0;
        }
    }

    @Test
    void thePartsAreWorkedOutOnASecondThreadWithTheSameNumbers() {
        RecordedRun run = run();
        ReplayParameters model = ReplayParameters.flat(1e-4, Double.POSITIVE_INFINITY, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);
        Slower aloneThree = new Slower(3), aloneHalf = new Slower(0.5);
        List<Prediction> alone = new TraceReplay(run, null).withThreadsAlways(1).predictScaled(model, Arrays.asList(null, aloneThree, aloneHalf));
        assertEquals(Set.of(Thread.currentThread()), aloneThree.askedOn, "one thread: the replay's");

        Slower three = new Slower(3), half = new Slower(0.5);
        List<Prediction> ahead = new TraceReplay(run, null).withThreadsAlways(2).predictScaled(model, Arrays.asList(null, three, half));
        assertTrue(!three.askedOn.isEmpty() && !three.askedOn.contains(Thread.currentThread()), "worked out on another thread: " + three.askedOn);
        assertTrue(!half.askedOn.contains(Thread.currentThread()));

        for (int k = 0; k < 3; k++) {
            assertEquals(alone.get(k).predictedRuntime(), ahead.get(k).predictedRuntime(), 0);
            assertEquals(alone.get(k).processes(), ahead.get(k).processes());
        }
        // rank 0 computes ROUNDS bursts of 2 ms: 6 s as measured, 18 s three times as long, 3 s at half
        assertEquals(ROUNDS * 2e-3, ahead.get(0).processes().get(0).compute(), 1e-9);
        assertEquals(ROUNDS * 6e-3, ahead.get(1).processes().get(0).compute(), 1e-9);
        assertEquals(ROUNDS * 1e-3, ahead.get(2).processes().get(0).compute(), 1e-9);
        assertEquals(ahead.get(0).processes().get(1).compute(), ahead.get(1).processes().get(1).compute(), 0, "rank 1 as measured");
    }
}
