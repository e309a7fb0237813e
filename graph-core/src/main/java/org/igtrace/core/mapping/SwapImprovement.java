package org.igtrace.core.mapping;

/**
 * Steepest-descent by swaps: for each rank in turn, the exchange of its slot with any other slot
 * (another rank's or a free one) that lowers hop-bytes most is made; passes repeat until one
 * changes nothing (or a pass limit). Each candidate costs the two ranks' degrees.
 */
final class SwapImprovement {
    private static final int PASSES = 50;

    private SwapImprovement() {
    }

    static void improve(SlotState state) {
        int slots = state.slotCount();
        for (int pass = 0; pass < PASSES; pass++) {
            boolean changed = false;
            for (int r = 0; r < state.node.length; r++) {
                int a = state.slotOf[r];
                int best = -1;
                double bestDelta = -1e-9 * Math.max(1, state.graph.totalBytes());
                for (int b = 0; b < slots; b++) {
                    double d = state.swapDelta(a, b);
                    if (d < bestDelta) {
                        bestDelta = d;
                        best = b;
                    }
                }
                if (best >= 0) {
                    state.swap(a, best);
                    changed = true;
                }
            }
            if (!changed) {
                return;
            }
        }
    }
}
