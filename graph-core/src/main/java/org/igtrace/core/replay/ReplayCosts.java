package org.igtrace.core.replay;

/**
 * The replay's cost model (definitions section 9), in one place: what a compute burst, a message and a collective
 * instance cost on the model machine ({@link ReplayParameters}). A compute burst measured {@code t} costs
 * {@code t / r}. A message of {@code S} bytes from p to q costs {@code latency(p, q) + S / B}: between two ranks of
 * one node the local latency and bandwidth, else L plus H per hop of the route; with endpoint contention n transfers
 * posted together share the bandwidth, {@code latency + n S / B} ({@link EndpointShares}). A collective instance of
 * {@code P} members, {@code l = ceil(log2 P)} steps and {@code S} the most bytes any member sent costs its family's
 * ({@link CollectiveFamily}) {@code divisor(P) * (L_f + stepBytes(P, S) / B_f)} with the family's own latency and
 * bandwidth when the calibration fitted them, else L and B: barrier {@code l * L}; one-to-all and all-to-one
 * {@code l * (L + S / B)}; all-reduce, all-gather, reduce-scatter, scan {@code 2 l (L + S / B)}; all-to-all
 * {@code (P - 1) (L + S / (P - 1) / B)}; a rooted family's member leaves by its place in the binomial tree
 * ({@link #rooted}), a rendezvous broadcast's in the tree its calibration chose ({@link BroadcastTree}).
 */
final class ReplayCosts {
    private ReplayCosts() {
    }

    /** A compute burst measured {@code seconds} long on a machine computing {@code cpuRatio} times faster. */
    static double compute(double seconds, double cpuRatio) {
        return cpuRatio == 1 ? seconds : seconds / cpuRatio;
    }

    /** {@code latency(p, q) + S / B}: the time a message of {@code bytes} takes from p to q. */
    static double transfer(ReplayParameters params, int p, int q, long bytes) {
        double l, b;
        ReplayParameters.Network network = params.network();
        if (network != null && network.sameNode(p, q)) {
            l = params.localLatency();
            b = params.localBandwidth();
        } else {
            l = params.latency() + (network == null || params.hopLatency() == 0 ? 0 : params.hopLatency() * network.hops(p, q));
            b = params.bandwidth();
        }
        return l + (Double.isInfinite(b) ? 0 : bytes / b);
    }

    /**
     * The time message k of channel ch, of {@code bytes}, takes from p to q once both sides let it go: with endpoint
     * contention ({@code shares}, null: none, used where {@code params} asks for it) n transfers share the bandwidth,
     * {@code latency + n S / B}.
     */
    static double message(ReplayParameters params, int p, int q, long bytes, byte[][] shares, int ch, long k) {
        int n = shares == null || !params.contention() || k >= shares[ch].length ? 1 : shares[ch][(int) k];
        return transfer(params, p, q, n == 1 ? bytes : bytes * n);
    }

    /**
     * When member v (its relative rank, {@link CollectiveTree}) of a rooted instance of {@code family} ({@link
     * CollectiveFamily#rooted}) leaves, having entered at {@code enter}, the root at {@code rootEnter}: with one step
     * costing {@code c = L_f + S / B_f}, the root leaves once it sent its l steps, {@code enter + l c}, or at its enter
     * when S is below the eager limit (its sends complete at their post, as an eager send does); a receiver at depth
     * d(v) once its own step, which starts when both it and its parent are there, is done:
     * {@code max(enter, rootEnter + (d(v) - 1) c) + c}. Not synchronising: nobody waits for a member other than the
     * root (and the tree above it, at the root's pace).
     */
    static double rooted(ReplayParameters params, CollectiveFamily family, int members, long bytes, int v, double enter, double rootEnter) {
        return rooted(params, family, members, bytes, v, enter, rootEnter, BroadcastTree.DEFAULT, null, 1, 0);
    }

