package org.igtrace.formats;

import org.igtrace.core.efficiency.Efficiency;
import org.igtrace.core.util.Labels;

/** The efficiency metrics in words, as the tables of stats and predict print them. */
public final class EfficiencyText {
    private EfficiencyText() {
    }

    /**
     * The hybrid efficiencies of a run of several threads per process (definitions section 10a), in words: "hybrid parallel
     * efficiency 0.525 = MPI 0.915 x OpenMP 0.574 (additive: 1 - 0.085 - 0.390)".
     */
    public static String hybrid(Efficiency e) {
        // threads that recorded no OpenMP construct (pthreads, HPX's workers): their efficiency is no OpenMP one
        String threads = e.openMpConstructs() ? "OpenMP" : "threads";
        if (e.threadsOverlapMpi()) { // no product to write: the OpenMP efficiency is capped at 1
            return "hybrid parallel efficiency " + Labels.fixed(e.hybridParallelEfficiency(), 3) + ", above the MPI one "
                    + Labels.fixed(e.parallelEfficiency(), 3) + " (threads without MPI computed while the MPI threads were in MPI): "
                    + threads + " 1.000";
        }
        return "hybrid parallel efficiency " + Labels.fixed(e.hybridParallelEfficiency(), 3) + " = MPI " + Labels.fixed(e.parallelEfficiency(), 3)
                + " x " + threads + " " + Labels.fixed(e.openMpParallelEfficiency(), 3) + " (additive: 1 - " + Labels.fixed(1 - e.parallelEfficiency(), 3)
                + " - " + Labels.fixed(1 - e.openMpParallelEfficiencyAdditive(), 3) + ")";
    }
}
