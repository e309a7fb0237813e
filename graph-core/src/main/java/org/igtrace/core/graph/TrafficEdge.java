package org.igtrace.core.graph;

import org.igtrace.core.profile.PairTraffic;

/**
 * An edge of the information graph: the traffic of one pair of processes. Edges compare by
 * identity, as JGraphT requires of edge objects.
 */
public final class TrafficEdge {
    private final PairTraffic traffic;

    public TrafficEdge(PairTraffic traffic) {
        this.traffic = traffic;
    }

    public PairTraffic traffic() {
        return traffic;
    }

    @Override
    public String toString() {
        return "{" + traffic.a() + "," + traffic.b() + "}";
    }
}