    /**
     * {@link #rooted(ReplayParameters, CollectiveFamily, int, long, int, double, double)} down {@code tree} (issue 34 item
     * 12), the members' enters by relative rank at {@code enters[w * models + j]}: when S is at least the eager limit, the
     * tree is not {@link BroadcastTree#DEFAULT} and the enters are known, member u, the i-th child of p, receives at
     * {@code recv(u) = max(enter(u), recv(p) + (i - 1) c) + c} ({@code recv(root) = its enter}); a member leaves at
     * {@code recv(v)} (the root at {@code enter + rootSends c}) or, when the tree waits, at the latest of that (the root: its
     * enter) and each child's {@code recv}. Otherwise as the default tree.
     */
    static double rooted(ReplayParameters params, CollectiveFamily family, int members, long bytes, int v, double enter, double rootEnter,
            BroadcastTree tree, double[] enters, int models, int j) {
        double c = step(family, latency(params, family), bandwidth(params, family), members, bytes);
        boolean rendezvous = bytes >= params.eagerLimit();
        if (!rendezvous || enters == null || tree.equals(BroadcastTree.DEFAULT)) {
            if (v == 0) {
                return !rendezvous ? enter : enter + steps(members) * c;
            }
            return Math.max(enter, rootEnter + (CollectiveTree.depth(v) - 1) * c) + c;
        }
        double own = v == 0 ? (tree.waits() ? enter : enter + tree.rootSends(members) * c) : received(tree, members, v, c, enters, models, j);
        if (!tree.waits()) {
            return own;
        }
        int[] kids = new int[64];
        int n = tree.childrenOf(v, members, kids);
        for (int i = 0; i < n; i++) {
            own = Math.max(own, received(tree, members, kids[i], c, enters, models, j));
        }
        return own;
    }

