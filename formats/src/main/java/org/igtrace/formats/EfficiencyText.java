package org.igtrace.formats;

import java.util.Locale;
import org.igtrace.core.efficiency.Efficiency;

/** The efficiency metrics in words, as the tables of stats and predict print them. */
public final class EfficiencyText {
    private EfficiencyText() {
    }

    /**
     * The hybrid efficiencies of a run of several threads per process (definitions section 10a), in words: "hybrid parallel
     * efficiency 0.525 = MPI 0.915 x OpenMP 0.574 (additive: 1 - 0.085 - 0.390)".
     */
    public static String hybrid(Efficiency e) {
        return String.format(Locale.ROOT, "hybrid parallel efficiency %.3f = MPI %.3f x OpenMP %.3f (additive: 1 - %.3f - %.3f)",
                e.hybridParallelEfficiency(), e.parallelEfficiency(), e.openMpParallelEfficiency(), 1 - e.parallelEfficiency(),
                1 - e.openMpParallelEfficiencyAdditive());
    }
}
