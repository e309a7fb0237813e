package org.igtrace.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.trace.LocationEvents;
import org.igtrace.core.trace.LocationSink;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/** The compute colours of user regions do not depend on the order the reading threads meet the locations. */
class TimelineBuilderTest {
    private static final LocationSink NO_PROFILE = (process, order) -> LocationEvents.NONE;

    /** Two processes, user regions "main", "alpha", "beta"; 1 tick per second, the run starts at 0. */
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        for (String name : new String[] {"main", "alpha", "beta"}) {
            b.addRegion(name, false);
        }
        return b.ticksPerSecond(1).startTicks(0).build();
    }

    /** main from 0 to 4 with {@code inner} from 1 to 3. */
    private static void run(LocationEvents l, int inner) {
        l.enter(0, 0);
        l.enter(1, inner);
        l.leave(3, inner);
        l.leave(4, 0);
    }

    private static Timeline timeline(boolean rankOneFirst) {
        TimelineBuilder builder = new TimelineBuilder(definitions(), 100, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        if (rankOneFirst) {
            run(sink.location(1, 1), 2);
            run(sink.location(0, 0), 1);
        } else {
            run(sink.location(0, 0), 1);
            run(sink.location(1, 1), 2);
        }
        return builder.build();
    }

    /**
     * Location 0 (definition order) meets main, then alpha; location 1 main, then beta: colours
     * main 0, alpha 1, beta 2, whichever location was read first.
     */
    @Test
    void regionColoursFollowTheLocationsDefinitionOrderNotTheReadingOrder() {
        for (boolean rankOneFirst : new boolean[] {false, true}) {
            Timeline t = timeline(rankOneFirst);
            assertEquals(List.of("main", "alpha", "beta"), t.regionNames(), "read rank 1 first: " + rankOneFirst);
            int main = StateClass.computeIn(0), alpha = StateClass.computeIn(1), beta = StateClass.computeIn(2);
            assertEquals(List.of(new Timeline.State(0, 1, main), new Timeline.State(1, 3, alpha), new Timeline.State(3, 4, main)),
                    t.rows().get(0).states(), "rank 0, read rank 1 first: " + rankOneFirst);
            assertEquals(List.of(new Timeline.State(0, 1, main), new Timeline.State(1, 3, beta), new Timeline.State(3, 4, main)),
                    t.rows().get(1).states(), "rank 1, read rank 1 first: " + rankOneFirst);
        }
    }

    /**
     * A process whose two threads are busy from 0 to 1000 s, switching regions every second, is drawn
     * per pixel column as shares; on 97 columns (not a divisor of the bins) every column is full:
     * time went to the columns a bin overlaps, not all of it to the column of the bin's middle, which
     * left columns blank (white stripes in synth-plain's two-thread row).
     */
    @Test
    void aBusyTwoThreadRowHasNoBlankColumn() {
        TimelineBuilder builder = new TimelineBuilder(definitions(), 97, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        for (int thread = 0; thread < 2; thread++) {
            LocationEvents l = sink.location(0, thread);
            l.enter(0, 0);
            for (int t = 0; t < 1000; t++) {
                l.enter(t, 1 + t % 2);
                l.leave(t + 1, 1 + t % 2);
            }
            l.leave(1000, 0);
            l.end();
        }
        Timeline timeline = builder.build();
        float[][] shares = timeline.rows().get(0).shares();
        assertNotNull(shares, "two threads: drawn as shares per column");
        double perColumn = (timeline.end() - timeline.start()) / timeline.columns();
        int whole = 0;
        for (int c = 0; c < timeline.columns(); c++) {
            if (timeline.start() + (c + 1) * perColumn > 1000) {
                continue; // the column the run ends in, and any after it
            }
            whole++;
            float busy = 0;
            for (float[] row : shares) {
                busy += row[c];
            }
            assertTrue(busy > 0.98f, "column " + c + " of " + timeline.columns() + " busy " + busy + " start " + timeline.start() + " end " + timeline.end());
        }
        assertTrue(whole >= 90, whole + " whole columns");
    }

    /**
     * A window 0..1000 s on 100 columns, a process whose two threads are busy all the window, its
     * clock 5 s behind (offset 5): its row is drawn 5 s to the right, so the last column holds what
     * fits before the window's end; it held 1.5 (the time past the end squeezed into it).
     */
    @Test
    void aRowShiftedPastTheWindowsEndIsCutNotSqueezed() {
        TimelineBuilder builder = new TimelineBuilder(definitions(), 100, null, 0, 1000);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        for (int thread = 0; thread < 2; thread++) {
            LocationEvents l = sink.location(0, thread);
            l.enter(0, 0);
            for (int t = 0; t < 1000; t++) {
                l.enter(t, 1 + t % 2);
                l.leave(t + 1, 1 + t % 2);
            }
            l.leave(1000, 0);
            l.end();
        }
        builder.matches(new long[] {5, 0});
        Timeline timeline = builder.build();
        float[][] shares = timeline.rows().get(0).shares();
        assertNotNull(shares);
        for (int c = 0; c < timeline.columns(); c++) {
            float busy = 0;
            for (int k = 0; k < shares.length; k++) {
                busy += k == StateClass.WAITING ? 0 : shares[k][c];
            }
            assertTrue(busy < 1.01f, "column " + c + " busy " + busy);
            if (c >= 1) {
                assertTrue(busy > 0.98f, "column " + c + " busy " + busy);
            }
        }
    }
    /**
     * A 40-rank ring whose 40 messages are all sent at one tick (one pixel column, different
     * receivers): far below the 2000 arrows drawn, so all 40 are drawn and none left out. A quota
     * of 8 x 2000 / 1080 = 14 per column from the first arrow on left out 26 (review), and at
     * --width 20000 one per column: 580 of jacobi-8's 700.
     */
    @Test
    void arrowsSentInOnePixelColumnAreAllDrawnBelowTheLimit() {
        for (int columns : new int[] {1080, 20000}) {
            WaitsFrame frame = new WaitsFrame(40, columns, 64, 0, 1, 1, null, new long[40]);
            ArrowCandidates candidates = new ArrowCandidates(frame);
            for (int p = 0; p < 40; p++) {
                candidates.add(p, (p + 1) % 40, 5, 6 + p);
            }
            ArrowCandidates.Selected s = ArrowCandidates.select(List.of(candidates), columns, t -> t);
            assertEquals(40, s.arrows().size(), columns + " columns");
            assertEquals(0, s.leftOut(), columns + " columns");
        }
    }
    /**
     * A blocking call read as one ({@code sendCall}, {@code receiveCall}: enter, message, leave) draws as its three
     * events do. Both processes: main [0, 20]; MPI_Send [2, 3]; MPI_Recv [5, 7]; MPI_Barrier [10, 14] holding an
     * MPI_Send [11, 12] (the outermost call gives the state). p0 reads the sends and the receive as one call each,
     * p1 as three events. States: main [0, 2], point-to-point [2, 3], main [3, 5], point-to-point [5, 7], main [7, 10],
     * collective [10, 14], main [14, 20].
     */
    @Test
    void aBlockingCallReadAsOneDrawsAsItsThreeEvents() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), send = b.addRegion("MPI_Send", true), recv = b.addRegion("MPI_Recv", true);
        int barrier = b.addRegion("MPI_Barrier", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        LocationEvents one = sink.location(0, 0), three = sink.location(1, 1);
        one.enter(0, main);
        one.sendCall(2, send, 2, 1, 0, 7, 8, 3);
        one.receiveCall(5, recv, 6, 1, 0, 7, 8, 7);
        one.enter(10, barrier);
        one.sendCall(11, send, 11, 1, 0, 7, 8, 12);
        one.leave(14, barrier);
        one.leave(20, main);
        three.enter(0, main);
        three.enter(2, send);
        three.send(2, 0, 0, 7, 8);
        three.leave(3, send);
        three.enter(5, recv);
        three.receive(6, 0, 0, 7, 8);
        three.leave(7, recv);
        three.enter(10, barrier);
        three.enter(11, send);
        three.send(11, 0, 0, 7, 8);
        three.leave(12, send);
        three.leave(14, barrier);
        three.leave(20, main);
        Timeline t = builder.build();
        int compute = StateClass.computeIn(0), p2p = StateClass.MPI_POINT_TO_POINT, collective = StateClass.MPI_COLLECTIVE;
        List<Timeline.State> expected = List.of(new Timeline.State(0, 2, compute), new Timeline.State(2, 3, p2p),
                new Timeline.State(3, 5, compute), new Timeline.State(5, 7, p2p), new Timeline.State(7, 10, compute),
                new Timeline.State(10, 14, collective), new Timeline.State(14, 20, compute));
        assertEquals(expected, t.rows().get(1).states(), "three events");
        assertEquals(expected, t.rows().get(0).states(), "calls read as one");
    }

    /**
     * A blocking call read as one fills a row's bins as its three events do, to the last bit (a guard for any
     * shorter path of such calls: one that resumed the state around the call and added into the bin the last
     * interval ended in was tried, and a shifted interval there failed this test). Both processes: a call read as one as their first event, then 400 iterations of
     * main, region alpha [t, t + 7), MPI_Send [t + 7, t + 9) and MPI_Recv [t + 9, t + 12), and from iteration 150 to 200
     * recording switched off at t + 8 and on at t + 10 (inside the calls); p0 reads the calls as one, p1 as three events.
     * 10 columns keep 5 exact states: both rows are drawn from their bins (which double in width nine times).
     */
    @Test
    void callsReadAsOneFillTheBinsAsTheirThreeEvents() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), alpha = b.addRegion("alpha", false);
        int send = b.addRegion("MPI_Send", true), recv = b.addRegion("MPI_Recv", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 10, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        LocationEvents one = sink.location(0, 0), three = sink.location(1, 1);
        one.sendCall(1, send, 1, 1, 0, 7, 8, 2);
        threeEvents(three, send, 1, 2);
        for (LocationEvents l : List.of(one, three)) {
            l.enter(3, main);
        }
        for (int i = 0; i < 400; i++) {
            long t = 10 + 13L * i;
            boolean gap = i >= 150 && i < 200;
            for (LocationEvents l : List.of(one, three)) {
                l.enter(t, alpha);
                l.leave(t + 7, alpha);
            }
            one.sendCall(t + 7, send, t + 8, 1, 0, 7, 8, t + 9);
            threeEvents(three, send, t + 7, t + 9);
            for (LocationEvents l : gap ? List.of(one, three) : List.<LocationEvents>of()) {
                l.measurement(t + 8, false);
                l.measurement(t + 10, true);
            }
            one.receiveCall(t + 9, recv, t + 11, 1, 0, 7, 8, t + 12);
            threeEvents(three, recv, t + 9, t + 12);
        }
        for (LocationEvents l : List.of(one, three)) {
            l.leave(6000, main);
        }
        Timeline t = builder.build();
        float[][] read = t.rows().get(0).shares(), expected = t.rows().get(1).shares();
        assertNotNull(expected, "drawn from bins");
        for (int k = 0; k < expected.length; k++) {
            assertEquals(java.util.Arrays.toString(expected[k]), java.util.Arrays.toString(read[k]), "class " + k);
        }
        assertEquals(List.of("alpha", "main"), t.regionNames());
    }

    /** A call's three events: enter, its message at the enter (as the calls read as one above send it), leave. */
    private static void threeEvents(LocationEvents l, int region, long enter, long leave) {
        l.enter(enter, region);
        l.send(enter + 1, 1, 0, 7, 8);
        l.leave(leave, region);
    }
    /**
     * Process 0's worker (main 1..2) is defined before its master (main 0..4, alpha 1..3): the process's row, with its
     * name and its MPI waits, is the master's, the longest span; the worker's row follows, named by its place in
     * location order ("thread 0"). The first location's row was the process's: the master drawn as "thread 1" and the
     * messages' arrows on the worker's row, where nothing ran.
     */
    @Test
    void theProcesssRowIsItsMastersWhereverItsLocationComes() {
        TimelineBuilder builder = new TimelineBuilder(definitions(), 100, null, Long.MIN_VALUE, Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        LocationEvents worker = sink.location(0, 0);
        worker.enter(1, 0);
        worker.leave(2, 0);
        run(sink.location(0, 1), 1);
        run(sink.location(1, 2), 2);
        Timeline t = builder.build();
        int main = StateClass.computeIn(0), alpha = StateClass.computeIn(1);
        assertEquals(List.of("p0", "thread 0", "p1"), t.rows().stream().map(Timeline.Row::name).toList());
        assertEquals(List.of(0, 1, 0), t.rows().stream().map(Timeline.Row::thread).toList());
        // each thread row's thread as stats numbers them (location order: the master is thread 1), for the SVG's data-thread
        assertEquals(List.of(1, 0, -1), t.rows().stream().map(Timeline.Row::place).toList());
        assertEquals(List.of(new Timeline.State(0, 1, main), new Timeline.State(1, 3, alpha), new Timeline.State(3, 4, main)),
                t.rows().get(0).states());
        assertEquals(List.of(new Timeline.State(1, 2, main)), t.rows().get(1).states());
    }

    /**
     * An OpenMP run as EZTrace records it: every thread keeps its outermost region ("Working") open, so a worker between
     * the parallel regions has it open where it is idle (definitions section 10a). Process 0's master: Working 0..100,
     * parallel regions 10..30 and 60..80; its worker: Working 5..100, the same parallel regions, omp_get_wtime 40..45. The
     * worker's row draws nothing at 5..10, 30..40, 45..60 and 80..100 (it drew compute in Working there) and keeps its
     * call; the master's serial code stays compute in Working. Process 1, as
     * Score-P records it (nothing open between the regions), draws its omp_get_wtime outside them, as before.
     */
    @Test
    void anIdleWorkerWithItsOutermostRegionOpenIsNotDrawnComputing() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int working = b.addRegion("Working", false);
        int parallel = b.addRegion("OpenMP Parallel", false, org.igtrace.core.trace.OmpRole.PARALLEL);
        int wtime = b.addRegion("omp_get_wtime", false);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        team(sink.location(0, 0), sink.location(0, 1), 5, working, parallel, wtime);
        team(sink.location(1, 2), sink.location(1, 3), -1, working, parallel, wtime);
        Timeline t = builder.build();
        // colours by time drawn: the parallel regions 4 x 20 x 2 = 160, Working 2 x 60 = 120 (with the worker's idle
        // 50 it was 170, first)
        assertEquals(List.of("OpenMP Parallel", "Working", "omp_get_wtime"), t.regionNames());
        int p = StateClass.computeIn(0), w = StateClass.computeIn(1), call = StateClass.computeIn(2);
        List<Timeline.State> masterStates = List.of(new Timeline.State(0, 10, w), new Timeline.State(10, 30, p),
                new Timeline.State(30, 60, w), new Timeline.State(60, 80, p), new Timeline.State(80, 100, w));
        assertEquals(masterStates, t.rows().get(0).states());
        assertEquals(List.of(new Timeline.State(10, 30, p), new Timeline.State(40, 45, call), new Timeline.State(60, 80, p)),
                t.rows().get(1).states());
        assertEquals(masterStates, t.rows().get(2).states());
        assertEquals(List.of(new Timeline.State(10, 30, p), new Timeline.State(40, 45, call), new Timeline.State(60, 80, p)),
                t.rows().get(3).states());
    }

    /**
     * A task run inside an OpenMP barrier is work (definitions section 10a): a thread in a parallel region 0..100, its
     * implicit barrier 50..100, a task run 60..80 inside it (a nested task 65..70 inside that, an MPI_Recv 72..75 too)
     * draws the barrier only at 50..60 and 80..100, the task as compute in its region, its MPI call as MPI. The whole
     * barrier was drawn waiting; then the call as compute. A region the trace does not define (-1) entered inside the
     * call is part of it (it stopped the timeline with an ArrayIndexOutOfBoundsException: review).
     */
    @Test
    void aTaskRunInsideABarrierIsDrawnAsWork() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        int parallel = b.addRegion("!$omp parallel", false, org.igtrace.core.trace.OmpRole.PARALLEL);
        int barrier = b.addRegion("!$omp implicit barrier", false, org.igtrace.core.trace.OmpRole.IMPLICIT_BARRIER);
        int task = b.addRegion("!$omp task", false, org.igtrace.core.trace.OmpRole.TASK);
        int recv = b.addRegion("MPI_Recv", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE);
        LocationEvents l = builder.perLocation(NO_PROFILE).location(0, 0);
        l.enter(0, parallel);
        l.enter(50, barrier);
        l.enter(60, task);
        l.enter(65, task);
        l.leave(70, task);
        l.enter(72, recv);
        l.enter(73, -1);
        l.leave(74, -1);
        l.leave(75, recv);
        l.leave(80, task);
        l.leave(100, barrier);
        l.leave(100, parallel);
        Timeline t = builder.build();
        assertEquals(List.of("!$omp parallel", "!$omp task"), t.regionNames());
        int p = StateClass.computeIn(0), k = StateClass.computeIn(1), w = StateClass.OMP_WAITING;
        assertEquals(List.of(new Timeline.State(0, 50, p), new Timeline.State(50, 60, w), new Timeline.State(60, 72, k),
                new Timeline.State(72, 75, StateClass.MPI_POINT_TO_POINT), new Timeline.State(75, 80, k),
                new Timeline.State(80, 100, w)), t.rows().get(0).states());
    }

    /**
     * A worker that leaves its outermost region between two teams and enters it again (Working 5..40 and 50..100, parallel
     * regions 10..30 and 60..80): its second Working is idle until its next parallel region too (it drew compute in
     * Working at 50..60: review), 40..50 with nothing open as before.
     */
    @Test
    void aWorkerThatEntersItsOutermostRegionAgainIsIdleThere() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        int working = b.addRegion("Working", false);
        int parallel = b.addRegion("OpenMP Parallel", false, org.igtrace.core.trace.OmpRole.PARALLEL);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        LocationEvents master = sink.location(0, 0), worker = sink.location(0, 1);
        master.enter(0, working);
        worker.enter(5, working);
        for (long[] team : new long[][] {{10, 30}, {60, 80}}) {
            if (team[0] == 60) {
                worker.leave(40, working);
                worker.enter(50, working);
            }
            for (LocationEvents l : List.of(master, worker)) {
                l.enter(team[0], parallel);
                l.leave(team[1], parallel);
            }
        }
        master.leave(100, working);
        worker.leave(100, working);
        Timeline t = builder.build();
        int p = StateClass.computeIn(t.regionNames().indexOf("OpenMP Parallel"));
        assertEquals(List.of(new Timeline.State(10, 30, p), new Timeline.State(60, 80, p)), t.rows().get(1).states());
    }

    /**
     * A team of two: the master in {@code working} 0..100, both threads in {@code parallel} 10..30 and 60..80, the worker in
     * {@code call} 40..45; the worker in {@code working} from {@code workerFrom} to 100 (negative: never, as Score-P).
     */
    private static void team(LocationEvents master, LocationEvents worker, long workerFrom, int working, int parallel, int call) {
        master.enter(0, working);
        if (workerFrom >= 0) {
            worker.enter(workerFrom, working);
        }
        for (LocationEvents l : List.of(master, worker)) {
            l.enter(10, parallel);
            l.leave(30, parallel);
        }
        worker.enter(40, call);
        worker.leave(45, call);
        for (LocationEvents l : List.of(master, worker)) {
            l.enter(60, parallel);
            l.leave(80, parallel);
        }
        master.leave(100, working);
        if (workerFrom >= 0) {
            worker.leave(100, working);
        }
    }

    /**
     * A row drawn as shares shows its MPI_Init where it lies after the timeline's left edge (the earliest MPI_Init leave):
     * p1 leaves MPI_Init at 100, p0 at 300, then p0 enters and leaves a region 600 times (more states than a row keeps exactly).
     * The columns from 100 to 300 of p0's row are MPI other, whole, as drawn state by state (they were blank: the bins start
     * after MPI_Init; scorep-sst-macro-10's ranks 0 and 3-9 at the default width).
     */
    @Test
    void aRowOfSharesDrawsItsMpiInitAfterTheLeftEdge() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), alpha = b.addRegion("alpha", false), init = b.addRegion("MPI_Init", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE, true);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        LocationEvents p0 = sink.location(0, 0), p1 = sink.location(1, 1);
        p0.enter(0, main);
        p0.enter(0, init);
        p0.leave(300, init);
        for (int t = 300; t < 1500; t += 2) {
            p0.enter(t, alpha);
            p0.leave(t + 1, alpha);
        }
        p0.leave(1500, main);
        p1.enter(0, main);
        p1.enter(0, init);
        p1.leave(100, init);
        p1.leave(1500, main);
        Timeline timeline = builder.build();
        assertEquals(100, timeline.start(), 1e-9);
        float[][] shares = timeline.rows().get(0).shares();
        assertNotNull(shares, "600 states: drawn as shares");
        double perColumn = (timeline.end() - timeline.start()) / timeline.columns(); // 14 s
        for (int c = 0; timeline.start() + (c + 1) * perColumn <= 300; c++) {
            assertEquals(1f, shares[StateClass.MPI_OTHER][c], 1e-4f, "column " + c);
        }
    }

    /**
     * Under the measured span the picture ends at the latest MPI_Finalize enter (1400 here), and a row drawn as shares
     * showed time from after it in its last column: its last bin, which straddles the end, spread its MPI_Finalize (1400
     * to 1410) and the region after it (1410 to 1500) over the bin's width (the helper's hand-made trace: 9 of 28 px of
     * "MPI other" in the last column of a row computing up to MPI_Finalize; scorep-cloverleaf-acc-2's compute outside any
     * region, which runs only after 6.6729 s, at 6.671999 s). p0 computes in main from 1210 to 1400: its last column is all
     * compute, none of it MPI.
     */
    @Test
    void aRowOfSharesDrawsNothingFromAfterTheMeasuredEnd() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), alpha = b.addRegion("alpha", false), beta = b.addRegion("beta", false);
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE, true);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        for (int p = 0; p < 2; p++) {
            LocationEvents l = sink.location(p, p);
            l.enter(0, main);
            l.enter(0, init);
            l.leave(10, init);
            for (int t = 10; t < 1210; t += 2) {
                l.enter(t, alpha);
                l.leave(t + 1, alpha);
            }
            l.enter(1400, fin);
            l.leave(1410, fin);
            l.enter(1410, beta);
            l.leave(1500, beta);
            l.leave(1500, main);
        }
        Timeline timeline = builder.build();
        assertEquals(10, timeline.start(), 1e-9);
        assertEquals(1400, timeline.end(), 1e-9);
        float[][] shares = timeline.rows().get(0).shares();
        assertNotNull(shares, "600 states: drawn as shares");
        int last = timeline.columns() - 1; // 1386.1 to 1400
        float drawn = 0;
        for (int k = 0; k < StateClass.COUNT; k++) {
            assertTrue(k == StateClass.computeIn(0) || shares[k][last] == 0, "class " + k + " in the last column: " + shares[k][last]);
            drawn += shares[k][last];
        }
        assertEquals(1f, drawn, 1e-4f, "the last column all main's compute");
    }

    /**
     * Where the measured part is over 99 % of the trace the whole run is drawn, to its last event: a row drawn as shares
     * keeps the code after its MPI_Finalize (beta, 9991 to 10000), which the cut at the measured end must not drop (a review
     * of that cut: the last column blank but for main's compute). Column 99 is 9900 to 10000: main 90 ticks, MPI_Finalize
     * 1, beta 9, all of it drawn.
     */
    @Test
    void aRowOfSharesKeepsTheCodeAfterMpiFinalizeWhenTheWholeRunIsDrawn() {
        TraceDefinitions.Builder b = TraceDefinitions.builder();
        b.addProcess("p0", null);
        b.addProcess("p1", null);
        int main = b.addRegion("main", false), alpha = b.addRegion("alpha", false), beta = b.addRegion("beta", false);
        int init = b.addRegion("MPI_Init", true), fin = b.addRegion("MPI_Finalize", true);
        TimelineBuilder builder = new TimelineBuilder(b.ticksPerSecond(1).startTicks(0).build(), 100, null, Long.MIN_VALUE,
                Long.MAX_VALUE, true);
        LocationSink sink = builder.perLocation(NO_PROFILE);
        for (int p = 0; p < 2; p++) {
            LocationEvents l = sink.location(p, p);
            l.enter(0, main);
            l.enter(0, init);
            l.leave(1, init);
            for (int t = 1; t < 1201; t += 2) {
                l.enter(t, alpha);
                l.leave(t + 1, alpha);
            }
            l.enter(9990, fin);
            l.leave(9991, fin);
            l.enter(9991, beta);
            l.leave(10000, beta);
            l.leave(10000, main);
        }
        Timeline timeline = builder.build();
        assertEquals(0, timeline.start(), 1e-9);
        assertEquals(10000, timeline.end(), 1e-9);
        float[][] shares = timeline.rows().get(0).shares();
        assertNotNull(shares, "600 states: drawn as shares");
        float drawn = 0;
        for (int k = 0; k < StateClass.COUNT; k++) {
            drawn += shares[k][99];
        }
        assertEquals(1f, drawn, 1e-4f, "the last column: main, MPI_Finalize and beta");
        assertEquals(0.01f, shares[StateClass.MPI_OTHER][99], 1e-4f, "MPI_Finalize's 1 tick of 100");
    }
}
