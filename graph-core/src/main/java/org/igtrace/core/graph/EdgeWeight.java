package org.igtrace.core.graph;

import org.igtrace.core.profile.PairTraffic;

/** Which number of a pair is its edge weight (definitions section 4), for the tree and for {@code weight}. */
public enum EdgeWeight {
    /** {@code c_ij}: the average message size in bytes (the paper's weight, the default). */
    AVG,
    /** {@code v_ij}: all bytes between the pair. */
    BYTES,
    /** {@code s_ij}: the number of messages between the pair. */
    MESSAGES,
    /** Seconds the pair waited for each other (definitions section 8): the tree becomes who delays whom. */
    WAIT;

    /** The weight of a pair with this traffic that waited {@code waitSeconds} for each other. */
    public double of(PairTraffic pair, double waitSeconds) {
        return switch (this) {
            case AVG -> pair.averageBytes();
            case BYTES -> pair.bytes();
            case MESSAGES -> pair.messages();
            case WAIT -> waitSeconds;
        };
    }

    /** The lower-case name used on the command line and in outputs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
