package org.igtrace.core.replay;

/**
 * The replay's cost model (definitions section 9): what a message and a collective instance cost on the
 * model machine. A message of {@code S} bytes from p to q costs {@code latency(p, q) + S / B}
 * ({@link ReplayParameters#transfer}); a collective instance its family's formula
 * ({@link CollectiveFamily#cost}) with the family's own latency and bandwidth when the calibration fitted
 * them, else L and B. With endpoint contention a message's bandwidth is shared ({@link EndpointShares}).
 */
final class ReplayCosts {
    private ReplayCosts() {
    }

    /**
     * The time message k of channel ch, of {@code bytes}, takes from p to q once both sides let it go: with endpoint
     * contention ({@code shares}, null: none, used where {@code params} asks for it) n transfers share the bandwidth,
     * {@code latency + n S / B}.
     */
    static double message(ReplayParameters params, int p, int q, long bytes, byte[][] shares, int ch, long k) {
        int n = shares == null || !params.contention() || k >= shares[ch].length ? 1 : shares[ch][(int) k];
        return params.transfer(p, q, n == 1 ? bytes : bytes * n);
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
        double c = family.step(params.latency(family), params.bandwidth(family), members, bytes);
        if (v == 0) {
            return bytes < params.eagerLimit() ? enter : enter + CollectiveFamily.steps(members) * c;
        }
        return Math.max(enter, rootEnter + (CollectiveTree.depth(v) - 1) * c) + c;
    }

    /** The cost of a collective instance of {@code family} (null: no modelled traffic, 0) with {@code members}, S = {@code bytes}. */
    static double collective(ReplayParameters params, CollectiveFamily family, int members, long bytes) {
        return family == null ? 0 : family.cost(params.latency(family), params.bandwidth(family), members, bytes);
    }
}
