package org.igtrace.core.efficiency;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.igtrace.core.profile.OpenMpTimes;
import org.igtrace.core.profile.ProcessProfile;
import org.igtrace.core.profile.TraceProfile;
import org.igtrace.core.wait.WaitReport;

/**
 * Efficiency and lost time (definitions section 10, the POP metrics of seed 001), from a profile's
 * {@code T_i} and {@code Tcomm_i}, its wait report, and optionally the ideal-network run time of
 * the replay (definitions section 9).
 *
 * <p>{@code U_i = T_i - Tcomm_i}, {@code T = max_i T_i}; {@code LB = mean U / max U},
 * {@code CommE = max U / T}, {@code PE = mean U / T}; with {@code T_ideal}: {@code SerE = max U / T_ideal},
 * {@code TE = T_ideal / T}. Per process: {@code e_i = U_i / T} and the lost time {@code T - U_i}
 * split into {@code lost_idle = T - T_i}, {@code lost_wait} (its waiting, 0 without a wait report) and
 * {@code lost_transfer = Tcomm_i - lost_wait}, which add up to {@code T - U_i}.
 * Degenerate cases: {@code LB = 1} when every {@code U_i} is 0; efficiencies with {@code T = 0} are 1.
 * The maxima, means and rows are over the profile's selected processes (all, or those of a
 * {@code --ranks} selection: definitions section 11).
 *
 * @param runtime                 {@code T}, seconds
 * @param idealRuntime            {@code T_ideal}, seconds, or NaN when no replay ran
 * @param loadBalance             {@code LB}
 * @param communicationEfficiency {@code CommE}
 * @param serialisationEfficiency {@code SerE}, NaN without {@code T_ideal}
 * @param transferEfficiency      {@code TE}, NaN without {@code T_ideal}
 * @param parallelEfficiency      {@code PE = LB * CommE}; in a run of several threads per process the MPI parallel
 *                                efficiency (definitions section 10a)
 * @param processes               per selected process, in rank order
 * @param hybridParallelEfficiency with several threads in a selected process: the mean useful time of all their
 *                                threads over {@code T} (definitions section 10a); NaN otherwise
 * @param openMpParallelEfficiency {@code hybridParallelEfficiency / parallelEfficiency}, at most 1; NaN as the other
 */
