package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.igtrace.core.trace.OmpRole;
import org.igtrace.core.trace.TraceDefinitions;
import org.junit.jupiter.api.Test;

/**
 * A process whose threads are read apart (two tasks of a distributed engine) and assembled from their
 * {@link LocationTimes} in longs gives what one accumulator over all of them gives (definitions sections 3 and 10a).
 */
class LocationTimesTest {
    // Regions: 0 compute, 1 MPI_Send, 2 omp parallel, 3 omp implicit barrier.
    private static TraceDefinitions definitions() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        b.addProcess("P0", null);
        b.addProcess("P1", null);
        b.addRegion("compute", false, OmpRole.NONE);
        b.addRegion("MPI_Send", false, OmpRole.NONE);
        b.addRegion("!$omp parallel", false, OmpRole.PARALLEL);
        b.addRegion("!$omp implicit barrier", false, OmpRole.IMPLICIT_BARRIER);
        b.addCommunicator(new int[] {0, 1});
        return b.build();
    }

    /** Rank 0: a master 0..1000 with MPI 0..100 and a team 100..1000; its worker 150..1000 in the team. */
    private static void master(LocationAccumulator m) {
        m.enter(0, 0);
        m.enter(0, 1);
        m.leave(100, 1);
        m.enter(100, 2);
        m.enter(400, 3);  // arrives at 400, the worker at 800: waits 400 ticks
        m.leave(900, 3);
        m.leave(1000, 2);
        m.leave(1000, 0);
    }

    private static void worker(LocationAccumulator w) {
        w.enter(150, 2);
        w.enter(800, 3);
        w.leave(900, 3);
        w.leave(1000, 2);
    }

    @Test
    void threadsReadApartAssembleAsTheCommandLineDoes() {
        TraceAccumulator all = new TraceAccumulator(definitions(), false);
        master(all.location(0, 0));
        worker(all.location(0, 1));
        ProcessProfile whole = all.profile().processes().get(0);

        // Two tasks: each reads one thread and hands on its times in longs.
        TraceAccumulator first = new TraceAccumulator(definitions(), false), second = new TraceAccumulator(definitions(), false);
        worker(second.location(0, 1));
        master(first.location(0, 0));
        List<LocationTimes> times = new ArrayList<>();
        for (TraceAccumulator task : List.of(second, first)) {
            task.locations().forEach(l -> times.add(LocationTimes.ofLongs(l.times().toLongs())));
        }
        ProfileTotals totals = new ProfileTotals(2);
        times.forEach(totals::add);
        ProcessProfile assembled = new TraceAccumulator(definitions(), false).profile(totals, times).processes().get(0);

        // T_0: the wall-clock span 0..1000 = 1.0 s (the threads added up: 1000 + 850 = 1.85 s); Tcomm_0: the master's 100 ticks.
        assertEquals(1.0, assembled.time(), 0);
        assertEquals(0.1, assembled.commTime(), 0);
        assertEquals(2, assembled.threads());
        // The master waits at the barrier from 400 to the worker's arrival at 800: 0.4 s; the worker not at all.
        assertEquals(List.of(0.4, 0.0), assembled.openMp().threads().stream().map(OpenMpTimes.ThreadTimes::waitBarrier).toList());
        assertEquals(whole, assembled);
    }

    /**
     * Threads that take turns in MPI, read apart: the master's MPI_Send [0, 100] and the worker's [150, 400] (its
     * recording off [200, 250]) carry their calls in longs, so the assembled Tcomm_0 is their union less the worker's
     * time off, 100 + 250 - 50 = 300 ticks, as one accumulator over both gives (the busiest thread's would be 200).
     */
    @Test
    void threadsTakingTurnsInMpiAssembleTheirUnion() {
        java.util.BitSet several = new java.util.BitSet();
        several.set(0);
        TraceDefinitions d = definitions().withSeveralThreads(several);
        TraceAccumulator all = new TraceAccumulator(d, false);
        TraceAccumulator first = new TraceAccumulator(d, false), second = new TraceAccumulator(d, false);
        for (TraceAccumulator a : List.of(all, first)) {
            LocationAccumulator m = a.location(0, 0);
            m.enter(0, 0);
            m.enter(0, 1);
            m.leave(100, 1);
            m.leave(1000, 0);
        }
        for (TraceAccumulator a : List.of(all, second)) {
            LocationAccumulator w = a.location(0, 1);
            w.enter(150, 1);
            w.measurement(200, false);
            w.measurement(250, true);
            w.leave(400, 1);
        }
        List<LocationTimes> times = new ArrayList<>();
        for (TraceAccumulator task : List.of(second, first)) {
            task.locations().forEach(l -> times.add(LocationTimes.ofLongs(l.times().toLongs())));
        }
        ProfileTotals totals = new ProfileTotals(2);
        times.forEach(totals::add);
        ProcessProfile assembled = new TraceAccumulator(d, false).profile(totals, times).processes().get(0);
        assertEquals(0.3, assembled.commTime(), 1e-12);
        assertEquals(all.profile().processes().get(0), assembled);
    }

    @Test
    void aTraceWithoutOpenMpCarriesNoRecords() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        b.addProcess("P0", null);
        b.addRegion("compute", false);
        TraceAccumulator acc = new TraceAccumulator(b.build(), false);
        LocationAccumulator l = acc.location(0, 3);
        l.enter(5, 0);
        l.leave(25, 0);
        long[] v = l.times().toLongs();
        assertEquals(10, v.length);
        LocationTimes t = LocationTimes.ofLongs(v);
        assertEquals(20, t.spanTicks());
        assertEquals(3, t.order());
        assertNull(t.omp);
    }
    /**
     * Rank 0's master 0..1000 with a team 100..400 (barrier: master 300..400, worker 350..400), each thread's recording
     * off over the interval given (null: never), its events fed in time order.
     */
    private static ProcessProfile masterOff(long[] masterOff, long[] workerOff, boolean apart) {
        TraceAccumulator acc = new TraceAccumulator(definitions(), false);
        // {time, kind (0 enter, 1 leave), region}
        feed(acc.location(0, 0), masterOff, new long[][] {{0, 0, 0}, {100, 0, 2}, {300, 0, 3}, {400, 1, 3}, {400, 1, 2}, {1000, 1, 0}});
        feed(acc.location(0, 1), workerOff, new long[][] {{100, 0, 2}, {350, 0, 3}, {400, 1, 3}, {400, 1, 2}});
        if (!apart) {
            return acc.profile().processes().get(0);
        }
        List<LocationTimes> times = new ArrayList<>();
        acc.locations().forEach(l -> times.add(LocationTimes.ofLongs(l.times().toLongs())));
        ProfileTotals totals = new ProfileTotals(2);
        times.forEach(totals::add);
        return new TraceAccumulator(definitions(), false).profile(totals, times).processes().get(0);
    }

    private static void feed(LocationAccumulator l, long[] off, long[][] events) {
        boolean offFed = off == null, onFed = off == null;
        for (long[] e : events) {
            if (!offFed && off[0] <= e[0]) {
                l.measurement(off[0], false);
                offFed = true;
            }
            if (!onFed && off[1] <= e[0]) {
                l.measurement(off[1], true);
                onFed = true;
            }
            if (e[1] == 0) {
                l.enter(e[0], (int) e[2]);
            } else {
                l.leave(e[0], (int) e[2]);
            }
        }
    }

    /**
     * The master switches recording off from 850 to 940, when its worker (100..400) has ended: no thread of the process
     * was recorded then, so T_0 is 1000 - 90 = 910 ticks (0.91 s), as for the master alone. It was 1.0 s: the process
     * left out only the least time off of any thread (the worker's 0). The worker is idle for the process's recorded
     * time outside its team, 910 - 300 = 610; its useful time is its team's 300 less its 50 in the barrier (runtime:
     * it arrived last); the master's 910 less its 50 of waiting and 50 of runtime in the barrier.
     */
    @Test
    void timeOffWhenNoOtherThreadIsRecordedIsLeftOutOfTheProcess() {
        for (boolean apart : new boolean[] {false, true}) {
            ProcessProfile p = masterOff(new long[] {850, 940}, null, apart);
            assertEquals(0.91, p.time(), 1e-12);
            List<OpenMpTimes.ThreadTimes> t = p.openMp().threads();
            assertEquals(0.61, t.get(1).idle(), 1e-12);
            assertEquals(0.25, t.get(1).useful(), 1e-12);
            assertEquals(0.81, t.get(0).useful(), 1e-12);
        }
    }

    /**
     * The master off 120..180 and the worker off 200..250, both in their team: at every time one of them was recorded,
     * so T_0 is the whole 1000 ticks. It was 950: the least time off of a thread (the worker's 50) was left out, though
     * the master ran then.
     */
    @Test
    void timeOffOfOneThreadWhileAnotherIsRecordedStaysInTheProcess() {
        assertEquals(1.0, masterOff(new long[] {120, 180}, new long[] {200, 250}, false).time(), 1e-12);
        assertEquals(1.0, masterOff(new long[] {120, 180}, new long[] {200, 250}, true).time(), 1e-12);
    }
    /**
     * Two parallel regions back to back, P1 100..400 and P2 402..800, of a master and two workers; barrier arrivals
     * 300 / 350 / 380 in P1 and 790 / 600 / 700 in P2, each barrier left at its region's end. Worker 2 leaves P1 at 405,
     * after the master entered P2 (a worker descheduled after the barrier). Each region is its own team instance: the
     * master waits 380 - 300 = 80 ticks, worker 1 (380 - 350) + (790 - 600) = 220, worker 2 790 - 700 = 90. Both regions
     * were one instance (they overlapped by 3 ticks), P1's barrier measured against P2's last arrival: 100 / 240 / 110.
     */
    @Test
    void regionsBackToBackAreTwoTeamInstancesThoughAWorkerLeavesLate() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        b.addProcess("P0", null);
        b.addRegion("compute", false, OmpRole.NONE);
        b.addRegion("MPI_Send", false, OmpRole.NONE);
        b.addRegion("!$omp parallel", false, OmpRole.PARALLEL);
        b.addRegion("!$omp implicit barrier", false, OmpRole.IMPLICIT_BARRIER);
        TraceAccumulator acc = new TraceAccumulator(b.build(), false);
        feed(acc.location(0, 0), null, new long[][] {{0, 0, 0}, {100, 0, 2}, {300, 0, 3}, {400, 1, 3}, {400, 1, 2}, {402, 0, 2}, {790, 0, 3},
            {800, 1, 3}, {800, 1, 2}, {1000, 1, 0}});
        feed(acc.location(0, 1), null, new long[][] {{100, 0, 2}, {350, 0, 3}, {400, 1, 3}, {400, 1, 2}, {402, 0, 2}, {600, 0, 3}, {800, 1, 3},
            {800, 1, 2}});
        feed(acc.location(0, 2), null, new long[][] {{100, 0, 2}, {380, 0, 3}, {400, 1, 3}, {405, 1, 2}, {406, 0, 2}, {700, 0, 3}, {800, 1, 3},
            {800, 1, 2}});
        List<OpenMpTimes.ThreadTimes> t = acc.profile().processes().get(0).openMp().threads();
        assertEquals(List.of(0.08, 0.22, 0.09), t.stream().map(OpenMpTimes.ThreadTimes::waitBarrier).toList());
    }
    /**
     * Rank 0: a master 0..1000 with a team 100..400 (barrier: master 300..400, worker 350..400), and a pthread 50..950
     * that sends in MPI_Send 200..260 and 600..640, outside every team. The pthread is no worker: not idle, its useful
     * time its span less its MPI time, 900 - 100 = 800 ticks. It was idle for all of T_0 (1000) and useful 0, its parts
     * (1000 idle + 100 MPI) longer than the process. The master: 1000 less 50 waiting and 50 runtime; the worker idle
     * 1000 - 300 = 700, useful 300 less its 50 of runtime.
     */
    @Test
    void aThreadOutsideEveryTeamIsNoIdleWorker() {
        TraceAccumulator acc = new TraceAccumulator(definitions(), false);
        feed(acc.location(0, 0), null, new long[][] {{0, 0, 0}, {100, 0, 2}, {300, 0, 3}, {400, 1, 3}, {400, 1, 2}, {1000, 1, 0}});
        feed(acc.location(0, 1), null, new long[][] {{100, 0, 2}, {350, 0, 3}, {400, 1, 3}, {400, 1, 2}});
        feed(acc.location(0, 2), null, new long[][] {{50, 0, 0}, {200, 0, 1}, {260, 1, 1}, {600, 0, 1}, {640, 1, 1}, {950, 1, 0}});
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(1.0, p.time(), 1e-12);
        List<OpenMpTimes.ThreadTimes> t = p.openMp().threads();
        assertEquals(List.of(0.0, 0.7, 0.0), t.stream().map(OpenMpTimes.ThreadTimes::idle).toList());
        assertEquals(List.of(0.9, 0.25, 0.8), t.stream().map(OpenMpTimes.ThreadTimes::useful).toList());
        assertEquals(0.1, t.get(2).mpi(), 1e-12);
    }
    /**
     * Master and worker in a team 100..500 (barrier: master 480..500, worker 450..500), both with recording off 200..300:
     * T_0 = 1000 - 100 = 900 ticks. The worker's team time recorded is 400 - 100 = 300, so it is idle 900 - 300 = 600,
     * and useful 300 less its 30 of waiting and 20 of runtime in the barrier, 250. It was idle 500 and useful 350: the
     * team's whole 400 taken from T_0, which leaves the 100 off out already.
     */
    @Test
    void aProcessOffInsideATeamIsNotTheWorkersTeamTime() {
        TraceAccumulator acc = new TraceAccumulator(definitions(), false);
        feed(acc.location(0, 0), new long[] {200, 300}, new long[][] {{0, 0, 0}, {100, 0, 2}, {480, 0, 3}, {500, 1, 3}, {500, 1, 2},
            {1000, 1, 0}});
        feed(acc.location(0, 1), new long[] {200, 300}, new long[][] {{100, 0, 2}, {450, 0, 3}, {500, 1, 3}, {500, 1, 2}});
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(0.9, p.time(), 1e-12);
        List<OpenMpTimes.ThreadTimes> t = p.openMp().threads();
        assertEquals(0.6, t.get(1).idle(), 1e-12);
        assertEquals(0.25, t.get(1).useful(), 1e-12);
    }

    /**
     * Thread 0: main 0..1000 with MPI_Init 0..600 and a team 650..700; thread 1, a pthread, 100..900; thread 2 the
     * worker, 650..700. T_0 = 1000 - 600 = 400. The master is the thread with the longest first-to-last span, thread 0:
     * the pthread was taken (its 800 against thread 0's span less MPI_Init, 400), and thread 0 made an idle worker. The
     * worker is idle 400 - 50 = 350.
     */
    @Test
    void theMasterIsTheLongestSpanMpiInitIncluded() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        b.addProcess("P0", null);
        b.addRegion("compute", false, OmpRole.NONE);
        b.addRegion("MPI_Init", false, OmpRole.NONE);
        b.addRegion("!$omp parallel", false, OmpRole.PARALLEL);
        b.addRegion("!$omp implicit barrier", false, OmpRole.IMPLICIT_BARRIER);
        TraceAccumulator acc = new TraceAccumulator(b.build(), false);
        feed(acc.location(0, 0), null, new long[][] {{0, 0, 0}, {0, 0, 1}, {600, 1, 1}, {650, 0, 2}, {690, 0, 3}, {700, 1, 3}, {700, 1, 2},
            {1000, 1, 0}});
        feed(acc.location(0, 1), null, new long[][] {{100, 0, 0}, {900, 1, 0}});
        feed(acc.location(0, 2), null, new long[][] {{650, 0, 2}, {670, 0, 3}, {700, 1, 3}, {700, 1, 2}});
        ProcessProfile p = acc.profile().processes().get(0);
        assertEquals(0.4, p.time(), 1e-12); // 1000 less MPI_Init's 600
        List<OpenMpTimes.ThreadTimes> t = p.openMp().threads();
        assertEquals(List.of(0.0, 0.0, 0.35), t.stream().map(OpenMpTimes.ThreadTimes::idle).toList());
    }
    /**
     * main 0..900 with MPI_Init 5..45, recording off 10..30 inside it, and MPI_Finalize 860..890: T_0 = 900 - 20 (off) -
     * (40 - 20) (MPI_Init's recorded time) - 30 = 830 ticks. The time off inside MPI_Init was taken out twice, once as off
     * and once as the call's: 810.
     */
    @Test
    void timeOffInsideMpiInitIsTakenOutOnce() {
        TraceDefinitions.Builder b = TraceDefinitions.builder().ticksPerSecond(1000);
        b.addProcess("P0", null);
        b.addRegion("main", false, OmpRole.NONE);
        b.addRegion("MPI_Init", false, OmpRole.NONE);
        b.addRegion("MPI_Finalize", false, OmpRole.NONE);
        TraceAccumulator acc = new TraceAccumulator(b.build(), false);
        feed(acc.location(0, 0), new long[] {10, 30}, new long[][] {{0, 0, 0}, {5, 0, 1}, {45, 1, 1}, {860, 0, 2}, {890, 1, 2}, {900, 1, 0}});
        assertEquals(0.83, acc.profile().processes().get(0).time(), 1e-12);
    }
}
