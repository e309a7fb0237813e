package org.igtrace.core.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * An all-to-one instance up the binomial tree (issue 34 item 12, {@link ReplayCosts#towardRoot}) and its fit ({@link
 * TreeSteps}), worked by hand. P = 5 (l = 3): the tree toward the root is 0 <- 1, 2, 4 and 1 <- 3; members enter (by
 * relative rank v) at 0, 5, 1, 2, 9; one step costs c = L = 2 (B infinite).
 */
class TreeStepsTest {
    private static final double[] ENTERS = {0, 5, 1, 2, 9};
    private static final ReplayParameters C2 = ReplayParameters.flat(2, Double.POSITIVE_INFINITY, ReplayParameters.DEFAULT_EAGER_LIMIT, 1);

    private static double leave(long bytes, int v, double[] waited) {
        return ReplayCosts.towardRoot(C2, CollectiveFamily.ALL_TO_ONE, 5, bytes, v, ENTERS, 1, 0, waited);
    }

    /**
     * Eager (8 bytes): a member leaves once its subtree's data is in, ready(v) = max(enter(v), max over children of
     * ready(u) + c): ready(3) = 2, ready(1) = max(5, 2 + 2) = 5, ready(2) = 1, ready(4) = 9, and the root
     * max(0, 5 + 2, 1 + 2, 9 + 2) = 11, having waited until 9, when its last child's step began.
     */
    @Test
    void anEagerMemberLeavesWhenItsSubtreeIsIn() {
        double[] waited = {Double.NEGATIVE_INFINITY};
        assertEquals(11, leave(8, 0, waited), 1e-12);
        assertEquals(9, waited[0], 1e-12);
        double[] expected = {11, 5, 1, 2, 9};
        for (int v = 1; v < 5; v++) {
            assertEquals(expected[v], leave(8, v, new double[] {Double.NEGATIVE_INFINITY}), 1e-12, "v " + v);
        }
    }

    /**
     * Rendezvous (64 KiB): a step starts once its sender holds its subtree's data and its receiver is there; a member
     * other than the root leaves when its own step is done, max(ready(v), enter(parent)) + c: v 3 at max(2, 5) + 2 = 7,
     * so ready(1) = max(5, 7) = 7 and v 1 leaves at max(7, 0) + 2 = 9; v 2 at max(1, 0) + 2 = 3; v 4 at 9 + 2 = 11;
     * the root at max(0, 7 + 2, 1 + 2, 9 + 2) = 11. The fit finds c = 2 again from each member's leave: v 0 from
     * max(0, 9 + c, 5 + 2 c) = 11, v 1 from max(5 + c, 5 + 2 c) = 9, v 2 from 1 + c = 3, v 3 from 5 + c = 7, v 4 from
     * 9 + c = 11.
     */
    @Test
    void aRendezvousMemberLeavesWhenItsParentTookItsData() {
        double[] leaves = new double[5];
        for (int v = 0; v < 5; v++) {
            leaves[v] = leave(65536, v, new double[] {Double.NEGATIVE_INFINITY});
        }
        assertArrayEquals(new double[] {11, 9, 3, 7, 11}, leaves, 1e-12);
        double[] out = new double[5];
        int n = TreeSteps.gathered(out, ENTERS, leaves, new int[] {0, 1, 2, 3, 4}, 0, 5, 5, true);
        assertArrayEquals(new double[] {2, 2, 2, 2, 2}, java.util.Arrays.copyOf(out, n), 1e-12);
    }

    /**
     * max(5, 10 + c, 20 + 2 c) reaches 26 at c = 3 (the 2 c line first: (26 - 20) / 2 = 3 < 26 - 10); it is past 15 at
     * c = 0 already (0); a member whose leave has no c in it (an eager leaf) gives no sample.
     */
    @Test
    void theStepIsWhereTheFirstLineReachesTheLeave() {
        assertEquals(3, TreeSteps.solve(new double[] {5, 10, 20}, 26), 1e-12);
        assertEquals(0, TreeSteps.solve(new double[] {5, 10, 20}, 15), 1e-12);
        assertTrue(Double.isNaN(TreeSteps.solve(new double[] {5, Double.NEGATIVE_INFINITY}, 7)));
    }

    /**
     * P = 4 (0 <- 1, 2; 1 <- 3), eager, c = 20: members enter at 100 (the root, last), 50, 50, 50; ready(3) = 50, ready(1)
     * = max(50, 50 + 20) = 70, ready(2) = 50, the root max(100, 70 + 20, 50 + 20) = 100. Only v 1 shows c: (70 - 50) / 1
     * = 20. The root left at its own entry, which any c up to 25 gives: it showed 0, and the median of {0, 20} halved
     * the fit (a reduce whose root enters last, predicted 9 % short on a trace this model made).
     */
    @Test
    void aRootThatEnteredLastShowsNoStep() {
        double[] out = new double[4];
        int n = TreeSteps.gathered(out, new double[] {100, 50, 50, 50}, new double[] {100, 70, 50, 50}, new int[] {0, 1, 2, 3}, 0, 4, 4, false);
        assertArrayEquals(new double[] {20}, java.util.Arrays.copyOf(out, n), 1e-12);
    }
}