public record Efficiency(double runtime, double idealRuntime, double loadBalance, double communicationEfficiency,
                         double serialisationEfficiency, double transferEfficiency, double parallelEfficiency,
                         List<ProcessEfficiency> processes, double hybridParallelEfficiency, double openMpParallelEfficiency) {

    /**
     * One process's share (definitions section 10), seconds except {@code efficiency}.
     *
     * @param lostTransfer Tcomm_i less the waiting, at least 0 since no wait is measured inside calls that are not
     *                     communication (MPI_Init/MPI_Finalize, definitions section 8); the parts add up
     */
    public record ProcessEfficiency(int rank, double useful, double efficiency, double lostIdle, double lostWait,
                                    double lostTransfer, OpenMpTimes openMp) {
        /** {@code T - U_i}: the sum of the three lost parts. */
        public double lost() {
            return lostIdle + lostWait + lostTransfer;
        }
    }

    public Efficiency {
        processes = List.copyOf(processes);
    }

    /** The metrics without {@code T_ideal} (SerE and TE are NaN). */
    public static Efficiency of(TraceProfile profile) {
        return of(profile, Double.NaN);
    }

    /** The metrics with {@code idealRuntime} ({@code T_ideal} of the replay), NaN if unknown. */
    public static Efficiency of(TraceProfile profile, double idealRuntime) {
        List<ProcessProfile> ps = profile.processes();
        WaitReport waits = profile.waits();
        double runtime = 0, maxUseful = 0, sumUseful = 0;
        int counted = 0;
        boolean threaded = false;
        double threadUseful = 0;
        int threadCount = 0;
        for (ProcessProfile p : ps) {
            if (!counted(profile, p)) {
                continue;
            }
            threaded |= p.openMp() != null;
            threadUseful += p.openMp() != null ? p.openMp().useful() : p.time() - p.commTime();
            threadCount += p.openMp() != null ? p.openMp().threads().size() : 1;
            runtime = Math.max(runtime, p.time());
            double u = p.time() - p.commTime();
            maxUseful = Math.max(maxUseful, u);
            sumUseful += u;
            counted++;
        }
        double meanUseful = counted == 0 ? 0 : sumUseful / counted;
        List<ProcessEfficiency> rows = new ArrayList<>(ps.size());
        double ticksPerSecond = waits == null ? 0 : waits.ticksPerSecond();
        for (ProcessProfile p : ps) {
            if (!counted(profile, p)) {
                continue;
            }
            double useful = difference(p.time(), p.commTime(), ticksPerSecond);
            double wait = waits == null ? 0 : waits.total(p.rank());
            // in a run of several threads a process of one has its one thread's row, as the hybrid efficiency counts it
            OpenMpTimes omp = p.openMp() != null || !threaded ? p.openMp() : OpenMpTimes.oneThread(p.commTime(), p.time() - p.commTime());
            rows.add(new ProcessEfficiency(p.rank(), useful, ratio(useful, runtime), difference(runtime, p.time(), ticksPerSecond),
                    wait, difference(p.commTime(), wait, ticksPerSecond), omp));
        }
        double lb = maxUseful > 0 ? meanUseful / maxUseful : 1;
        double comm = ratio(maxUseful, runtime);
        boolean comparable = !Double.isNaN(idealRuntime);
        double ser = comparable ? ratio(maxUseful, idealRuntime) : Double.NaN;
        double te = comparable ? ratio(idealRuntime, runtime) : Double.NaN;
        double pe = ratio(meanUseful, runtime);
        double hybrid = threaded ? ratio(threadCount == 0 ? 0 : threadUseful / threadCount, runtime) : Double.NaN;
        // at most 1: threads that call no MPI can compute while the MPI threads are in MPI (hybrid above MPI: no thread-level loss)
        return new Efficiency(runtime, idealRuntime, lb, comm, ser, te, pe, rows, hybrid, threaded ? Math.min(1, ratio(hybrid, pe)) : Double.NaN);
    }

    /**
     * Whether a process's threads recorded OpenMP constructs (definitions section 10a); false for a threaded run
     * without them (pthreads, HPX), whose "OpenMP" efficiency is the threads' efficiency.
     *
     * @return true when some process's threads recorded a parallel region, a barrier or an OpenMP runtime call
     */
    public boolean openMpConstructs() {
        return processes.stream().anyMatch(p -> p.openMp() != null && p.openMp().constructs());
    }

    /** Whether a selected process has several threads: the hybrid efficiencies and the OpenMP times are given. */
    public boolean threaded() {
        return !Double.isNaN(hybridParallelEfficiency);
    }

    /**
     * The OpenMP parallel efficiency in the additive form (definitions section 10a): {@code 1 - (MPI PE - hybrid PE)},
     * so that the hybrid inefficiency {@code 1 - hybrid PE} is the MPI one plus the OpenMP one; NaN as the others.
     */
    public double openMpParallelEfficiencyAdditive() {
        return Math.min(1, 1 - (parallelEfficiency - hybridParallelEfficiency)); // at most 1, as the multiplicative one
    }

    /**
     * Whether the hybrid parallel efficiency is above the MPI one (definitions section 10a): threads that call no MPI
     * computed while the MPI threads were in MPI, so the OpenMP efficiency is 1 and hybrid = MPI x OpenMP does not hold.
     */
    public boolean threadsOverlapMpi() {
        return hybridParallelEfficiency > parallelEfficiency;
    }

    /**
     * Whether process p is part of the metrics: selected (definitions section 11), and with a row
     * ({@link ProcessProfile#hasRow}: a process whose files --skip-missing or --skip-damaged left out has no
     * region event; counted as one with U_i = 0 it lowered LB from 0.991 to 0.743 on patterns-4 without rank
     * 2's file, and four ranks inside MPI_Init for all of a window of scorep-sst-macro-10 from 0.88 to 0.53).
     */
    private static boolean counted(TraceProfile profile, ProcessProfile p) {
        return profile.selected(p.rank()) && p.hasRow();
    }

    /**
     * {@code a - b} for two times that are whole numbers of timer ticks converted to seconds: the
     * difference is taken in ticks and converted once, so it carries no noise from the two
     * conversions (0.006501624, not 0.0065016239999999975). Without a timer resolution, plain.
     */
    private static double difference(double a, double b, double ticksPerSecond) {
        return ticksPerSecond > 0 ? Math.round((a - b) * ticksPerSecond) / ticksPerSecond : a - b;
    }

    private static double ratio(double part, double whole) {
        return whole > 0 ? part / whole : 1;
    }

    /** Graph attributes by their definitions section 10 output names, in a fixed order; those without a value (NaN) left out. */
    public Map<String, Double> graphAttributes() {
        Map<String, Double> a = new LinkedHashMap<>();
        a.put("runtime", runtime);
        a.put("ideal_runtime", idealRuntime);
        a.put("load_balance", loadBalance);
        a.put("communication_efficiency", communicationEfficiency);
        a.put("serialisation_efficiency", serialisationEfficiency);
        a.put("transfer_efficiency", transferEfficiency);
        a.put("parallel_efficiency", parallelEfficiency);
        if (threaded()) {
            a.put("mpi_parallel_efficiency", parallelEfficiency);
            a.put("openmp_parallel_efficiency", openMpParallelEfficiency);
            a.put("openmp_parallel_efficiency_additive", openMpParallelEfficiencyAdditive());
            a.put("hybrid_parallel_efficiency", hybridParallelEfficiency);
        }
        a.values().removeIf(v -> Double.isNaN(v));
        return a;
    }

    /** Vertex attributes of the process in row {@code index} of {@link #processes} by their definitions section 10 output names, in a fixed order. */
    public Map<String, Double> vertexAttributes(int index) {
        Map<String, Double> a = new LinkedHashMap<>();
        vertexAttributes(index, a::put);
        return a;
    }

    /** {@link #vertexAttributes(int)} handed to {@code into} one by one, in the same order, unboxed. */
    public void vertexAttributes(int index, java.util.function.ObjDoubleConsumer<String> into) {
        ProcessEfficiency p = processes.get(index);
        into.accept("useful", p.useful());
        into.accept("efficiency", p.efficiency());
        into.accept("lost_idle", p.lostIdle());
        into.accept("lost_wait", p.lostWait());
        into.accept("lost_transfer", p.lostTransfer());
        if (p.openMp() != null) {
            into.accept("wait_omp_barrier", p.openMp().waitBarrier());
            into.accept("wait_omp_ebarrier", p.openMp().waitEBarrier());
            into.accept("omp_idle", p.openMp().idle());
            into.accept("omp_runtime", p.openMp().runtime());
            into.accept("thread_useful", p.openMp().useful());
        }
    }
}
