package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * What a broadcast instance's members show of a tree ({@link BroadcastTree}; definitions section 9, issue 34 item 12):
 * on the members' measured enters, the model of {@link ReplayCosts#rooted} gives each member's leave as a function of
 * the step cost c, the largest of lines {@code a_s + s c}: a member v other than the root receives at
 * {@code recv(v) = max(enter(v) + c, enter(root) + step(v) c)}; it leaves then, or (a tree that waits, rendezvous) at
 * the latest of its own and its children's {@code recv}; the root at {@code enter + rootSends c} (rendezvous: it
 * waits for its sends; waiting for its children: the latest of their {@code recv}) or, eager, at its enter. A member's
 * sample is the c at which that function reaches its measured leave ({@link TreeSteps#solve}); a member whose leave does
 * not depend on c gives none. How far the model is from the measured leaves at the instance's fitted c ({@link
 * #error}) tells the trees apart.
 */
final class BroadcastSteps {
    /** Instances of more members than this are not used to choose the tree (their lines would take {@code P k} doubles). */
    static final int MOST_MEMBERS = 4096;

    private final double[] enter, leave;
    private final int size;
    private final int[] kids;
    private final java.util.Map<BroadcastTree, int[]> steps = new java.util.HashMap<>();
    private double[] lines, received;
    private int[] step;
    private int k;

    /** For instances of {@code size} members. */
    BroadcastSteps(int size) {
        this.size = size;
        enter = new double[size];
        leave = new double[size];
        kids = new int[64];
    }

    /**
     * Takes the instance whose {@code count} members' enters, leaves and relative ranks are at {@code from}; false when a
     * member's place is unknown or not every member is there (the instance is then fitted as a synchronising one).
     */
    boolean take(double[] enters, double[] leaves, int[] places, int from, int count) {
        if (count != size) {
            return false;
        }
        Arrays.fill(enter, Double.NaN);
        for (int i = from; i < from + count; i++) {
            int v = places[i];
            if (v < 0 || v >= size || !Double.isNaN(enter[v])) {
                return false;
            }
            enter[v] = enters[i];
            leave[v] = leaves[i];
        }
        return true;
    }

    /** The lines of every member's leave in {@code tree} (per member {@code k} of them, a_s at {@code v * k + s}). */
    private void model(BroadcastTree tree, boolean rendezvous) {
        step = steps.computeIfAbsent(tree, t -> {
            int[] a = new int[size];
            for (int v = 1; v < size; v++) {
                a[v] = t.step(v, size);
            }
            return a;
        });
        k = 2 + Arrays.stream(step).max().orElse(0) + (rendezvous ? tree.rootSends(size) : 0);
        if (lines == null || lines.length < size * k) {
            lines = new double[size * k];
            received = new double[size * k];
        }
        Arrays.fill(lines, 0, size * k, Double.NEGATIVE_INFINITY);
        Arrays.fill(received, 0, size * k, Double.NEGATIVE_INFINITY);
        double root = enter[0];
        boolean full = !tree.equals(BroadcastTree.DEFAULT);
        // received(v): max(enter(v) + c, received(parent) + pos(v) c) (the default tree: the root's enter + step(v) c)
        received[0] = root;
        for (int v = 1; v < size; v++) {
            int at = v * k;
            received[at + 1] = enter[v];
            if (full) {
                int p = tree.parent(v), pos = step[v] - step[p];
                for (int s = 0; s + pos < k; s++) {
                    received[at + s + pos] = Math.max(received[at + s + pos], received[p * k + s]);
                }
            } else {
                received[at + step[v]] = Math.max(received[at + step[v]], root);
            }
        }
        boolean waits = rendezvous && tree.waits();
        for (int v = 0; v < size; v++) {
            int at = v * k;
            if (v == 0 && rendezvous && !waits) {
                lines[at + tree.rootSends(size)] = root;
            } else {
                System.arraycopy(received, at, lines, at, k);
            }
            if (waits) {
                int n = tree.childrenOf(v, size, kids);
                for (int i = 0; i < n; i++) {
                    for (int s = 0; s < k; s++) {
                        lines[at + s] = Math.max(lines[at + s], received[kids[i] * k + s]);
                    }
                }
            }
        }
    }

    /** Into {@code out}, the samples of the instance taken, in {@code tree}; how many. */
    int samples(double[] out, BroadcastTree tree, boolean rendezvous) {
        model(tree, rendezvous);
        int n = 0;
        double[] line = new double[k];
        for (int v = 0; v < size; v++) {
            System.arraycopy(lines, v * k, line, 0, k);
            double c = TreeSteps.solve(line, leave[v]);
            if (!Double.isNaN(c)) {
                out[n++] = c;
            }
        }
        return n;
    }

    /**
     * The step cost (at least 0) at which the model's leaves add up to the measured ones, so that its instances add up to
     * the run's time as the measured ones do (the sum of a member's {@code max_s (a_s + s c)} rises with c, convex:
     * Newton's steps from above it reach the root exactly); 0 when the model at c = 0 is already late.
     */
    double unbiased() {
        if (bias(0) >= 0) {
            return 0;
        }
        double c = 1;
        while (bias(c) < 0 && c < 1e9) {
            c *= 2;
        }
        for (int i = 0; i < 200; i++) {
            double f = bias(c), slope = slope(c);
            if (f <= 0 || slope <= 0) {
                break;
            }
            double next = Math.max(0, c - f / slope);
            if (!(next < c)) {
                break;
            }
            c = next;
        }
        return c;
    }

    /** Sum over members of (modelled leave at c - measured leave). */
    private double bias(double c) {
        double sum = 0;
        for (int v = 0; v < size; v++) {
            sum += at(v, c) - leave[v];
        }
        return sum;
    }

    /** The slope of {@link #bias} at c from the right: per member the most steps s of a line that is largest at c. */
    private double slope(double c) {
        double sum = 0;
        for (int v = 0; v < size; v++) {
            double top = at(v, c);
            int steepest = 0;
            for (int s = 0; s < k; s++) {
                if (lines[v * k + s] + s * c >= top) {
                    steepest = s;
                }
            }
            sum += steepest;
        }
        return sum;
    }

    /** Member v's modelled leave at c. */
    private double at(int v, double c) {
        double at = Double.NEGATIVE_INFINITY;
        for (int s = 0; s < k; s++) {
            at = Math.max(at, lines[v * k + s] + s * c);
        }
        return at;
    }

    /** The sum over members of |modelled leave - measured leave| with step cost c (after {@link #samples} of the same tree). */
    double error(double c) {
        double sum = 0;
        for (int v = 0; v < size; v++) {
            sum += Math.abs(at(v, c) - leave[v]);
        }
        return sum;
    }
}
