package org.igtrace.core.efficiency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.igtrace.core.profile.OpenMpTimes;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitPattern;
import org.igtrace.core.wait.WaitReport;
import org.junit.jupiter.api.Test;

/** definitions section 10 on hand-worked numbers (written out in the comments). */
class EfficiencyTest {

    /**
     * p0: T = 10, Tcomm = 2, U = 8, waited 1 (late sender); p1: T = 9, Tcomm = 4, U = 5, waited 2.5
     * (barrier); p2: T = 8, Tcomm = 3, U = 5, no wait.
     */
    private static TraceProfile profile(boolean withWaits) {
        List<ProcessProfile> ps = List.of(new ProcessProfile(0, "p0", null, 10, 2),
                new ProcessProfile(1, "p1", null, 9, 4), new ProcessProfile(2, "p2", null, 8, 3));
        TraceProfile profile = new TraceProfile(ps, List.of(), 0, List.of());
        if (!withWaits) {
            return profile;
        }
        // Two ticks per second: 2 ticks = 1 s, 5 ticks = 2.5 s.
        long[][] ticks = new long[WaitPattern.values().length][3];
        ticks[WaitPattern.LATE_SENDER.ordinal()][0] = 2;
        ticks[WaitPattern.BARRIER.ordinal()][1] = 5;
        return profile.withWaits(new WaitReport(true, true, new long[3], new boolean[3], 0, 0, 0, 0, ticks, 2.0, List.of(),
                List.of(), 0, 0, List.of()));
    }

    /** T = max T_i = 10; max U = 8, mean U = 18 / 3 = 6: LB = 6 / 8 = 0.75, CommE = 8 / 10 = 0.8, PE = 6 / 10 = 0.6. */
    @Test
    void popMetrics() {
        Efficiency e = Efficiency.of(profile(true));
        assertEquals(10.0, e.runtime());
        assertEquals(0.75, e.loadBalance());
        assertEquals(0.8, e.communicationEfficiency());
        assertEquals(0.6, e.parallelEfficiency());
        assertEquals(e.loadBalance() * e.communicationEfficiency(), e.parallelEfficiency(), 1e-15);
        assertTrue(Double.isNaN(e.serialisationEfficiency()), "no T_ideal, no SerE");
        assertFalse(e.graphAttributes().containsKey("transfer_efficiency"));
    }

    /**
     * Lost time T - U_i split as idle T - T_i, wait, transfer Tcomm_i - wait:
     * p0: 0 + 1 + 1 = 2 = 10 - 8; p1: 1 + 2.5 + 1.5 = 5 = 10 - 5; p2: 2 + 0 + 3 = 5 = 10 - 5.
     * Efficiencies 8/10, 5/10, 5/10.
     */
    @Test
    void lostTimeAddsUpExactly() {
        Efficiency e = Efficiency.of(profile(true));
        double[][] expected = {{8, 0.8, 0, 1, 1}, {5, 0.5, 1, 2.5, 1.5}, {5, 0.5, 2, 0, 3}};
        for (int i = 0; i < 3; i++) {
            Efficiency.ProcessEfficiency p = e.processes().get(i);
            assertEquals(expected[i][0], p.useful());
            assertEquals(expected[i][1], p.efficiency());
            assertEquals(expected[i][2], p.lostIdle());
            assertEquals(expected[i][3], p.lostWait());
            assertEquals(expected[i][4], p.lostTransfer());
            assertEquals(e.runtime() - p.useful(), p.lost(), 0.0, "rank " + i + ": the parts add up exactly");
        }
        assertEquals(List.of("useful", "efficiency", "lost_idle", "lost_wait", "lost_transfer"),
                List.copyOf(e.vertexAttributes(1).keySet()));
        assertEquals(2.5, e.vertexAttributes(1).get("lost_wait"));
    }

    /** Without a wait report all lost MPI time is transfer: p1 1 + 0 + 4 = 5. */
    @Test
    void withoutWaitsEverythingInMpiIsTransfer() {
        Efficiency.ProcessEfficiency p1 = Efficiency.of(profile(false)).processes().get(1);
        assertEquals(0.0, p1.lostWait());
        assertEquals(4.0, p1.lostTransfer());
        assertEquals(5.0, p1.lost());
    }

    /** T_ideal = 9: SerE = 8 / 9, TE = 9 / 10 = 0.9, SerE * TE = 0.8 = CommE. */
    @Test
    void serialisationTimesTransferIsCommunicationEfficiency() {
        Efficiency e = Efficiency.of(profile(true), 9.0);
        assertEquals(8.0 / 9.0, e.serialisationEfficiency());
        assertEquals(0.9, e.transferEfficiency());
        assertEquals(e.communicationEfficiency(), e.serialisationEfficiency() * e.transferEfficiency(), 1e-15);
        assertEquals(List.of("runtime", "ideal_runtime", "load_balance", "communication_efficiency",
                "serialisation_efficiency", "transfer_efficiency", "parallel_efficiency"), List.copyOf(e.graphAttributes().keySet()));
    }

