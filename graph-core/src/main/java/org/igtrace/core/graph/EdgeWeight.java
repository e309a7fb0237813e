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
    WAIT,
    /** Seconds of the pair's messages on the critical path (definitions section 14). */
    CRITICAL,
    /** Seconds the pair waited for each other, as the delay costs charge it (definitions section 14). */
    DELAY;

    /** The weight of a pair with this traffic whose seconds (waiting, time on the critical path, delay) are {@code seconds}. */
    public double of(PairTraffic pair, double seconds) {
        return switch (this) {
            case AVG -> pair.averageBytes();
            case BYTES -> pair.bytes();
            case MESSAGES -> pair.messages();
            case WAIT, CRITICAL, DELAY -> seconds;
        };
    }

    /** Whether the weight is seconds (waiting, the critical path, delay), not bytes or messages. */
    public boolean seconds() {
        return this == WAIT || this == CRITICAL || this == DELAY;
    }

    /** Seconds per unordered pair (lower rank first), for the weights that {@link #seconds()} are. */
    @FunctionalInterface
    public interface PairSeconds {
        double of(int a, int b);

        /**
         * Pairs {a, b} that carry seconds but may have neither a message nor a wait (the critical path's jump from an
         * all-to-one collective's root to its last member): the graph gets their edges too (none by default).
         */
        default java.util.List<int[]> morePairs() {
            return java.util.List.of();
        }
    }

    /** The lower-case name used on the command line and in outputs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
