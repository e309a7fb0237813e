package org.igtrace.core.replay;

/**
 * The tree a broadcast (the one-to-all family) goes down, and whether an inner member waits for its children (definitions
 * section 9, issue 34 item 12); the calibration chooses one of {@link #CANDIDATES} by the members' measured leaves
 * ({@link BroadcastSteps}). Members are named by relative rank v ({@link CollectiveTree}). Shapes:
 * <ul>
 * <li>{@link Shape#BINOMIAL}: parent {@code v - 2^(d(v) - 1)}, children {@code v + 2^k} for {@code 2^k > v} served
 * smallest subtree first (Open MPI's {@code bmtree}, SimGrid's, LogGOPSim's); v is reached at step {@code d(v) =
 * floor(log2 v) + 1}.</li>
 * <li>{@link Shape#KNOMIAL2}, {@link Shape#KNOMIAL4}: the k-nomial tree (k = 2, 4) served largest subtree first: the
 * parent of v clears v's lowest non-zero base-k digit; v's children are {@code v + j m} for {@code j = 1 .. k - 1} and
 * every power m of k below v's lowest non-zero digit's place (the root: below P), the largest m first (Open MPI's
 * {@code kmtree}; with k = 2 MPICH's binomial broadcast).</li>
 * </ul>
 * A member sends to its children one after the other, a step each: its i-th child is reached {@code i} steps after
 * itself, so {@code step(v) = step(parent) + position of v among its parent's children}. With everybody there, a
 * broadcast of c a step reaches v at {@code step(v) c} after the root's enter. Without waiting ({@code waits}
 * false: the model of issue 34) a member other than the root leaves once it has the data; with it (a rendezvous
 * broadcast only: Open MPI's tree broadcast posts a send per child and waits for them all) once its children have it
 * too.
 *
 * @param shape the tree
 * @param waits whether an inner member leaves only once its children received (rendezvous broadcasts)
 */
public record BroadcastTree(Shape shape, boolean waits) {
    /** A tree's shape. */
    public enum Shape {
        BINOMIAL("binomial", 2), KNOMIAL2("2-nomial (largest subtree first)", 2), KNOMIAL4("4-nomial (largest subtree first)", 4);

        private final String words;
        private final int radix;

        Shape(String words, int radix) {
            this.words = words;
            this.radix = radix;
        }

        /** Its name in the output. */
        public String words() {
            return words;
        }
    }

    /** The model of issue 34 (a binomial tree, nobody waiting for its children): a one-to-all family's without a fit. */
    public static final BroadcastTree DEFAULT = new BroadcastTree(Shape.BINOMIAL, false);

    /** The trees the calibration chooses from, {@link #DEFAULT} first (it is kept on a tie). */
    static final BroadcastTree[] CANDIDATES = {DEFAULT, new BroadcastTree(Shape.BINOMIAL, true), new BroadcastTree(Shape.KNOMIAL2, false),
        new BroadcastTree(Shape.KNOMIAL2, true), new BroadcastTree(Shape.KNOMIAL4, false), new BroadcastTree(Shape.KNOMIAL4, true)};

    /** Its name in the output, e.g. "4-nomial (largest subtree first), an inner member leaving once its children received". */
    public String words() {
        return shape.words + (waits ? " tree, a member leaving once its children received" : " tree, a member leaving once it received");
    }

    /** The step at which member v (relative rank, 0 the root) of P receives when everybody is there; 0 for the root. */
    int step(int v, int members) {
        if (shape == Shape.BINOMIAL) {
            return CollectiveTree.depth(v);
        }
        int k = shape.radix, step = 0;
        while (v > 0) {
            int m = 1;
            while (v / m % k == 0) {
                m *= k;
            }
            int parent = v - v / m % k * m;
            step += position(parent, v, m, members);
            v = parent;
        }
        return step;
    }

    /** v's parent (v above 0). */
    int parent(int v) {
        if (shape == Shape.BINOMIAL) {
            return CollectiveTree.parent(v);
        }
        int k = shape.radix, m = 1;
        while (v / m % k == 0) {
            m *= k;
        }
        return v - v / m % k * m;
    }

    /** v's place (1 = first) among the children of its parent p, v = p + j m. */
    private int position(int p, int v, int m, int members) {
        int k = shape.radix, before = 0;
        for (long mm = top(p, members); mm > m; mm /= k) {
            before += children(p, (int) mm, members);
        }
        return before + (v - p) / m;
    }

    /** How many children p has at place m: {@code p + j m < P} for j = 1 .. k - 1. */
    private int children(int p, int m, int members) {
        long left = (long) members - 1 - p;
        return (int) Math.min(shape.radix - 1, Math.max(0, left / m));
    }

    /** The largest place m at which p has children: the largest power of k below p's lowest non-zero digit's place (the root: below P). */
    private long top(int p, int members) {
        int k = shape.radix;
        long limit;
        if (p == 0) {
            limit = members;
        } else {
            limit = 1;
            while (p / limit % k == 0) {
                limit *= k;
            }
        }
        long m = 1;
        while (m * k < limit && m * k < members) {
            m *= k;
        }
        return m < limit && m < members ? m : 0;
    }

    /** How many sends the root makes (its children), the steps a rendezvous root takes: l for the binomial tree. */
    int rootSends(int members) {
        if (shape == Shape.BINOMIAL) {
            return ReplayCosts.steps(members);
        }
        int n = 0;
        for (long m = top(0, members); m > 0; m /= shape.radix) {
            n += children(0, (int) m, members);
        }
        return n;
    }

    /** Into {@code out}, v's children (relative ranks) in a tree of P; how many. */
    int childrenOf(int v, int members, int[] out) {
        int n = 0;
        if (shape == Shape.BINOMIAL) {
            for (int u = CollectiveTree.firstChild(v); u < members && u > v; u = CollectiveTree.nextChild(v, u)) {
                out[n++] = u;
            }
            return n;
        }
        for (long m = top(v, members); m > 0; m /= shape.radix) {
            for (int j = 1; j < shape.radix && v + j * m < members; j++) {
                out[n++] = (int) (v + j * m);
            }
        }
        return n;
    }
}
