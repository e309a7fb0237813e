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

    /** The cost of a collective instance of {@code family} (null: no modelled traffic, 0) with {@code members}, S = {@code bytes}. */
    static double collective(ReplayParameters params, CollectiveFamily family, int members, long bytes) {
        return family == null ? 0 : family.cost(params.latency(family), params.bandwidth(family), members, bytes);
    }
}