    /**
     * p0 with two threads (definitions section 10a): T_i is its wall-clock span, so T_ideal compares with it and SerE, TE
     * are given; its threads' useful times 7 and 3 with p1's 5 and p2's 5 give a hybrid PE of mean(7, 3, 5, 5) / T =
     * 5 / 10 = 0.5; the MPI PE is mean U / T = (8 + 5 + 5) / 3 / 10 = 0.6, the OpenMP PE 0.5 / 0.6, additive
     * 1 - (0.6 - 0.5) = 0.9.
     */
    @Test
    void aProcessOfSeveralThreadsGivesTheHybridEfficiencies() {
        OpenMpTimes threads = new OpenMpTimes(List.of(new OpenMpTimes.ThreadTimes(0, 0, 0, 0, 2, 7),
                new OpenMpTimes.ThreadTimes(1, 0, 5, 1, 0, 3)));
        List<ProcessProfile> ps = List.of(new ProcessProfile(0, "p0", null, 10, 2, 2, threads),
                new ProcessProfile(1, "p1", null, 9, 4), new ProcessProfile(2, "p2", null, 8, 3));
        Efficiency e = Efficiency.of(new TraceProfile(ps, List.of(), 0, List.of()), 9.0);
        assertTrue(e.threaded());
        assertEquals(0.9, e.transferEfficiency());
        assertEquals(0.6, e.parallelEfficiency(), 1e-15);
        assertEquals(0.5, e.hybridParallelEfficiency(), 1e-15);
        assertEquals(0.5 / 0.6, e.openMpParallelEfficiency(), 1e-15);
        assertEquals(0.9, e.openMpParallelEfficiencyAdditive(), 1e-15);
        assertEquals(List.of("runtime", "ideal_runtime", "load_balance", "communication_efficiency", "serialisation_efficiency",
                "transfer_efficiency", "parallel_efficiency", "mpi_parallel_efficiency", "openmp_parallel_efficiency",
                "openmp_parallel_efficiency_additive", "hybrid_parallel_efficiency"), List.copyOf(e.graphAttributes().keySet()));
        assertEquals(1.0, e.vertexAttributes(0).get("wait_omp_barrier"));
        assertEquals(5.0, e.vertexAttributes(0).get("omp_idle"));
        assertEquals(10.0, e.vertexAttributes(0).get("thread_useful"));
        assertTrue(!Efficiency.of(profile(true), 9.0).threaded());
    }

    /**
     * --ranks 1,2 (definitions section 11): the means and maxima are over p1 and p2 only, and only
     * they have rows. T = max(9, 8) = 9; U = 5, 5: LB = 5 / 5 = 1, CommE = 5 / 9, PE = 5 / 9.
     * p0 (U = 8) would otherwise have made T = 10 and LB = 6 / 8.
     */
    @Test
    void selectedRanksAloneMakeTheMeans() {
        java.util.BitSet ranks = new java.util.BitSet();
        ranks.set(1, 3);
        Efficiency e = Efficiency.of(profile(true).withSelectedRanks(ranks));
        assertEquals(9.0, e.runtime());
        assertEquals(1.0, e.loadBalance());
        assertEquals(5.0 / 9.0, e.communicationEfficiency());
        assertEquals(5.0 / 9.0, e.parallelEfficiency());
        assertEquals(List.of(1, 2), e.processes().stream().map(Efficiency.ProcessEfficiency::rank).toList());
        Efficiency.ProcessEfficiency p2 = e.processes().get(1);
        assertEquals(1.0, p2.lostIdle(), "p2: idle 9 - 8 = 1");
        assertEquals(3.0, p2.lostTransfer(), "p2: transfer 3 - 0 = 3");
        assertEquals(4.0, p2.lost(), "p2: 1 + 0 + 3 = 9 - 5");
    }

    /** A run where nobody computes: LB is 1 by convention, CommE and PE 0. */
    @Test
    void nobodyComputes() {
        TraceProfile p = new TraceProfile(List.of(new ProcessProfile(0, "p0", null, 2, 2)), List.of(), 0, List.of());
        Efficiency e = Efficiency.of(p);
        assertEquals(1.0, e.loadBalance());
        assertEquals(0.0, e.communicationEfficiency());
        assertEquals(0.0, e.parallelEfficiency());
    }
}
