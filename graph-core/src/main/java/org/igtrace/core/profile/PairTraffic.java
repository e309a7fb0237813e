package org.igtrace.core.profile;

/**
 * The traffic between two processes, both directions together (definitions section 4).
 *
 * @param a        the lower rank
 * @param b        the higher rank
 * @param bytes    {@code v_ij}: bytes sent a -> b plus bytes sent b -> a
 * @param messages {@code s_ij}: messages between them, each counted once
 */
public record PairTraffic(int a, int b, double bytes, long messages) {

    public PairTraffic {
        if (a >= b) {
            throw new IllegalArgumentException("pair must be ordered a < b: " + a + ", " + b);
        }
    }

    /** {@code c_ij = v_ij / s_ij}: the average message size in bytes (paper, formula 2). */
    public double averageBytes() {
        return messages == 0 ? 0.0 : bytes / messages;
    }
}
