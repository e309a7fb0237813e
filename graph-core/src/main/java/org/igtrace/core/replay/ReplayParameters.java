package org.igtrace.core.replay;

import org.igtrace.core.topology.Placement;
import org.igtrace.core.topology.Topology;

/**
 * The model machine of a replay (definitions section 9).
 *
 * @param latency        {@code L}, seconds
 * @param bandwidth      {@code B}, bytes per second, may be {@link Double#POSITIVE_INFINITY}
 * @param eagerLimit     {@code E}, bytes: a message of fewer bytes is sent eagerly
 * @param cpuRatio       {@code r}: compute runs r times faster
 * @param hopLatency     {@code H}, seconds per hop of the route between two ranks' nodes (with a network)
 * @param network        the topology and placement routing the hops, or null (no hops, no shared nodes)
 * @param localLatency   latency between ranks placed on one node
 * @param localBandwidth bandwidth between ranks placed on one node
 * @param collectives    per collective family its own latency and bandwidth (the calibration's), or null: L and B
 * @param contention     whether transfers in flight from (into) one process share its bandwidth ({@link EndpointShares})
 * @param sendOverhead   {@code o}, seconds: the CPU time each send that completes at its post (eager, or non-blocking)
 *                       keeps its process in the call ({@link SendOverhead}); 0 on the ideal network
 * @param finalRelease   the measured release spread of the run's last collectives ({@link FinalRelease}), or null: none
 *                       (the ideal network has none)
 */
