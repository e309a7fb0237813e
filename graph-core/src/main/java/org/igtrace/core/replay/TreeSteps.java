package org.igtrace.core.replay;

import java.util.Arrays;

/**
 * The step costs an all-to-one instance's members show (definitions section 9, issue 34): the model of {@link
 * ReplayCosts#towardRoot} gives, on the members' measured enters, each member's leave as a function of the step cost
 * c, the largest of lines {@code a_k + k c} (k steps of c on the way from some member's enter to this one's leave);
 * the member's sample is the c at which that function reaches its measured leave M: 0 when it is past M already at
 * c = 0, else {@code min over k > 0 of (M - a_k) / k} (the function is the maximum of rising lines, so the first line
 * to reach M decides). A member whose leave does not depend on c (an eager leaf, k = 0 only) gives none, nor does one
 * that left at its own entry (it entered last: any c up to a bound gives that leave).
 */
final class TreeSteps {
    private TreeSteps() {
    }

    /**
     * Into {@code out}, the samples of the instance whose {@code count} members' enters, leaves and relative ranks are at
     * {@code from} of {@code enters}, {@code leaves}, {@code places}; how many (0: a member's place unknown, or not
     * every member there: the instance is fitted as a synchronising one).
     */
    static int gathered(double[] out, double[] enters, double[] leaves, int[] places, int from, int count, int size, boolean rendezvous) {
        if (count != size) {
            return 0;
        }
        double[] enter = new double[size], leave = new double[size];
        Arrays.fill(enter, Double.NaN);
        for (int i = from; i < from + count; i++) {
            int v = places[i];
            if (v < 0 || v >= size || !Double.isNaN(enter[v])) {
                return 0;
            }
            enter[v] = enters[i];
            leave[v] = leaves[i];
        }
        int k = ReplayCosts.steps(size) + 2;
        // lines[v * k + s]: the latest a_s of ready(v) = max_s (a_s + s c); children are above their parent
        double[] lines = new double[size * k];
        Arrays.fill(lines, Double.NEGATIVE_INFINITY);
        double[] line = new double[k];
        int n = 0;
        for (int v = size - 1; v >= 0; v--) {
            int at = v * k;
            lines[at] = enter[v];
            for (int u = CollectiveTree.firstChild(v); u < size && u > v; u = CollectiveTree.nextChild(v, u)) {
                for (int s = 0; s + 1 < k; s++) { // the step from u: ready(u) + c
                    lines[at + s + 1] = Math.max(lines[at + s + 1], lines[u * k + s]);
                }
                if (rendezvous) { // it starts once v is there too: enter(v) + c
                    lines[at + 1] = Math.max(lines[at + 1], enter[v]);
                }
            }
            if (v == 0 || !rendezvous) {
                System.arraycopy(lines, at, line, 0, k);
            } else { // max(ready(v), enter(parent)) + c
                Arrays.fill(line, Double.NEGATIVE_INFINITY);
                for (int s = 0; s + 1 < k; s++) {
                    line[s + 1] = lines[at + s];
                }
                line[1] = Math.max(line[1], enter[CollectiveTree.parent(v)]);
            }
            double c = solve(line, leave[v]);
            if (!Double.isNaN(c)) {
                out[n++] = c;
            }
        }
        return n;
    }

    /**
     * The c at which {@code max_s (line[s] + s c)} reaches m (at least 0); NaN when it does not depend on c, or when m is
     * no later than {@code line[0]}, the member's own entry (a root that entered last leaves at once whatever c is, up to
     * a bound: taking its 0 halved the fitted step cost of a trace the model itself had made).
     */
    static double solve(double[] line, double m) {
        double atZero = Double.NEGATIVE_INFINITY, c = Double.POSITIVE_INFINITY;
        boolean depends = false;
        for (int s = 0; s < line.length; s++) {
            atZero = Math.max(atZero, line[s]);
            if (s > 0 && line[s] > Double.NEGATIVE_INFINITY) {
                depends = true;
                c = Math.min(c, (m - line[s]) / s);
            }
        }
        if (!depends || m <= line[0]) { // left at its own entry (it entered last): its leave bounds c from above only
            return Double.NaN;
        }
        return m <= atZero ? 0 : c;
    }
}
