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
    private final double[] enter, leave;
    private final int size;
    private final int[] kids;
    private final java.util.Map<BroadcastTree, int[]> steps = new java.util.HashMap<>();
    private double[] lines;
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
        }
        Arrays.fill(lines, 0, size * k, Double.NEGATIVE_INFINITY);
        double root = enter[0];
        boolean waits = rendezvous && tree.waits();
        for (int v = 0; v < size; v++) {
            int at = v * k;
            if (v == 0) {
                if (!rendezvous) {
                    lines[at] = root;
                } else if (!waits) {
                    lines[at + tree.rootSends(size)] = root;
                } else {
                    lines[at] = root;
                }
            } else {
                recv(v, at);
            }
            if (waits) {
                int n = tree.childrenOf(v, size, kids);
                for (int i = 0; i < n; i++) {
                    recv(kids[i], at);
                }
            }
        }
    }

    /** Raises the lines at {@code at} to member u's receive, {@code max(enter(u) + c, enter(root) + step(u) c)}. */
    private void recv(int u, int at) {
        lines[at + 1] = Math.max(lines[at + 1], enter[u]);
        int s = step[u];
        lines[at + s] = Math.max(lines[at + s], enter[0]);
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

    /** The sum over members of |modelled leave - measured leave| with step cost c (after {@link #samples} of the same tree). */
    double error(double c) {
        double sum = 0;
        for (int v = 0; v < size; v++) {
            double at = Double.NEGATIVE_INFINITY;
            for (int s = 0; s < k; s++) {
                at = Math.max(at, lines[v * k + s] + s * c);
            }
            sum += Boolean.getBoolean("igtrace.sq") ? (at - leave[v]) * (at - leave[v]) : Math.abs(at - leave[v]); // TEMP
        }
        return sum;
    }
}