public record ReplayParameters(double latency, double bandwidth, long eagerLimit, double cpuRatio, double hopLatency,
                               Network network, double localLatency, double localBandwidth, CollectiveNetwork collectives,
                               boolean contention, double sendOverhead, FinalRelease finalRelease) {

    /** The default eager limit, 64 KiB. */
    public static final long DEFAULT_EAGER_LIMIT = 64 * 1024;

    /** A topology with the placement of ranks on its nodes. */
    public record Network(Topology topology, Placement placement) {
        boolean sameNode(int p, int q) {
            return placement.nodeOf(p) == placement.nodeOf(q);
        }

        /** Hops between the nodes of p and q, routed from the lower rank's node as the topology projection routes pairs. */
        int hops(int p, int q) {
            int a = Math.min(p, q), b = Math.max(p, q);
            return topology.hops(placement.nodeOf(a), placement.nodeOf(b));
        }
    }

    /**
     * Per collective family ({@link CollectiveFamily}, by ordinal) its latency {@code L_f} and bandwidth {@code B_f};
     * NaN where the family keeps the model's L or B.
     */
    public record CollectiveNetwork(double[] latency, double[] bandwidth, BroadcastTree broadcast) {
        public CollectiveNetwork {
            latency = latency.clone();
            bandwidth = bandwidth.clone();
        }

        /** With broadcasts down {@link BroadcastTree#DEFAULT}. */
        public CollectiveNetwork(double[] latency, double[] bandwidth) {
            this(latency, bandwidth, null);
        }

        /** The same with every family's latency (or bandwidth) that of the model: a given one replaces the fits. */
        CollectiveNetwork without(boolean latencies, boolean bandwidths) {
            double[] l = latency.clone(), b = bandwidth.clone();
            if (latencies) {
                java.util.Arrays.fill(l, Double.NaN);
            }
            if (bandwidths) {
                java.util.Arrays.fill(b, Double.NaN);
            }
            return new CollectiveNetwork(l, b, broadcast);
        }
    }

    /** Without a collective network: every family costs with L and B. */
    public ReplayParameters(double latency, double bandwidth, long eagerLimit, double cpuRatio, double hopLatency,
                            Network network, double localLatency, double localBandwidth) {
        this(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, null, false, 0);
    }

    /** Without a send overhead. */
    public ReplayParameters(double latency, double bandwidth, long eagerLimit, double cpuRatio, double hopLatency,
                            Network network, double localLatency, double localBandwidth, CollectiveNetwork collectives,
                            boolean contention) {
        this(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, collectives, contention, 0);
    }

    /** Without a final release spread. */
    public ReplayParameters(double latency, double bandwidth, long eagerLimit, double cpuRatio, double hopLatency,
                            Network network, double localLatency, double localBandwidth, CollectiveNetwork collectives,
                            boolean contention, double sendOverhead) {
        this(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, collectives, contention, sendOverhead,
                null);
    }

    public ReplayParameters {
        if (!(latency >= 0) || !(bandwidth > 0) || eagerLimit < 0 || !(cpuRatio > 0) || !(hopLatency >= 0)
                || !(localLatency >= 0) || !(localBandwidth > 0) || !(sendOverhead >= 0) || Double.isInfinite(sendOverhead)) {
            throw new IllegalArgumentException("replay parameters out of range: L=" + latency + " B=" + bandwidth + " E="
                    + eagerLimit + " r=" + cpuRatio + " H=" + hopLatency + " L_local=" + localLatency + " B_local=" + localBandwidth + " o=" + sendOverhead);
        }
    }

    /** A flat network: latency L, bandwidth B, no topology; local values equal to L and B. */
    public static ReplayParameters flat(double latency, double bandwidth, long eagerLimit, double cpuRatio) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, 0, null, latency, bandwidth);
    }

    private static final ReplayParameters IDEAL = flat(0, Double.POSITIVE_INFINITY, DEFAULT_EAGER_LIMIT, 1);

    /**
     * The ideal network of definitions section 9: L = 0, B = infinite, r = 1; its run time is {@code T_ideal}. Always
     * the same instance: {@link #isTheIdealNetwork} tells it from a given network of the same values (which keeps the
     * posting calls' durations as every model does; the ideal network keeps none).
     */
    public static ReplayParameters ideal() {
        return IDEAL;
    }

    /** Whether this is {@link #ideal()} itself, the network of {@code T_ideal}, not a model of the same values. */
    public boolean isTheIdealNetwork() {
        return this == IDEAL;
    }

    /**
     * Whether a replay on these parameters costs every message and collective as the ideal network does (L = 0,
     * B infinite on every path and for every collective family, r = 1, the default eager limit, no contention), so
     * that it gives the ideal replay's numbers: a calibration that finds no transfer time (the bench stencil) fits
     * the families' L_f = 0, B_f = inf, equal in cost but not {@link #equals} to {@link #ideal()}.
     */
    public boolean costsAsIdeal() {
        if (latency != 0 || bandwidth != Double.POSITIVE_INFINITY || eagerLimit != DEFAULT_EAGER_LIMIT || cpuRatio != 1
                || hopLatency != 0 || network != null || localLatency != 0 || localBandwidth != Double.POSITIVE_INFINITY || contention
                || sendOverhead != 0 || (finalRelease != null && finalRelease.largest() > 0)) {
            return false;
        }
        if (collectives != null) {
            if (collectives.broadcast() != null && collectives.broadcast().waits()) {
                return false; // a member waits for its children's enters even at no cost a step
            }
            for (double l : collectives.latency()) {
                if (!(Double.isNaN(l) || l == 0)) {
                    return false;
                }
            }
            for (double b : collectives.bandwidth()) {
                if (!(Double.isNaN(b) || b == Double.POSITIVE_INFINITY)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** These parameters with endpoint contention on or off. */
    public ReplayParameters withContention(boolean on) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, collectives, on, sendOverhead, finalRelease);
    }

    /** These parameters with the collective families' own latencies and bandwidths (null: L and B). */
    public ReplayParameters withCollectives(CollectiveNetwork c) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, c, contention, sendOverhead, finalRelease);
    }

    public ReplayParameters withLatency(double l) {
        return new ReplayParameters(l, bandwidth, eagerLimit, cpuRatio, hopLatency, network,
                localLatency == latency ? l : localLatency, localBandwidth, collectives == null ? null : collectives.without(true, false), contention, sendOverhead, finalRelease);
    }

    public ReplayParameters withBandwidth(double b) {
        return new ReplayParameters(latency, b, eagerLimit, cpuRatio, hopLatency, network, localLatency,
                localBandwidth == bandwidth ? b : localBandwidth, collectives == null ? null : collectives.without(false, true), contention, sendOverhead, finalRelease);
    }

    /** These parameters on {@code n}'s topology and placement (hop latency and local values as they are). */
    public ReplayParameters withNetwork(Network n) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, n, localLatency, localBandwidth, collectives, contention, sendOverhead, finalRelease);
    }

    public ReplayParameters withCpuRatio(double r) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, r, hopLatency, network, localLatency, localBandwidth, collectives, contention, sendOverhead, finalRelease);
    }

    /** These parameters with send overhead {@code o} seconds ({@link SendOverhead}; 0: none). */
    public ReplayParameters withSendOverhead(double o) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, collectives,
                contention, o, finalRelease);
    }

    /** These parameters with the run's last collectives releasing their members as measured ({@link FinalRelease}; null: at once). */
    public ReplayParameters withFinalRelease(FinalRelease f) {
        return new ReplayParameters(latency, bandwidth, eagerLimit, cpuRatio, hopLatency, network, localLatency, localBandwidth, collectives,
                contention, sendOverhead, f);
    }
}
