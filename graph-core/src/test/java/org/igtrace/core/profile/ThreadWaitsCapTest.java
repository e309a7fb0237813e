package org.igtrace.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

/**
 * A process's waiting is scaled down to its Tcomm_i only when several of its threads call MPI (definitions section 3):
 * their waits are added up while Tcomm_i counts the time they were in MPI at once once. One thread in MPI (a second that computes) keeps its
 * waits as they are, as a single-threaded process does (they are within its Tcomm_i, definitions section 8: the report
 * below is made up to show that nothing caps them).
 */
class ThreadWaitsCapTest {
    private static final double TICKS = 1e6; // a tick is a microsecond

    /** A report of rank 0 waiting {@code lateSender} and {@code barrier} us. */
    private static WaitReport report(long lateSender, long barrier) {
        long[][] ticks = new long[WaitPattern.values().length][1];
        ticks[WaitPattern.LATE_SENDER.ordinal()][0] = lateSender;
        ticks[WaitPattern.BARRIER.ordinal()][0] = barrier;
        return new WaitReport(false, true, new long[1], new boolean[1], 0, 0, 0, 0, ticks, TICKS, List.of(), List.of(), 0, 0, List.of());
    }

    /** Rank 0 of two threads, Tcomm 320 us, with {@code mpi} us in MPI on each thread. */
    private static TraceProfile profile(double... mpi) {
        List<OpenMpTimes.ThreadTimes> threads = new java.util.ArrayList<>();
        for (double m : mpi) {
            threads.add(new OpenMpTimes.ThreadTimes(0, 0, 0, 0, m * 1e-6, 0));
        }
        ProcessProfile p = new ProcessProfile(0, "rank 0", "host", 1000e-6, 320e-6, mpi.length, new OpenMpTimes(threads));
        return new TraceProfile(List.of(p), List.of(), 0, List.of());
    }

    @Test
    void twoThreadsInMpiWaitAtMostTheirProcessesTcomm() {
        WaitReport w = profile(110, 320).withWaits(report(300, 100)).waits();
        // 400 us scaled to 320: each pattern by 0.8
        assertEquals(240e-6, w.seconds(WaitPattern.LATE_SENDER, 0), 1e-12);
        assertEquals(80e-6, w.seconds(WaitPattern.BARRIER, 0), 1e-12);
        assertTrue(w.notes().stream().anyMatch(n -> n.contains("(rank 0 400 us against 320 us): their waiting is scaled down to T_comm")),
                w.notes().toString());
    }

    @Test
    void oneThreadInMpiKeepsItsWaits() {
        WaitReport w = profile(320, 0).withWaits(report(300, 250)).waits();
        assertEquals(550e-6, w.total(0), 1e-12);
        assertTrue(w.notes().isEmpty(), w.notes().toString());
    }
}