    /** The latest enter of v's children in {@code tree} (enters by relative rank as in {@link #rooted}); -inf without children. */
    static double latestChild(BroadcastTree tree, int members, int v, double[] enters, int models, int j) {
        int[] kids = new int[64];
        int n = tree.childrenOf(v, members, kids);
        double latest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            latest = Math.max(latest, enters[kids[i] * models + j]);
        }
        return latest;
    }

    /** When member v receives in {@code tree}: the root at its enter, else {@code max(enter(v), received(parent) + (pos(v) - 1) c) + c}. */
    private static double received(BroadcastTree tree, int members, int v, double c, double[] enters, int models, int j) {
        if (v == 0) {
            return enters[j];
        }
        int p = tree.parent(v);
        int pos = tree.step(v, members) - tree.step(p, members);
        return Math.max(enters[v * models + j], received(tree, members, p, c, enters, models, j) + (pos - 1) * c) + c;
    }

    /** The tree broadcasts go down in {@code params}: the fitted one, else {@link BroadcastTree#DEFAULT}. */
    static BroadcastTree tree(ReplayParameters params) {
        ReplayParameters.CollectiveNetwork c = params.collectives();
        return c == null || c.broadcast() == null ? BroadcastTree.DEFAULT : c.broadcast();
    }

    /**
     * When member v (its relative rank, {@link CollectiveTree}) of an all-to-one instance (Reduce, Gather: {@link
     * CollectiveFamily#gathers}) leaves in model j, the members' enters by relative rank at {@code enters[w * models +
     * j]}: the data goes up the binomial tree down which a broadcast goes, a step costing {@code c = L_f + S / B_f}.
     * Member v holds its subtree's data at {@code ready(v) = max(enter(v), max over its children u of start(u) + c)}, its
     * children being {@code u = v + 2^k < P} with {@code 2^k > v}; the step from u starts when u holds its subtree's
     * data, {@code start(u) = ready(u)} when S is below the eager limit, else (rendezvous) once its parent is there too,
     * {@code max(ready(u), enter(v))}. The root leaves at {@code ready(0)}; another member once its own step is done: at
     * {@code ready(v)} when eager (its send completes at its post), else at {@code max(ready(v), enter(parent(v))) + c}.
     * Not synchronising: a member waits only for its subtree (and, rendezvous, its parent). Sets
     * {@code waitedUntil[j]} to at least the latest start of a step it waited for.
     */
    static double towardRoot(ReplayParameters params, CollectiveFamily family, int members, long bytes, int v, double[] enters, int models,
            int j, double[] waitedUntil) {
        double c = step(family, latency(params, family), bandwidth(params, family), members, bytes);
        boolean rendezvous = bytes >= params.eagerLimit();
        double ready = enters[v * models + j], lastStart = ready;
        for (int u = CollectiveTree.firstChild(v); u < members && u > v; u = CollectiveTree.nextChild(v, u)) {
            double start = ready(c, rendezvous, members, u, enters, models, j);
            start = rendezvous ? Math.max(start, enters[v * models + j]) : start;
            lastStart = Math.max(lastStart, start);
            ready = Math.max(ready, start + c);
        }
        if (v == 0 || !rendezvous) {
            waitedUntil[j] = Math.max(waitedUntil[j], lastStart);
            return ready;
        }
        double parent = enters[CollectiveTree.parent(v) * models + j];
        waitedUntil[j] = Math.max(waitedUntil[j], Math.max(lastStart, parent));
        return Math.max(ready, parent) + c;
    }

    /** {@code ready(v)} of {@link #towardRoot}. */
    private static double ready(double c, boolean rendezvous, int members, int v, double[] enters, int models, int j) {
        double own = enters[v * models + j], ready = own;
        for (int u = CollectiveTree.firstChild(v); u < members && u > v; u = CollectiveTree.nextChild(v, u)) {
            double start = ready(c, rendezvous, members, u, enters, models, j);
            ready = Math.max(ready, (rendezvous ? Math.max(start, own) : start) + c);
        }
        return ready;
    }

    /** The cost of a collective instance of {@code family} (null: no modelled traffic, 0) with {@code members}, S = {@code bytes}. */
    static double collective(ReplayParameters params, CollectiveFamily family, int members, long bytes) {
        return family == null ? 0 : cost(family, latency(params, family), bandwidth(params, family), members, bytes);
    }

    /** The latency collectives of family f cost with: its fitted {@code L_f}, else L. */
    static double latency(ReplayParameters params, CollectiveFamily f) {
        ReplayParameters.CollectiveNetwork c = params.collectives();
        double l = c == null ? Double.NaN : c.latency()[f.ordinal()];
        return Double.isNaN(l) ? params.latency() : l;
    }

    /** The bandwidth collectives of family f cost with: its fitted {@code B_f}, else B. */
    static double bandwidth(ReplayParameters params, CollectiveFamily f) {
        ReplayParameters.CollectiveNetwork c = params.collectives();
        double b = c == null ? Double.NaN : c.bandwidth()[f.ordinal()];
        return Double.isNaN(b) ? params.bandwidth() : b;
    }

    /** {@code l = ceil(log2 P)}. */
    static int steps(int members) {
        return members <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(members - 1);
    }

    /** How many times the family's formula counts {@code L + x / B}: l, 2 l, or P - 1. */
    static int divisor(CollectiveFamily f, int members) {
        return switch (f) {
            case BARRIER, ONE_TO_ALL, ALL_TO_ONE -> steps(members);
            case ALL_REDUCE -> 2 * steps(members);
            case ALL_TO_ALL -> Math.max(0, members - 1);
        };
    }

    /** The bytes {@code x} of one step: none for a barrier, S / (P - 1) for all-to-all, else S. */
    static double stepBytes(CollectiveFamily f, int members, long bytes) {
        return switch (f) {
            case BARRIER -> 0;
            case ALL_TO_ALL -> members <= 1 ? 0 : (double) bytes / (members - 1);
            default -> bytes;
        };
    }

    /** One step's cost {@code L + x / B} with latency {@code l} and bandwidth {@code b}. */
    static double step(CollectiveFamily f, double l, double b, int members, long bytes) {
        return l + (f == CollectiveFamily.BARRIER || Double.isInfinite(b) ? 0 : stepBytes(f, members, bytes) / b);
    }

    /** The family's cost with latency {@code l} and bandwidth {@code b} (bytes/s, may be infinite). */
    static double cost(CollectiveFamily f, double l, double b, int members, long bytes) {
        int d = divisor(f, members);
        if (d == 0) {
            return 0;
        }
        if (f == CollectiveFamily.BARRIER) {
            return d * l;
        }
        return d * (l + (Double.isInfinite(b) ? 0 : stepBytes(f, members, bytes) / b));
    }
}
